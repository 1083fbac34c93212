import { activeBranches, branchLabel, type CustomerBranch } from '../../domain/customer';
import { jobOrderLabel, type JobOrder } from '../../domain/job-order';
import type { Option } from '../../domain/options';
import { displayName, type User } from '../../domain/user';
import { mirror } from '../data/mirror/db';

/*
 * Labels that need the device's data: the domain's label function of the entity, fed from what
 * the device holds. Screens show these, never a bare id.
 */

/** Shown for a user the device cannot name (a row made offline for someone whose account it never loaded). */
export const UNKNOWN_USER = 'Not known on this device';

/**
 * A user by name: from an account the device holds (the signed-in user, the loaded user list),
 * else the name the server sent with the row, which the mirror keeps offline.
 */
export function userLabel(id: number, known: readonly Pick<User, 'id' | 'first_name' | 'last_name' | 'username'>[], sentName?: string | null): string {
  const account = known.find((u) => u.id === id);
  if (account) return displayName(account);
  return sentName || UNKNOWN_USER;
}

/** Job orders by their "id - date" label (business-areas.md §9), for the ids given; one the device lacks keeps its number. */
export async function jobOrderLabelsOf(ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = await mirror.rowsOf<JobOrder>('jobOrders').bulkGet(wanted);
  return new Map(wanted.map((id, i) => [id, jobOrderLabel(rows[i] ?? { id, created_at: null })]));
}

/**
 * A customer's branches as a picker offers them (business-areas.md §9): only the active ones,
 * each under `branchLabel`. `current` (the branch a record already has) stays offered even when
 * inactive, so editing other fields never drops it unasked.
 */
export async function branchChoicesOf(customer: number | null, current: number | null = null): Promise<Option[]> {
  if (!customer) return [];
  const branches = await mirror.rowsOf<CustomerBranch>('customerBranches').where('customer').equals(customer).toArray();
  const offered = new Set(activeBranches(branches).map((b) => b.id));
  return branches.filter((b) => offered.has(b.id) || b.id === current).map((b) => ({ value: String(b.id), label: branchLabel(b) }));
}

/** A branch by `branchLabel` (business-areas.md §9); one the device lacks keeps its number. */
export async function branchLabelOf(branch: number | null): Promise<string | null> {
  if (branch === null) return null;
  const row = await mirror.rowsOf<CustomerBranch>('customerBranches').get(branch);
  return row ? branchLabel(row) : `No. ${branch}`;
}
