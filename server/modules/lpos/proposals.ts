import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { sign } from '../../../domain/decimal';
import { LPO_OPEN_STATUSES, LPO_REFUSALS, type LpoProposal, type LpoProposalLine, type LpoProposals, type reorderProposalRequestSchema } from '../../../domain/lpo';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { graItems, gras, lpoItems, lpos, materials, requisitionDetails, requisitions, vendors } from '../../db/schema';
import { badRequest, type FieldErrors, invalidPk, notFound } from '../../lib/http-error';
import { reorderAmong, visibleMaterials } from '../material-reports/service';

/**
 * Draft LPOs proposed from the reorder list or a requisition's shortfall (issue 19 §2): each
 * material goes to the vendor it was last bought from (the latest GRA line or, failing that,
 * LPO line), at that line's rate. Nothing is saved; the client posts a proposal to lpos/.
 */

/** LPOs whose goods may still come: drafts and those awaiting goods. */
const stillComing = sql.join(
  ['draft', ...LPO_OPEN_STATUSES].map((status) => sql`${status}`),
  sql`, `,
);

type ReorderRequest = z.output<typeof reorderProposalRequestSchema>;
interface Wanted {
  material: number;
  material_name: string;
  material_unit: string;
  quantity: string;
}
interface LastPurchase {
  material: number;
  vendor: number;
  vendor_name: string;
  rate: string;
  tax_rate: string;
}

/**
 * Per material, the vendor and rate of its latest purchase: the GRAs in force and the LPOs not
 * cancelled, by date, a receipt before an order of the same day (it is what actually came); and
 * the GST rate of the material's latest LPO line with that vendor, 0 when none (decision 296).
 */
async function lastPurchases(db: Db, materialIds: readonly number[]): Promise<Map<number, LastPurchase>> {
  if (!materialIds.length) return new Map();
  const ids = sql.join(
    materialIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<LastPurchase>(
    db,
    sql`SELECT DISTINCT ON (p.material) p.material, p.vendor, v.name AS vendor_name, p.rate::text AS rate,
          coalesce((
            SELECT li.tax_rate FROM ${lpoItems} li JOIN ${lpos} l ON l.id = li.lpo
            WHERE li.material = p.material AND l.vendor = p.vendor AND li.deleted_at IS NULL AND l.deleted_at IS NULL AND l.status <> 'cancelled'
            ORDER BY l.lpo_date DESC, li.id DESC LIMIT 1
          ), 0)::numeric(5,2)::text AS tax_rate
        FROM (
          SELECT ${graItems.material} AS material, ${gras.vendor} AS vendor, ${graItems.rate} AS rate, ${gras.gra_date} AS day, 0 AS kind, ${graItems.id} AS id
          FROM ${graItems} JOIN ${gras} ON ${gras.id} = ${graItems.gra}
          WHERE ${graItems.material} IN (${ids}) AND ${graItems.deleted_at} IS NULL AND ${gras.deleted_at} IS NULL AND ${gras.cancelled_at} IS NULL
          UNION ALL
          SELECT ${lpoItems.material}, ${lpos.vendor}, ${lpoItems.rate}, ${lpos.lpo_date}, 1, ${lpoItems.id}
          FROM ${lpoItems} JOIN ${lpos} ON ${lpos.id} = ${lpoItems.lpo}
          WHERE ${lpoItems.material} IN (${ids}) AND ${lpoItems.deleted_at} IS NULL AND ${lpos.deleted_at} IS NULL AND ${lpos.status} <> 'cancelled'
        ) p JOIN ${vendors} v ON v.id = p.vendor AND v.deleted_at IS NULL
        ORDER BY p.material, p.day DESC, p.kind, p.id DESC`,
  );
  return new Map(rows.map((row) => [Number(row.material), { ...row, material: Number(row.material), vendor: Number(row.vendor) }]));
}

/** The wanted materials grouped into one proposal per last vendor (vendors by name; never-bought materials last, vendor null). */
async function proposalsOf(db: Db, wanted: readonly Wanted[], requisition: number | null): Promise<LpoProposals> {
  const last = await lastPurchases(
    db,
    wanted.map((w) => w.material),
  );
  const groups = new Map<number | null, LpoProposal>();
  for (const line of wanted) {
    const purchase = last.get(line.material);
    const key = purchase?.vendor ?? null;
    const group = groups.get(key) ?? { vendor: key, vendor_name: purchase?.vendor_name ?? null, requisition, lpo_items: [] };
    const item: LpoProposalLine = { ...line, rate: purchase?.rate ?? '0.00', tax_rate: purchase?.tax_rate ?? '0.00' };
    group.lpo_items.push(item);
    groups.set(key, group);
  }
  const proposals = [...groups.values()].sort((a, b) => (a.vendor_name === null ? 1 : b.vendor_name === null ? -1 : a.vendor_name.localeCompare(b.vendor_name)));
  return { proposals };
}

/**
 * POST proposals/reorder/: the materials picked on the reorder list, each at the quantity given
 * or else its short-by quantity (reorder level less free stock, as the reorder list computes it).
 */
export async function reorderProposals(db: Db, user: User, request: ReorderRequest): Promise<LpoProposals> {
  const ids = request.materials.map((m) => m.material);
  const found = await db
    .select({ id: materials.id, name: materials.name, unit: materials.unit })
    .from(materials)
    .where(and(inArray(materials.id, ids), visibleMaterials(user)));
  const known = new Map(found.map((m) => [m.id, m]));
  const short = await reorderAmong(db, user, inArray(materials.id, ids), { page: 1, pageSize: ids.length });
  const shortBy = new Map(short.results.map((m) => [m.id, m.shortfall]));
  const problems: FieldErrors = {};
  const wanted: Wanted[] = [];
  request.materials.forEach((line, i) => {
    const material = known.get(line.material);
    if (!material) {
      problems[`materials.${i}.material`] = [invalidPk(line.material)];
      return;
    }
    const quantity = line.quantity ?? shortBy.get(line.material);
    if (quantity === undefined || sign(quantity) <= 0) {
      problems[`materials.${i}.quantity`] = [LPO_REFUSALS.nothingToOrder];
      return;
    }
    wanted.push({ material: material.id, material_name: material.name, material_unit: material.unit, quantity });
  });
  if (Object.keys(problems).length) throw badRequest(problems);
  return proposalsOf(db, wanted, null);
}

/**
 * GET proposals/requisition/{id}/: what a requisition still needs beyond what stock can give and
 * what is already ordered for it: per line, the quantity not yet issued or reserved, less the
 * material's free stock, less what its LPOs still to be received bring. Nothing short, no proposal.
 */
export async function requisitionProposals(db: Db, id: number): Promise<LpoProposals> {
  const [requisition] = await db
    .select({ id: requisitions.id })
    .from(requisitions)
    .where(and(eq(requisitions.id, id), isNull(requisitions.deleted_at)));
  if (!requisition) throw notFound();
  const rows = await queryRows<Wanted>(
    db,
    sql`SELECT d.material, m.name AS material_name, m.unit AS material_unit,
          greatest(
            greatest(d.quantity - d.quantity_issued - d.quantity_reserved, 0)
            - greatest(m.quantity - coalesce(held.reserved, 0), 0)
            - coalesce(ordered.coming, 0),
          0)::text AS quantity
        FROM ${requisitionDetails} d
        JOIN ${materials} m ON m.id = d.material
        LEFT JOIN (
          SELECT rd.material, sum(rd.quantity_reserved) AS reserved
          FROM ${requisitionDetails} rd JOIN ${requisitions} r ON r.id = rd.requisition
          WHERE rd.deleted_at IS NULL AND r.deleted_at IS NULL AND r.closed_at IS NULL
          GROUP BY rd.material
        ) held ON held.material = d.material
        LEFT JOIN (
          SELECT li.material, sum(greatest(li.quantity - li.quantity_received, 0)) AS coming
          FROM ${lpoItems} li JOIN ${lpos} l ON l.id = li.lpo
          WHERE li.deleted_at IS NULL AND l.deleted_at IS NULL AND l.requisition = ${id} AND l.status IN (${stillComing})
          GROUP BY li.material
        ) ordered ON ordered.material = d.material
        WHERE d.requisition = ${id} AND d.deleted_at IS NULL
        ORDER BY d.id`,
  );
  const wanted = rows.filter((row) => sign(row.quantity) > 0).map((row) => ({ ...row, material: Number(row.material) }));
  return proposalsOf(db, wanted, id);
}
