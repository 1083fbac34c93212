import { useLiveQuery } from 'dexie-react-hooks';
import type { Customer, CustomerBranch } from '../../../domain/customer';
import type { JobOrder, JobOrderItem, JobOrderItemCreate, JobOrderListRow, JobOrderStatus } from '../../../domain/job-order';
import type { Option } from '../../../domain/options';
import type { RouteName } from '../../../domain/routes';
import { mirror } from '../../data/mirror/db';
import { branchChoicesOf } from '../../ui/entity-labels';

/** A product of a job order made offline, inside its row until the server numbers it. */
export type InsideProduct = JobOrderItemCreate & { amount: string };

/**
 * A job order on the device: a row the server sent (with its customer's and sales executive's names), or one made
 * offline with its products inside.
 */
export type LocalJobOrder = JobOrder & Partial<Pick<JobOrderListRow, 'customer_name' | 'sales_executive_name'>> & { job_order_items?: InsideProduct[] };

export const STATUS_PALETTE: Readonly<Record<JobOrderStatus, string>> = {
  Created: 'gray',
  'in-process': 'blue',
  'handover-to-dispatch': 'purple',
  'ready-to-dispatch': 'orange',
  dispatched: 'teal',
  closed: 'green',
};

/** The detail screen each list and layout opens (a layout keeps its own menu around the detail). */
const DETAIL_OF: Readonly<Record<string, RouteName>> = {
  'jobs-home': 'job-order-detail',
  'prod-jobs': 'prod-joborder-detail',
  // The metal layout has no job order screen of its own: its list opens the production one.
  'metal-jobs': 'prod-joborder-detail',
};
export const detailRouteOf = (list: string | undefined): RouteName => DETAIL_OF[list ?? ''] ?? 'job-order-detail';

async function customerNames(ids: readonly number[]): Promise<Map<number, string>> {
  const rows = (await mirror.rowsOf<Customer>('customers').bulkGet([...new Set(ids)])) as (Customer | undefined)[];
  return new Map(rows.filter((c): c is Customer => !!c).map((c) => [c.id, c.name]));
}

/** Every live job order on the device with its customer's name; undefined while the device answers. */
export function useJobOrderRows(): { jobOrder: LocalJobOrder; customer: string }[] | undefined {
  return useLiveQuery(async () => {
    const jobOrders = (await mirror.rowsOf<LocalJobOrder>('jobOrders').toArray()).filter((j) => !j.deleted_at);
    const names = await customerNames(jobOrders.map((j) => j.customer));
    return jobOrders.map((jobOrder) => ({ jobOrder, customer: names.get(jobOrder.customer) ?? '' }));
  }, []);
}

/** A product as the detail shows it; `id` and `version` are null for one made offline. */
export interface ShownProduct {
  id: number | null;
  version: number | null;
  product: string;
  description: string;
  quantity: string;
  unit_price: string;
  amount: string;
}

/** One job order, its products, customer and branch, from the device; undefined while it answers. */
export function useJobOrder(id: number) {
  return useLiveQuery(async () => {
    const jobOrder = (await mirror.rowsOf<LocalJobOrder>('jobOrders').get(id)) ?? null;
    const items = (await mirror.rowsOf<JobOrderItem>('jobOrderItems').where('job_order').equals(id).toArray()).filter((i) => !i.deleted_at).sort((a, b) => a.id - b.id);
    const customer = jobOrder ? ((await mirror.rowsOf<Customer>('customers').get(jobOrder.customer))?.name ?? '') : '';
    const branch = jobOrder?.branch ? ((await mirror.rowsOf<CustomerBranch>('customerBranches').get(jobOrder.branch)) ?? null) : null;
    const products: ShownProduct[] = [
      ...(jobOrder?.job_order_items ?? []).map((p) => ({ id: null, version: null, product: p.product, description: p.description ?? '', quantity: String(p.quantity), unit_price: String(p.unit_price), amount: p.amount })),
      ...items,
    ];
    return { jobOrder, products, customer, branch };
  }, [id]);
}

/** business-areas.md §9: a customer's active branches as choices (src/ui/entity-labels.ts `branchChoicesOf`). */
export function useBranchChoices(customer: number | null, current: number | null = null): Option[] | undefined {
  return useLiveQuery(() => branchChoicesOf(customer, current), [customer, current]);
}
