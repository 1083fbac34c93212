import type { Permission } from './permissions';

/**
 * Duty rules (maker and checker, DESIGN.md "Duties are separated"): whoever requests or records
 * something cannot approve it, superusers included. One row per approval: the permission its
 * route declares, what the entity is called in the refusal, and the field of the row that names
 * its maker. Every approval service calls the same check (server/lib/duties.ts); the PWA reads
 * the same rows to keep the approve button from the maker. docs/permissions.md lists them.
 */
export interface DutyRule {
  readonly approval: Permission;
  readonly entity: string;
  readonly maker: string;
}

export const DUTY_RULES = {
  'stock-adjustment': { approval: 'stock-adjustments.decide', entity: 'stock adjustment', maker: 'created_by' },
  'job-order-expense': { approval: 'job-order-expenses.approve', entity: 'expense', maker: 'created_by' },
  /** Only re-work and shortfall requisitions are approved (the state machine refuses the rest). */
  requisition: { approval: 'requisitions.approve', entity: 'requisition', maker: 'requested_by' },
  /** Only LPOs above the approval threshold (purchase settings): at or below it the buyer approves their own. */
  lpo: { approval: 'lpos.approve', entity: 'LPO', maker: 'created_by' },
  invoice: { approval: 'invoices.approve', entity: 'invoice', maker: 'created_by' },
  'credit-note': { approval: 'invoices.approve', entity: 'credit note', maker: 'created_by' },
  estimation: { approval: 'estimations.approve', entity: 'estimation', maker: 'created_by' },
} as const satisfies Record<string, DutyRule>;

export type Duty = keyof typeof DUTY_RULES;

/** A row as a duty rule reads it: the maker's user id (null when the system made it). */
export type MadeRow<D extends Duty> = { readonly [K in (typeof DUTY_RULES)[D]['maker']]: number | null };

/** The 403 of a maker approving their own request. */
export const ownApprovalMessage = (duty: Duty) => `You cannot approve your own ${DUTY_RULES[duty].entity}: another user must approve it.`;

/** Whether `user` made the row, so may not approve it. */
export function isMaker<D extends Duty>(duty: D, row: MadeRow<D>, user: { id: number } | null | undefined): boolean {
  const maker = row[DUTY_RULES[duty].maker as keyof MadeRow<D>] as number | null;
  return !!user && maker !== null && maker === user.id;
}

/** Why `user` may not approve the row, or null when they may (as far as duties go). */
export const dutyRefusal = <D extends Duty>(duty: D, row: MadeRow<D>, user: { id: number } | null | undefined): string | null =>
  isMaker(duty, row, user) ? ownApprovalMessage(duty) : null;
