import { API } from '../../../domain/api-paths';
import { amountOf, type Decimal } from '../../../domain/decimal';
import { graCreateSchema, type GraLine, type GraListRow, type GraView } from '../../../domain/gra';
import type { LpoItem, LpoListRow } from '../../../domain/lpo';
import type { MaterialName } from '../../../domain/material';
import type { Vendor } from '../../../domain/vendor';
import type { MirrorDatabase, MirrorRow } from '../mirror/db';
import { defineOperation, newRow, putServerRow, type ReconcileContext } from '../outbox/operations';
import { addTo } from './stock';

/** A line of a GRA made on the device, kept inside its row until the server numbers the lines. */
export type DeviceGraLine = Pick<GraLine, 'lpo_item' | 'material' | 'material_name' | 'material_unit' | 'quantity_received' | 'quantity_accepted' | 'rate' | 'amount' | 'remarks'>;

/** A GRA on the device: a row the server sent, or one made offline with its lines inside. */
export type LocalGra = GraListRow & { gra_items?: DeviceGraLine[] };

/** Name and unit of materials, from the device's mirror (the user's materials, or every material's name). */
async function materialFacts(mirror: MirrorDatabase, ids: readonly number[]): Promise<Map<number, MaterialName>> {
  const found = [...((await mirror.rows('materials').bulkGet([...ids])) as (MaterialName | undefined)[]), ...((await mirror.rows('materialNames').bulkGet([...ids])) as (MaterialName | undefined)[])];
  return new Map(found.filter((m): m is MaterialName => m !== undefined).map((m) => [m.id, m]));
}

/** The server's GRA in place of the one made offline: the row in the list, its lines in their own table. */
async function reconcileGra(mirror: MirrorDatabase, serverRow: unknown, ctx: ReconcileContext): Promise<void> {
  const { gra_items: lines = [], lpo_date: _, ...gra } = serverRow as GraView;
  await mirror.transaction('rw', [mirror.rows('gras'), mirror.rows('graItems')], async () => {
    await putServerRow(mirror, 'gras', gra, ctx);
    await mirror.rows('graItems').bulkPut(lines.map(({ material_name: _n, material_unit: _u, amount: _a, ...line }) => line as MirrorRow));
  });
}

/** What the GRA's lines add up to, in the user's words. */
const linesWord = (count: number) => `${count} material${count === 1 ? '' : 's'}`;

/**
 * POST gra/gras/: goods received against an LPO (or without one, for a reason). Offline the GRA
 * shows at once, pending, with its lines inside; the materials' on hand and the LPO lines'
 * received quantities move by what was accepted. The server checks again (the LPO may have been
 * cancelled, the over-receipt tolerance passed) and a refusal goes to the Sync screen.
 */
export const createGra = defineOperation({
  name: 'gra.create',
  permission: 'gras.write',
  label: 'Goods received (GRA)',
  type: 'gras',
  schema: graCreateSchema,
  creates: true,
  request: (gra) => ({ method: 'POST', url: API.gras.list, body: gra }),
  touches: (gra) => [
    ...gra.gra_items.map((line) => ({ type: 'materials' as const, id: line.material })),
    ...gra.gra_items.map((line) => ({ type: 'lpoItems' as const, id: line.lpo_item })),
  ],
  apply: async (mirror, { gra_items: items, ...gra }, ctx) => {
    const lpo = gra.lpo != null ? ((await mirror.rows('lpos').get(gra.lpo)) as LpoListRow | undefined) : undefined;
    const vendorId = lpo?.vendor ?? gra.vendor ?? 0;
    const vendor = (await mirror.rows('vendors').get(vendorId)) as Vendor | undefined;
    const ordered = new Map(
      ((await mirror.rows('lpoItems').bulkGet(items.flatMap((i) => (i.lpo_item === undefined ? [] : [i.lpo_item])))) as (LpoItem | undefined)[])
        .filter((i): i is LpoItem => i !== undefined)
        .map((i) => [i.id, i]),
    );
    const materialIds = items.map((i) => i.material ?? (i.lpo_item !== undefined ? ordered.get(i.lpo_item)?.material : undefined)).filter((m): m is number => m !== undefined);
    const facts = await materialFacts(mirror, materialIds);
    const lines: DeviceGraLine[] = items.map((item) => {
      const lpoItem = item.lpo_item !== undefined ? ordered.get(item.lpo_item) : undefined;
      const material = item.material ?? lpoItem?.material ?? 0;
      const rate: Decimal = item.rate ?? lpoItem?.rate ?? '0';
      return {
        lpo_item: item.lpo_item ?? null,
        material,
        material_name: facts.get(material)?.name ?? '',
        material_unit: facts.get(material)?.unit ?? '',
        quantity_received: item.quantity_received,
        quantity_accepted: item.quantity_accepted,
        rate,
        amount: amountOf(item.quantity_accepted, rate),
        remarks: item.remarks,
      };
    });
    const row = {
      lpo: gra.lpo ?? null,
      vendor: vendorId,
      vendor_name: lpo?.vendor_name ?? vendor?.name ?? '',
      gra_date: gra.gra_date,
      invoice_number: gra.invoice_number,
      challan_number: gra.challan_number,
      remarks: gra.remarks,
      without_lpo_reason: gra.lpo != null ? null : (gra.without_lpo_reason ?? null),
      cancelled_at: null,
      cancellation_remarks: null,
      deleted_at: null,
      gra_items: lines,
    };
    const tables = [mirror.rows('gras'), mirror.rows('materials'), mirror.rows('lpoItems')];
    await mirror.transaction('rw', tables, async () => {
      await mirror.rows('gras').put(newRow(row, ctx));
      for (const line of lines) {
        await addTo(mirror, 'materials', line.material, 'quantity', line.quantity_accepted);
        await addTo(mirror, 'lpoItems', line.lpo_item, 'quantity_received', line.quantity_accepted);
      }
    });
  },
  reconcile: reconcileGra,
  summarize: async (mirror, gra) => {
    const lpo = gra.lpo != null ? ((await mirror.rows('lpos').get(gra.lpo)) as LpoListRow | undefined) : undefined;
    const vendor = lpo?.vendor_name ?? (gra.vendor !== undefined ? ((await mirror.rows('vendors').get(gra.vendor)) as Vendor | undefined)?.name : undefined);
    const from = [vendor, gra.lpo != null ? `against LPO ${gra.lpo}` : 'without an LPO'].filter(Boolean).join(' ');
    return `Received ${linesWord(gra.gra_items.length)} from ${from} on ${gra.gra_date}`;
  },
  describe: (gra) => `${linesWord(gra.gra_items.length)} ${gra.lpo != null ? `against LPO ${gra.lpo}` : 'without an LPO'}`,
});
