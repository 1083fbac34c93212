import type { StockAdjustmentStatus, StockTransactionStatus, StockTransactionType } from '../../../domain/stock';
import { materials, stockAdjustments, stockTransactions } from '../schema';
import type { MaterialRef, SeedContext } from './context';
import { money, qty, unitCost, units } from './values';

/** One movement of stock, signed in thousandths: receipts and returns in, issues out. */
export interface Movement {
  material: MaterialRef;
  type: StockTransactionType;
  quantity: number;
  at: number;
  by: number;
  requisition?: number | null;
  requisition_detail?: number | null;
  job_order?: number | null;
  gra_item?: number | null;
  stock_adjustment?: number | null;
  status?: StockTransactionStatus;
  rate?: number | null;
  remarks?: string;
  /** When the row was removed (a cancelled GRA's receipts): it no longer counts. */
  deleted?: string | null;
}

/**
 * The stock ledger of a run. Every area adds its movements (GRA receipts, issues against
 * requisitions, returns, approved adjustments); `close` makes sure no material ever goes below
 * zero — topping up its opening stock or receiving stock before it was first needed — then
 * writes the rows in date order and sets each material's on-hand quantity to the sum of its
 * live rows (for materials already in the database: adds the difference).
 */
export class Ledger {
  private readonly movements: Movement[] = [];
  private readonly openings = new Map<MaterialRef, Movement>();

  add(movement: Movement): void {
    this.movements.push(movement);
  }

  /** The stock a new material starts with, received the day it entered the catalogue. */
  open(ctx: SeedContext, material: MaterialRef): void {
    const movement: Movement = {
      material,
      type: 'receipt',
      quantity: units(ctx.rng.int(material.per[0], material.per[1]) * ctx.rng.int(1, 4)),
      at: material.since,
      by: ctx.user('stores'),
      rate: material.rate,
      remarks: 'Opening stock',
    };
    this.openings.set(material, movement);
    this.movements.push(movement);
  }

  get size(): number {
    return this.movements.length;
  }

  /** Issues recorded so far that carried material to a job order (what can come back as a return). */
  issuesToJobs(): Movement[] {
    return this.movements.filter((m) => m.type === 'issue' && m.job_order != null && !m.deleted);
  }

  /** Writes the ledger; returns the on-hand change of each material that already existed. */
  close(ctx: SeedContext): Map<number, number> {
    const { rng, cal, data } = ctx;
    const byMaterial = new Map<MaterialRef, Movement[]>();
    for (const m of this.movements) {
      const list = byMaterial.get(m.material);
      if (list) list.push(m);
      else byMaterial.set(m.material, [m]);
    }
    for (const [material, list] of byMaterial) {
      list.sort((a, b) => a.at - b.at);
      let balance = 0;
      let lowest = 0;
      for (const m of list) {
        if (m.deleted) continue;
        balance += m.quantity;
        lowest = Math.min(lowest, balance);
      }
      if (lowest >= 0) continue;
      const topUp = -lowest + units(rng.int(material.per[0], material.per[1]));
      const opening = this.openings.get(material);
      if (opening) {
        opening.quantity += topUp;
      } else {
        const at = Math.min(material.since, list[0]!.at - 60_000);
        this.movements.push({ material, type: 'receipt', quantity: topUp, at, by: ctx.user('stores'), rate: material.rate, remarks: 'Stock received' });
      }
    }

    const onHand = new Map<MaterialRef, number>();
    this.movements.sort((a, b) => a.at - b.at);
    // Each new material's weighted average cost starts from its receipts (as migration 0002 does).
    const received = new Map<MaterialRef, { quantity: number; value: number }>();
    for (const m of this.movements) {
      if (!m.deleted) onHand.set(m.material, (onHand.get(m.material) ?? 0) + m.quantity);
      if (!m.deleted && m.type === 'receipt' && m.rate != null && m.quantity > 0) {
        const sum = received.get(m.material) ?? { quantity: 0, value: 0 };
        // Thousandths × paise: exact integers, as the database multiplies the stored decimals.
        received.set(m.material, { quantity: sum.quantity + m.quantity, value: sum.value + m.quantity * m.rate });
      }
      const at = cal.ts(m.at);
      data.add(stockTransactions, {
        material: m.material.id,
        transaction_type: m.type,
        quantity: qty(m.quantity),
        transaction_date: cal.date(m.at),
        requisition: m.requisition ?? null,
        requisition_detail: m.requisition_detail ?? null,
        job_order: m.job_order ?? null,
        gra_item: m.gra_item ?? null,
        stock_adjustment: m.stock_adjustment ?? null,
        status: m.status ?? 'completed',
        rate: m.rate == null ? null : money(m.rate),
        remarks: m.remarks ?? '',
        created_by: m.by,
        created_at: at,
        updated_at: m.deleted ?? at,
        deleted_at: m.deleted ?? null,
      });
    }
    const existing = new Map<number, number>();
    for (const [material, quantity] of onHand) {
      if (material.id >= 0) {
        existing.set(material.id, quantity);
        continue;
      }
      const row = data.get(materials, material.id);
      row.quantity = qty(quantity);
      const receipts = received.get(material);
      if (receipts) row.average_cost = unitCost(Math.round((receipts.value * 100) / receipts.quantity));
    }
    return existing;
  }
}

const ADJUSTMENT_REASONS: readonly (readonly [reason: string, sign: 1 | -1])[] = [
  ['Physical count difference', -1],
  ['Damaged in handling', -1],
  ['Found during stock audit', 1],
  ['Offcuts returned to stock', 1],
  ['Expired / unusable', -1],
];

/**
 * The stores' own movements: opening stock for new materials, stock adjustments (pending,
 * approved — carried out by a ledger row — or rejected), returns of excess material from the
 * floor, and a few issues straight to a job order without a requisition.
 */
export function generateStoresActivity(
  ctx: SeedContext,
  ledger: Ledger,
  options: { newMaterials: MaterialRef[]; materials: MaterialRef[]; adjustments: number; jobs: readonly { id: number; at: number; end: number }[] },
): void {
  const { rng, cal, data } = ctx;
  for (const material of options.newMaterials) ledger.open(ctx, material);
  if (options.materials.length === 0) return;

  const statuses: [StockAdjustmentStatus, number][] = [
    ['pending', 25],
    ['approved', 55],
    ['rejected', 20],
  ];
  for (let i = 0; i < options.adjustments; i++) {
    const status = rng.cover(i, statuses);
    const material = rng.pick(options.materials);
    const [reason, sign] = rng.pick(ADJUSTMENT_REASONS);
    const quantity = sign * units(Math.max(1, Math.ceil(material.per[0] / 2)));
    const created = status === 'pending' ? cal.ago(rng.int(0, 10), rng.int(10, 300)) : Math.min(Math.max(material.since + 86_400_000, ctx.pastInstant(1.2)), cal.ago(0, 60));
    const decided = status === 'pending' ? null : cal.after(created, rng.int(0, 3), rng.int(30, 300));
    const id = data.add(stockAdjustments, {
      material: material.id,
      quantity: qty(quantity),
      reason,
      status,
      approved_by: decided === null ? null : ctx.user('management'),
      decided_at: decided === null ? null : cal.ts(decided),
      remarks: status === 'rejected' ? 'Recount the rack before adjusting.' : status === 'approved' ? 'Verified with the stores register.' : '',
      created_by: ctx.user('stores'),
      created_at: cal.ts(created),
      updated_at: cal.ts(decided ?? created),
    });
    if (status === 'approved') {
      ledger.add({ material, type: 'adjustment', quantity, at: decided!, by: ctx.user('management'), stock_adjustment: id, remarks: reason });
    }
  }

  // Excess material comes back from the floor against the job it was issued to.
  const issues = ledger.issuesToJobs().filter((m) => -m.quantity >= units(3) && m.at < cal.ago(2));
  for (const issue of rng.sample(issues, Math.ceil(issues.length * 0.05))) {
    const back = units(rng.int(1, Math.floor(-issue.quantity / units(3))));
    ledger.add({
      material: issue.material,
      type: 'return',
      quantity: back,
      at: cal.after(issue.at, rng.int(1, 10), rng.int(0, 300)),
      by: ctx.user('stores'),
      job_order: issue.job_order ?? null,
      rate: issue.material.rate,
      remarks: 'Excess returned from the floor',
    });
  }

  // Small issues straight to a job order (urgent site needs), without a requisition.
  for (const job of rng.sample(options.jobs, Math.ceil(options.jobs.length * 0.04))) {
    const material = rng.pick(options.materials);
    const at = Math.max(job.at, material.since) + rng.int(1, 48) * 3_600_000;
    if (at >= Math.min(job.end, cal.now)) continue;
    ledger.add({ material, type: 'issue', quantity: -units(rng.int(1, material.per[0] + 1)), at, by: ctx.user('stores'), job_order: job.id, rate: material.rate, remarks: 'Urgent issue for site work' });
  }
}

