import { PERMISSIONS } from './permissions';
import { matchesRole, SALES_EXECUTIVE, type RoleMatch } from './roles';
import type { UserRole } from './user';

/**
 * Which rows a permitted user receives (business-areas.md §6), as data, first match wins.
 * The server applies them to every list, detail and delta; the PWA reads the same rules.
 */

/** Materials: a production foreman gets only consumables; other production users, except managers, everything but. */
export type MaterialScope = 'all' | 'consumables-only' | 'without-consumables';
export const MATERIAL_SCOPE_RULES: readonly (RoleMatch & { readonly scope: MaterialScope })[] = [
  { departments: ['production'], designations: ['manager'], scope: 'all' },
  { departments: ['production'], designations: ['foreman'], scope: 'consumables-only' },
  { departments: ['production'], scope: 'without-consumables' },
];

/** Leads: a sales executive gets only the leads assigned to them. */
export type LeadScope = 'all' | 'assigned-to-me';
export const LEAD_SCOPE_RULES: readonly (RoleMatch & { readonly scope: LeadScope })[] = [{ ...SALES_EXECUTIVE, scope: 'assigned-to-me' }];

/**
 * Quotations: a sales executive's lists (the device's mirror and its delta, filter_quotations/,
 * deleted_list/) hold the quotations where they are the sales executive; a quotation opened by
 * its number still reads for every quotation reader (decision 216).
 */
export type QuotationScope = 'all' | 'own';
export const QUOTATION_SCOPE_RULES: readonly (RoleMatch & { readonly scope: QuotationScope })[] = [{ ...SALES_EXECUTIVE, scope: 'own' }];

/** Job orders: design reads those that reached its desk, in the Design bucket now or moved into it before. */
export type JobOrderScope = 'all' | 'reached-design';
export const JOB_ORDER_SCOPE_RULES: readonly (RoleMatch & { readonly scope: JobOrderScope })[] = [{ departments: ['design'], scope: 'reached-design' }];

/** Invoice and sales figures of the reports area: a sales executive reads those of their own job orders and sales orders (decision 372). */
export type ReportScope = 'all' | 'own';
export const REPORT_SCOPE_RULES: readonly (RoleMatch & { readonly scope: ReportScope })[] = [{ ...SALES_EXECUTIVE, scope: 'own' }];

function scopeOf<S extends string>(rules: readonly (RoleMatch & { readonly scope: S })[], user: UserRole, fallback: S): S {
  if (user.is_superuser) return fallback;
  return rules.find((rule) => matchesRole(user, rule))?.scope ?? fallback;
}

export const materialScopeOf = (user: UserRole): MaterialScope => scopeOf(MATERIAL_SCOPE_RULES, user, 'all');
export const leadScopeOf = (user: UserRole): LeadScope => scopeOf(LEAD_SCOPE_RULES, user, 'all');
export const jobOrderScopeOf = (user: UserRole): JobOrderScope => scopeOf(JOB_ORDER_SCOPE_RULES, user, 'all');
export const reportScopeOf = (user: UserRole): ReportScope => scopeOf(REPORT_SCOPE_RULES, user, 'all');
export const quotationScopeOf = (user: UserRole): QuotationScope => scopeOf(QUOTATION_SCOPE_RULES, user, 'all');

/**
 * Where a user's requisition material picker and requisition lines find every material's name
 * and unit: users who see every material read their materials; a narrower scope reads the names
 * of all of them (no stock facts), because a foreman does request non-consumables for a job.
 */
export type MaterialNamesType = 'materials' | 'materialNames';
export const materialNamesTypeOf = (user: UserRole): MaterialNamesType => (materialScopeOf(user) === 'all' ? 'materials' : 'materialNames');

/**
 * Whose rows a user may change (edit, cancel, delete): the matrix says who may edit requisitions
 * at all, these say whose. Any matching grant allows; superusers always may. `rows` is the
 * user's relation to the row: any row, their own (they are its owner), or one whose owner is of
 * their department. `unless` leaves users out of a grant; `fields` limits it to those fields
 * (and never allows cancelling or deleting the row).
 */
export type RowRelation = 'any' | 'own' | 'own-department';
export interface EditGrant extends RoleMatch {
  readonly rows: RowRelation;
  readonly unless?: RoleMatch;
  readonly fields?: readonly string[];
}
export interface EditRule {
  /** The row field naming its owner: the raiser, the recorder, the sales executive. */
  readonly owner: string;
  /** The row field naming the owner's department, for `own-department` grants. */
  readonly ownerDepartment?: string;
  readonly grants: readonly EditGrant[];
  /** The 403's detail: who may, so a refused user learns why. */
  readonly refusal: string;
}

/** What stores change on a requisition: what is issued and reserved, through the stock ledger's calls. */
export const REQUISITION_ISSUE_FIELDS = ['quantity_issued', 'quantity_reserved'] as const;

export const EDIT_RULES = {
  requisition: {
    owner: 'requested_by',
    ownerDepartment: 'requested_by_department',
    grants: [
      { rows: 'own' },
      { designations: ['manager', 'assistant-manager', 'supervisor'], rows: 'own-department' },
      { departments: ['stores'], rows: 'any', fields: REQUISITION_ISSUE_FIELDS },
    ],
    refusal: "Only the requisition's raiser, the managers and supervisors of the raiser's department and superusers may change or cancel it; stores change only what is issued and reserved.",
  },
  jobOrderExpense: {
    owner: 'created_by',
    grants: [{ rows: 'own' }, ...PERMISSIONS['job-order-expenses.approve'].map((grant) => ({ ...grant, rows: 'any' as const }))],
    refusal: 'Only whoever recorded the expense and those who approve expenses may change or delete it.',
  },
  jobOrder: {
    owner: 'sales_executive',
    grants: [
      { ...SALES_EXECUTIVE, rows: 'own' },
      { unless: SALES_EXECUTIVE, rows: 'any' },
    ],
    refusal: 'A sales executive changes only the job orders where they are the sales executive.',
  },
  salesOrder: {
    owner: 'created_by',
    grants: [
      { ...SALES_EXECUTIVE, rows: 'own' },
      { unless: SALES_EXECUTIVE, rows: 'any' },
    ],
    refusal: 'A sales executive changes only the sales orders they created.',
  },
  /** Deleting a lead (set_deleted/): its sales executive, or whoever may reassign leads. */
  lead: {
    owner: 'assign_to',
    grants: [{ rows: 'own' }, ...PERMISSIONS['leads.reassign'].map((grant) => ({ ...grant, rows: 'any' as const }))],
    refusal: "Only the lead's sales executive, sales managers and management may delete a lead.",
  },
  quotation: {
    owner: 'sales_exec',
    grants: [
      { ...SALES_EXECUTIVE, rows: 'own' },
      { unless: SALES_EXECUTIVE, rows: 'any' },
    ],
    refusal: 'A sales executive changes only the quotations where they are the sales executive.',
  },
  /** A message's attachments: only its sender adds or removes them. */
  message: {
    owner: 'sender',
    grants: [{ rows: 'own' }],
    refusal: "Only a message's sender may attach files to it or remove them.",
  },
} as const satisfies Record<string, EditRule>;
export type EditableRow = keyof typeof EDIT_RULES;

/** What an edit rule reads of a user. */
export type EditSubject = UserRole & { readonly id: number };

function relationHolds(relation: RowRelation, user: EditSubject, owner: unknown, ownerDepartment: unknown): boolean {
  if (relation === 'own') return owner === user.id;
  if (relation === 'own-department') return user.department !== null && ownerDepartment === user.department;
  return true;
}

/** Whether the user may change the row: `fields` the fields changed, omitted when the row is cancelled or deleted. */
export function mayEdit(entity: EditableRow, user: EditSubject, row: object, fields?: readonly string[]): boolean {
  if (user.is_superuser) return true;
  const rule: EditRule = EDIT_RULES[entity];
  const facts = row as Readonly<Record<string, unknown>>;
  return rule.grants.some(
    (grant) =>
      matchesRole(user, grant) &&
      !(grant.unless && matchesRole(user, grant.unless)) &&
      relationHolds(grant.rows, user, facts[rule.owner], rule.ownerDepartment && facts[rule.ownerDepartment]) &&
      (!grant.fields || (fields !== undefined && fields.every((field) => grant.fields!.includes(field)))),
  );
}

/** The refusal of a change the rule does not allow, or null. */
export const editRefusal = (entity: EditableRow, user: EditSubject, row: object, fields?: readonly string[]): string | null =>
  mayEdit(entity, user, row, fields) ? null : EDIT_RULES[entity].refusal;
