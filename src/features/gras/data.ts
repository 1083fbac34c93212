import { useLiveQuery } from 'dexie-react-hooks';
import { type Decimal } from '../../../domain/decimal';
import { stillReceivable, type GraItem } from '../../../domain/gra';
import { LPO_RECEIVING_STATUSES, type LpoItem, type LpoListRow } from '../../../domain/lpo';
import { amountOf } from '../../../domain/decimal';
import type { MaterialName } from '../../../domain/material';
import { mirror } from '../../data/mirror/db';
import type { DeviceGraLine, LocalGra } from '../../data/operations';

/** A GRA's name: its id, which is its number (a GRA made on the device has none yet). */
export const graTitle = (id: number) => (id > 0 ? `GRA ${id}` : 'New GRA');

/** An LPO's name in the GRA screens (the LPO's number is its id). */
export const lpoTitle = (id: number) => `LPO ${id}`;

/** Name and unit of materials, from the device's mirror. */
async function materialsOnDevice(ids: readonly number[]): Promise<Map<number, MaterialName>> {
  const unique = [...new Set(ids)];
  const found = [...((await mirror.rowsOf<MaterialName>('materials').bulkGet(unique)) as (MaterialName | undefined)[]), ...((await mirror.rowsOf<MaterialName>('materialNames').bulkGet(unique)) as (MaterialName | undefined)[])];
  return new Map(found.filter((m): m is MaterialName => m !== undefined).map((m) => [m.id, m]));
}

/** The GRAs in force on the device (those made offline too); undefined while it answers. */
export function useGras(): LocalGra[] | undefined {
  return useLiveQuery(async () => (await mirror.rowsOf<LocalGra>('gras').toArray()).filter((g) => !g.deleted_at && !g.cancelled_at), []);
}

/** A line the detail shows: a mirrored one carries its id and version (a line inside a GRA made offline has none yet). */
export type GraDetailLine = DeviceGraLine & { id?: number; version?: number };

/**
 * Whether a mirrored line belongs on its GRA's detail: a live one; of a cancelled GRA, also those
 * its cancellation removed (it shows what it had), never a line removed before it.
 */
const shownLine = (line: GraItem, cancelledAt: string | null | undefined) => !line.deleted_at || (!!cancelledAt && Date.parse(line.deleted_at) >= Date.parse(cancelledAt));

/** One GRA and its lines: those inside a GRA made offline, else the mirrored ones with their material. */
export function useGra(id: number): { gra: LocalGra | null; lines: GraDetailLine[] } | undefined {
  return useLiveQuery(async () => {
    const gra = (await mirror.rowsOf<LocalGra>('gras').get(id)) ?? null;
    if (gra?.gra_items) return { gra, lines: gra.gra_items };
    const items = (await mirror.rowsOf<GraItem>('graItems').where('gra').equals(id).toArray()).filter((l) => shownLine(l, gra?.cancelled_at)).sort((a, b) => a.id - b.id);
    const materials = await materialsOnDevice(items.map((l) => l.material));
    const lines = items.map((line) => ({
      ...line,
      material_name: materials.get(line.material)?.name ?? `Material ${line.material}`,
      material_unit: materials.get(line.material)?.unit ?? '',
      amount: amountOf(line.quantity_accepted, line.rate),
    }));
    return { gra, lines };
  }, [id]);
}

/** The LPOs goods can be received against (LPO_RECEIVING_STATUSES), newest first. */
export function useReceivableLpos(): LpoListRow[] | undefined {
  return useLiveQuery(
    async () =>
      (await mirror.rowsOf<LpoListRow>('lpos').toArray())
        .filter((l) => !l.deleted_at && !l.cancelled_at && (LPO_RECEIVING_STATUSES as readonly string[]).includes(l.status))
        .sort((a, b) => b.id - a.id),
    [],
  );
}

/** An LPO line as the GRA form shows it: what was ordered, what came so far, and what may still come. */
export interface ReceivableLine {
  item: LpoItem;
  material: string;
  unit: string;
  /** What may still be accepted without the over-receipt tolerance (the device does not know it). */
  receivable: Decimal;
}

/** The live lines of an LPO with their material, in the order they were added; none while no LPO is chosen. */
export function useReceivableLines(lpo: number | null): ReceivableLine[] | undefined {
  return useLiveQuery(async () => {
    if (lpo === null) return [];
    const items = (await mirror.rowsOf<LpoItem>('lpoItems').where('lpo').equals(lpo).toArray()).filter((i) => !i.deleted_at).sort((a, b) => a.id - b.id);
    const materials = await materialsOnDevice(items.map((i) => i.material));
    return items.map((item) => ({
      item,
      material: materials.get(item.material)?.name ?? `Material ${item.material}`,
      unit: materials.get(item.material)?.unit ?? '',
      receivable: stillReceivable(item.quantity, item.quantity_received, '0'),
    }));
  }, [lpo]);
}
