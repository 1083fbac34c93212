import { JOB_ORDER_EXPENSE_CATEGORIES, type JobOrderExpenseCategory, type JobOrderExpenseStatus } from '../../../domain/job-order-expense';
import { JOB_ORDER_CANCELLED_STEP, JOB_ORDER_STATUS_VALUES, type JobOrderBucket, type JobOrderStatus, type ProductionDepartment } from '../../../domain/job-order';
import type { DeliveryNoteStatus } from '../../../domain/delivery-note';
import type { DispatchStatus } from '../../../domain/dispatch';
import type { RequisitionType } from '../../../domain/requisition';
import { deliveryNoteItems, deliveryNotes, dispatches, jobOrderExpenses, jobOrderItems, jobOrders, jobOrderStatusHistory, requisitionDetails, requisitions } from '../schema';
import { CITIES, COMPANY, HISTORY_DAYS, MaterialPicker, type CustomerRef, type MaterialKind, type MaterialRef, type SeedContext, type Staff } from './context';
import { productLines, sumOf, type Line } from './products';
import { activeBranch } from './sales';
import type { QuotationRef, SalesOrderRef } from './sales';
import type { Ledger } from './stock';
import { money, qty, units } from './values';

/** Where a job order is: one of the statuses, or cancelled on the way. */
type JobState = JobOrderStatus | 'cancelled';

export interface JobRef {
  id: number;
  customer: CustomerRef;
  state: JobState;
  department: ProductionDepartment;
  /** Created, and closed (or now for open ones). */
  at: number;
  end: number;
  lines: (Line & { id: number })[];
  deliveryLocation: string;
}

/** Closed job orders are invoiced; the invoicing area says with which number and amount. */
export interface JobInvoicer {
  forJobOrder(job: { id: number; customer: CustomerRef; lines: Line[]; at: number }): { number: string; date: string; total: number };
}

const JOB_STATES: [JobState, number][] = [
  ['Created', 10],
  ['in-process', 20],
  ['handover-to-dispatch', 7],
  ['ready-to-dispatch', 7],
  ['dispatched', 14],
  ['closed', 36],
  ['cancelled', 6],
];

/** How long ago job orders in each state were raised (days). */
const JOB_AGE: Record<JobState, readonly [number, number]> = {
  Created: [0, 25],
  'in-process': [3, 90],
  'handover-to-dispatch': [8, 70],
  'ready-to-dispatch': [8, 60],
  dispatched: [10, 150],
  closed: [30, HISTORY_DAYS - 5],
  cancelled: [15, HISTORY_DAYS - 5],
};

const BUCKETS: Record<JobState, readonly JobOrderBucket[]> = {
  Created: ['Sales', 'Design'],
  'in-process': ['Production', 'Stores', 'Design'],
  'handover-to-dispatch': ['Dispatch'],
  'ready-to-dispatch': ['Dispatch'],
  dispatched: ['Dispatch', 'Accounts'],
  closed: ['Accounts'],
  cancelled: ['Sales'],
};

/**
 * Job orders in every status (and cancelled), many raised from a sales order with its lines,
 * some from a quotation not ordered otherwise (taken out of `sources.quotations`); closed ones
 * carry the invoice they were billed with.
 */
export function generateJobOrders(
  ctx: SeedContext,
  count: number,
  sources: { customers: CustomerRef[]; quotations: QuotationRef[]; salesOrders: SalesOrderRef[]; invoicer: JobInvoicer | null },
): JobRef[] {
  const { rng, cal, data } = ctx;
  // Each sales order in production or completed becomes at most one job order, at a matching stage.
  const running = sources.salesOrders.filter((o) => o.status === 'in_production');
  const completed = sources.salesOrders.filter((o) => o.status === 'completed');
  const jobs: JobRef[] = [];
  for (let i = 0; i < count; i++) {
    const state = rng.cover(i, JOB_STATES);
    const [minAge, maxAge] = JOB_AGE[state];
    const target = cal.ago(minAge + ctx.spread(i, count) * (maxAge - minAge), rng.int(0, 500));
    const orders = state === 'dispatched' || state === 'closed' ? completed : state === 'Created' || state === 'cancelled' ? [] : running;
    const order = orders.length > 0 && rng.chance(0.5) ? orders.splice(rng.int(0, orders.length - 1), 1)[0]! : null;
    const quote = !order && sources.quotations.length > 0 && rng.chance(0.25) ? sources.quotations.splice(rng.int(0, sources.quotations.length - 1), 1)[0]! : null;
    const customer = order?.customer ?? quote?.customer ?? rng.pick(sources.customers);
    const created = Math.max(target, cal.after(order?.at ?? quote?.at ?? customer.since, 1, 60));
    const lines = order?.lines ?? quote?.lines ?? productLines(ctx, rng.int(1, 4));
    const department = lines[0]!.product.department;
    const branch = order?.branch != null ? customer.branches.find((b) => b.id === order.branch) : quote?.branch != null ? customer.branches.find((b) => b.id === quote.branch) : activeBranch(ctx, customer);
    const closed = state === 'closed' ? cal.after(created, rng.int(20, Math.max(21, Math.min(120, cal.age(created) - 1))), rng.int(0, 300)) : null;
    const cancelled = state === 'cancelled' ? cal.after(created, rng.int(2, 30), rng.int(0, 300)) : null;
    const end = closed ?? cancelled ?? cal.now;
    const creator = ctx.user(rng.pick(['sales.manager', 'sales.exec', 'sales.senior'] as const));
    const total = sumOf(lines.map((l) => l.amount));
    const id = data.add(jobOrders, {
      customer: customer.id,
      branch: branch?.id ?? null,
      contact_person: branch?.contact ?? ctx.personName(),
      contact_number: branch?.phone ?? ctx.phone(),
      sales_executive: ctx.user(rng.cover(i, [['sales.exec', 50], ['sales.senior', 40], ['sales.manager', 10]] as const)),
      purchase_order: `PO-${rng.digits(5)}`,
      purchase_order_date: cal.date(created - rng.int(0, 5) * 86_400_000),
      billing_account: rng.pick(COMPANY.entities),
      billing_percentage: state === 'closed' || rng.chance(0.85) ? '100.00' : rng.pick(['50.00', '80.00', '90.00']),
      quotation: order?.quotation ?? quote?.id ?? null,
      sales_order: order?.id ?? null,
      status: state === 'cancelled' ? rng.pick(['Created', 'in-process'] as const) : state,
      bucket: rng.pick(BUCKETS[state]),
      production_department: state === 'Created' && rng.chance(0.5) ? null : department,
      total_value: money(total),
      advance_amount: money(rng.chance(0.3) ? Math.floor(total / 100 / 4) * 100 : 0),
      closure_remarks: null,
      cancelled_at: cancelled === null ? null : cal.ts(cancelled),
      closed_at: closed === null ? null : cal.ts(closed),
      invoice: null,
      invoice_date: null,
      invoice_amount: null,
      reject_remark: rng.chance(0.1) ? rng.pick(['Drawing revision requested by the customer.', 'Material shortfall: waiting for stores.', 'Finish not approved, sent back for rework.']) : null,
      created_by: creator,
      created_at: cal.ts(created),
      updated_at: cal.ts(end === cal.now ? cal.after(created, rng.int(0, cal.age(created))) : end),
      deleted_at: null,
    });
    const items = lines.map((line) => ({
      ...line,
      id: data.add(jobOrderItems, {
        job_order: id,
        product: line.description,
        description: `${line.product.department} shop; finish as per approved drawing`,
        quantity: qty(line.quantity),
        unit_price: money(line.price),
        amount: money(line.amount),
        sales_order_item: 'id' in line ? (line as { id: number }).id : null,
        created_by: creator,
        created_at: cal.ts(created),
        updated_at: cal.ts(created),
        deleted_at: null,
      }),
    }));
    if (order) order.job = id;
    const row = data.get(jobOrders, id);
    addJobOrderHistory(ctx, { id, created, end, creator, status: row.status!, bucket: row.bucket!, cancelled: cancelled !== null });
    if (cancelled !== null) row.closure_remarks = rng.pick(['Customer withdrew the order.', 'Duplicate job order raised by mistake.', 'Store opening postponed indefinitely.']);
    if (closed !== null) {
      const invoice = sources.invoicer?.forJobOrder({ id, customer, lines, at: closed }) ?? { number: `EXT/${rng.digits(5)}`, date: cal.date(closed), total: Math.round(total * 1.18) };
      Object.assign(row, { invoice: invoice.number, invoice_date: invoice.date, invoice_amount: money(invoice.total), closure_remarks: 'Delivered and installed; invoice raised.' });
    }
    const [city] = rng.pick(CITIES);
    jobs.push({ id, customer, state, department, at: created, end, lines: items, deliveryLocation: branch?.location ?? city });
  }
  return jobs;
}

/** The way a job order went (job_order_status_history): created, each status up to where it stands, its desk, and its end. */
function addJobOrderHistory(ctx: SeedContext, job: { id: number; created: number; end: number; creator: number; status: JobOrderStatus; bucket: JobOrderBucket; cancelled: boolean }): void {
  const path = JOB_ORDER_STATUS_VALUES.slice(0, JOB_ORDER_STATUS_VALUES.indexOf(job.status) + 1);
  const steps: { kind: 'status' | 'bucket'; from: string | null; to: string; remark?: string }[] = [
    { kind: 'status', from: null, to: path[0]! },
    { kind: 'bucket', from: null, to: 'Sales' },
    ...path.slice(1).map((to, i) => ({ kind: 'status' as const, from: path[i]!, to })),
    ...(job.bucket === 'Sales' ? [] : [{ kind: 'bucket' as const, from: 'Sales', to: job.bucket }]),
    ...(job.cancelled ? [{ kind: 'status' as const, from: job.status, to: JOB_ORDER_CANCELLED_STEP, remark: 'Cancelled at the customer\'s request.' }] : []),
  ];
  steps.forEach((step, i) => {
    const at = ctx.cal.ts(job.created + ((job.end - job.created) * i) / Math.max(1, steps.length - 1));
    ctx.data.add(jobOrderStatusHistory, { job_order: job.id, ...step, remark: step.remark ?? '', changed_by: job.creator, changed_at: at, created_by: job.creator, created_at: at, updated_at: at });
  });
}

const EXPENSE_TEXT: Record<JobOrderExpenseCategory, string> = {
  transport: 'Tempo hire to the customer site',
  labour: 'Extra carpenters for weekend work',
  installation: 'Installation team at site',
  outsourcing: 'Laser cutting outsourced',
  'material-purchase': 'Local purchase of fittings',
  travel: 'Site visit travel',
  'food-accommodation': 'Team stay for the installation',
  miscellaneous: 'Courier and sundries',
};

/** Expenses on job orders under way or done: pending, approved by a manager, or rejected. */
export function generateExpenses(ctx: SeedContext, jobs: JobRef[], perJob: number): void {
  const { rng, cal, data } = ctx;
  const eligible = jobs.filter((j) => j.state !== 'Created');
  let i = 0;
  for (const job of eligible) {
    const n = Math.round(perJob * rng.float() * 2);
    for (let k = 0; k < n; k++, i++) {
      const status = rng.cover(i, [['PENDING', 25], ['APPROVED', 60], ['REJECTED', 15]] as [JobOrderExpenseStatus, number][]);
      const category = rng.cover(i, JOB_ORDER_EXPENSE_CATEGORIES.map((c) => [c.value, 1] as const));
      const spent = job.at + Math.floor(rng.float() * (job.end - job.at));
      const decided = status === 'PENDING' ? null : cal.after(spent, rng.int(0, 5), rng.int(30, 300));
      const by = ctx.user(rng.pick(['production', 'dispatch', 'sales.exec'] as const));
      data.add(jobOrderExpenses, {
        job_order: job.id,
        expense_category: category,
        description: EXPENSE_TEXT[category],
        expense_date: cal.date(spent),
        amount: money(rng.int(500, 25_000) * 100 + rng.pick([0, 0, 50])),
        status,
        approved_by: decided === null ? null : ctx.user(rng.pick(['sales.manager', 'management'] as const)),
        approved_at: decided === null ? null : cal.ts(decided),
        created_by: by,
        created_at: cal.ts(spent),
        updated_at: cal.ts(decided ?? spent),
        deleted_at: null,
      });
    }
  }
}

const DRIVERS = ['Ramesh Yadav', 'Sunil Pawar', 'Abdul Rehman', 'Santosh Jadhav', 'Manoj Tiwari', 'Vinod Shinde'];

/**
 * Delivery notes for job orders handed over to dispatch: draft or approved while waiting, ready
 * to dispatch with a scheduled vehicle, dispatched, delivered; some cancelled, some dispatches
 * called off and rescheduled.
 */
export function generateDeliveries(ctx: SeedContext, jobs: JobRef[]): void {
  const { rng, cal } = ctx;
  const handedOver = jobs.filter((j) => ['handover-to-dispatch', 'ready-to-dispatch', 'dispatched', 'closed'].includes(j.state));
  handedOver.forEach((job, i) => {
    const handover = Math.min(cal.after(job.at, rng.int(3, 20)), job.end - 2 * 86_400_000 > job.at ? job.end - 2 * 86_400_000 : job.end);
    const noteStatus: DeliveryNoteStatus =
      job.state === 'handover-to-dispatch' ? rng.cover(i, [['draft', 1], ['approved', 1]] as const) : job.state === 'ready-to-dispatch' ? 'ready-to-dispatch' : 'dispatched';
    // A note cancelled and raised again, for some jobs.
    if (rng.chance(0.1) || i === 0) addNote(ctx, job, handover, 'draft', true);
    const split = job.state === 'closed' && job.lines.some((l) => l.quantity >= units(4)) && rng.chance(0.2);
    const firstShare = split ? 0.5 : 1;
    const note = addNote(ctx, job, handover, noteStatus, false, firstShare);
    const dispatchStatus: DispatchStatus | null =
      noteStatus === 'ready-to-dispatch' ? 'scheduled' : noteStatus === 'dispatched' ? (job.state === 'dispatched' && rng.chance(0.5) ? 'dispatched' : 'delivered') : null;
    if (dispatchStatus) {
      if (rng.chance(0.12) || i === 1) addDispatch(ctx, job, note, handover, 'cancelled');
      addDispatch(ctx, job, note, handover, dispatchStatus);
    }
    if (split) {
      const second = addNote(ctx, job, cal.after(handover, 3), 'dispatched', false, -firstShare);
      addDispatch(ctx, job, second, cal.after(handover, 3), 'delivered');
    }
  });
}

function addNote(ctx: SeedContext, job: JobRef, at: number, status: DeliveryNoteStatus, cancelled: boolean, share = 1): { id: number; at: number } {
  const { rng, cal, data } = ctx;
  const approved = status === 'draft' ? null : cal.after(at, 0, rng.int(30, 240));
  const deleted = cancelled ? cal.ts(cal.after(at, 0, rng.int(30, 600))) : null;
  const id = data.add(deliveryNotes, {
    job_order: job.id,
    delivery_date: cal.date(Math.min(cal.after(at, rng.int(0, 2)), job.end)),
    delivery_location: job.deliveryLocation,
    remarks: cancelled ? 'Raised with wrong quantities; cancelled.' : rng.pick(['', 'Handle with care: glass.', 'Deliver before store opening hours.', 'Unload at the service entrance.']),
    status,
    approved_by: approved === null ? null : ctx.user('production'),
    approved_at: approved === null ? null : cal.ts(approved),
    created_by: ctx.user('dispatch'),
    created_at: cal.ts(at),
    updated_at: deleted ?? cal.ts(approved ?? at),
    deleted_at: deleted,
  });
  for (const line of job.lines) {
    // A split delivery sends half (rounded to whole pieces) first and the rest later.
    const half = Math.floor(line.quantity / 2000) * 1000;
    const quantity = share === 1 ? line.quantity : share > 0 ? half : line.quantity - half;
    if (quantity <= 0) continue;
    data.add(deliveryNoteItems, {
      delivery_note: id,
      job_order_item: line.id,
      quantity: qty(quantity),
      created_by: ctx.user('dispatch'),
      created_at: cal.ts(at),
      updated_at: deleted ?? cal.ts(at),
      deleted_at: deleted,
    });
  }
  return { id, at };
}

function addDispatch(ctx: SeedContext, job: JobRef, note: { id: number; at: number }, at: number, status: DispatchStatus): void {
  const { rng, cal, data } = ctx;
  const registration = rng.pick(['MH 12', 'MH 14', 'MH 04', 'KA 01', 'GJ 01']);
  const date = status === 'scheduled' ? cal.dayAfter(cal.now, rng.int(0, 3)) : cal.date(Math.min(cal.after(at, rng.int(1, 4)), job.end));
  data.add(dispatches, {
    delivery_note: note.id,
    job_order: job.id,
    dispatch_date: date,
    vehicle_number: `${registration} ${rng.letters(2)} ${rng.digits(4)}`,
    driver_name: rng.pick(DRIVERS),
    driver_phone: ctx.phone(),
    status,
    remarks: status === 'cancelled' ? 'Vehicle broke down; rescheduled.' : status === 'delivered' ? 'Received by the store manager.' : '',
    created_by: ctx.user('dispatch'),
    created_at: cal.ts(note.at),
    updated_at: cal.ts(Math.min(cal.after(at, 1), cal.now - 60_000)),
  });
}

/** What happened to a requisition. */
type ReqLife = 'open' | 'completed' | 'closed' | 'cancelled' | 'awaiting-approval' | 'approved-open';

const REQUISITION_PLANS: [readonly [RequisitionType, ReqLife], number][] = [
  [['standard', 'completed'], 30],
  [['standard', 'open'], 12],
  [['standard', 'closed'], 5],
  [['standard', 'cancelled'], 4],
  [['installation', 'completed'], 5],
  [['installation', 'open'], 2],
  [['re-work', 'awaiting-approval'], 3],
  [['re-work', 'approved-open'], 2],
  [['re-work', 'completed'], 3],
  [['shortfall', 'awaiting-approval'], 3],
  [['shortfall', 'approved-open'], 3],
  [['shortfall', 'completed'], 3],
  [['consumables', 'completed'], 15],
  [['consumables', 'open'], 5],
  [['consumables', 'closed'], 1],
  [['consumables', 'cancelled'], 1],
];

const KINDS_BY_DEPARTMENT: Record<ProductionDepartment, readonly MaterialKind[]> = {
  Acrylic: ['acrylic', 'acrylic', 'hardware', 'electrical', 'packing'],
  Tray: ['acrylic', 'wood', 'packing', 'hardware'],
  Showroom: ['glass', 'wood', 'wood', 'hardware', 'electrical', 'paint', 'metal', 'pipe'],
  Warehouse: ['metal', 'pipe', 'pipe', 'paint', 'hardware', 'packing'],
};

const REQUESTER: Record<ProductionDepartment, readonly Staff[]> = {
  Acrylic: ['acrylic', 'foreman'],
  Tray: ['acrylic', 'foreman'],
  Showroom: ['production', 'foreman'],
  Warehouse: ['metal', 'foreman'],
};

export interface RequisitionRef {
  id: number;
  type: RequisitionType;
  approvedAt: number | null;
  materials: MaterialRef[];
}

/**
 * Requisitions of every type and fate, against job orders of a fitting stage (consumables
 * also without one): issues against each line go to the ledger, and the line's issued quantity
 * is their sum.
 */
export function generateRequisitions(ctx: SeedContext, count: number, jobs: JobRef[], stock: MaterialRef[], ledger: Ledger): RequisitionRef[] {
  const { rng, cal, data } = ctx;
  const picker = new MaterialPicker(ctx, stock);
  const active = jobs.filter((j) => ['in-process', 'handover-to-dispatch', 'ready-to-dispatch'].includes(j.state));
  const done = jobs.filter((j) => j.state === 'dispatched' || j.state === 'closed');
  const started = jobs.filter((j) => j.state !== 'Created');
  const out: RequisitionRef[] = [];
  let metalOnFloor = false;
  for (let i = 0; i < count; i++) {
    // Plans are covered in order of the requisitions made, so one that found no job or material is tried again.
    const [type, life] = rng.cover(out.length, REQUISITION_PLANS);
    const pool = life === 'open' || life === 'awaiting-approval' || life === 'approved-open' ? active : type === 'installation' ? done : life === 'cancelled' ? started : [...active, ...done];
    const candidates = pool.length > 0 ? pool : jobs;
    const job = type === 'consumables' && (candidates.length === 0 || rng.chance(0.4)) ? null : candidates.length > 0 ? rng.pick(candidates) : null;
    if (!job && type !== 'consumables') continue;
    const from = job ? job.at : cal.ago(HISTORY_DAYS - 10);
    const until = job ? job.end : cal.now;
    const created = from + Math.floor(rng.float() * Math.max(3_600_000, (until - from) * (life === 'completed' ? 0.6 : 0.9)));
    if (created >= cal.now - 60_000) continue;
    const department = job?.department ?? rng.pick(['Acrylic', 'Tray', 'Showroom', 'Warehouse'] as const);
    const kinds = type === 'consumables' ? (['consumable'] as const) : type === 'installation' ? (['hardware', 'electrical', 'consumable'] as const) : KINDS_BY_DEPARTMENT[department];
    const lines = picker.some(kinds, created, rng.int(1, 4));
    if (lines.length === 0) continue;
    const needsApproval = type === 're-work' || type === 'shortfall';
    const approved = needsApproval && life !== 'awaiting-approval' && life !== 'cancelled' ? cal.after(created, 0, rng.int(30, 600)) : null;
    const finished = life === 'completed' || life === 'closed' ? cal.after(approved ?? created, rng.int(0, Math.max(0, Math.min(20, Math.floor((until - created) / 86_400_000)))), rng.int(30, 400)) : null;
    const cancelled = life === 'cancelled' ? cal.after(created, rng.int(0, 5), rng.int(10, 300)) : null;
    // Consumables are the foreman's and draw nobody: a draw more would move every later draw of the seed.
    const drawn = type === 'consumables' ? 'foreman' : rng.pick(REQUESTER[department]);
    // Metal's dashboard lists the job orders in process that metal draws material for: the first
    // live requisition of metal's kinds on a warehouse job in process is metal's, whatever the draw said.
    const metalsFirst = !metalOnFloor && type !== 'consumables' && department === 'Warehouse' && job?.state === 'in-process' && life !== 'cancelled';
    if (metalsFirst) metalOnFloor = true;
    const requester = ctx.user(metalsFirst ? 'metal' : drawn);
    const id = data.add(requisitions, {
      job_order: job?.id ?? null,
      requisition_type: type,
      requested_by: requester,
      is_approved: approved !== null,
      approved_by: approved === null ? null : ctx.user('production'),
      approved_at: approved === null ? null : cal.ts(approved),
      is_completed: life === 'completed',
      closed_at: life === 'closed' ? cal.ts(finished!) : null,
      close_reason: life === 'closed' ? rng.pick(['Balance not required; job completed.', 'Customer changed the specification.', 'Alternative material used from offcuts.']) : null,
      cancel_reason: life === 'cancelled' ? rng.pick(['Raised against the wrong job order.', 'Duplicate request.', 'Job order put on hold.']) : null,
      created_by: requester,
      created_at: cal.ts(created),
      updated_at: cal.ts(cancelled ?? finished ?? approved ?? created),
      deleted_at: cancelled === null ? null : cal.ts(cancelled),
    });
    const issuing = life === 'completed' || life === 'closed' || ((life === 'open' || life === 'approved-open') && rng.chance(0.6));
    for (const material of lines) {
      const quantity = units(rng.int(material.per[0], material.per[1]));
      const issued = !issuing ? 0 : life === 'completed' ? quantity : units(Math.floor((quantity / 1000) * rng.float()));
      const reserved = life === 'open' || life === 'approved-open' ? units(Math.floor(((quantity - issued) / 1000) * rng.pick([0, 0, 0.5, 1]))) : 0;
      const detail = data.add(requisitionDetails, {
        requisition: id,
        material: material.id,
        job_order: job?.id ?? null,
        quantity: qty(quantity),
        quantity_issued: qty(issued),
        quantity_reserved: qty(reserved),
        created_by: requester,
        created_at: cal.ts(created),
        updated_at: cal.ts(created),
        deleted_at: null,
      });
      // The issued quantity leaves stores in one to three lots.
      let left = issued;
      const lots = Math.min(rng.int(1, 3), issued / 1000);
      const start = approved ?? created;
      const stop = finished ?? cal.now - 60_000;
      for (let lot = 0; lot < lots && left > 0; lot++) {
        const part = lot === lots - 1 ? left : units(Math.max(1, Math.floor(left / 1000 / (lots - lot))));
        left -= part;
        const at = Math.min(start + Math.floor(((lot + 1) / (lots + 1)) * (stop - start)) + rng.int(0, 60) * 60_000, stop);
        const inTransit = at > cal.ago(3) && rng.chance(0.5);
        ledger.add({
          material,
          type: 'issue',
          quantity: -part,
          at,
          by: ctx.user('stores'),
          requisition: id,
          requisition_detail: detail,
          job_order: job?.id ?? null,
          status: inTransit ? 'in-transit' : 'completed',
          rate: material.rate,
          remarks: inTransit ? 'On its way to the shop floor' : '',
        });
      }
    }
    out.push({ id, type, approvedAt: approved, materials: lines });
  }
  return out;
}
