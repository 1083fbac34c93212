import type { RouteName } from './routes';

/**
 * The requisition screens come in variants per department (business-areas.md §2: "foreman,
 * metal and stores variants"): each list names where its "New requisition" and its rows lead,
 * each create screen where the user returns after saving. Stores serves requisitions; it does
 * not raise them from its list, which is its queue: what it may issue against now, newest first.
 */
export const REQUISITION_LISTS: Readonly<Partial<Record<RouteName, { create: RouteName | null; detail: RouteName; storesQueue?: true }>>> = {
  'requisitions-home': { create: 'requisition-create', detail: 'requisition-detail' },
  'stores-requisitions': { create: null, detail: 'requisition-detail', storesQueue: true },
  'metal-requisitions': { create: 'metal-requisition-create', detail: 'requisition-detail' },
  'acrylic-requisitions': { create: 'requisition-create', detail: 'requisition-detail' },
};

/** The lists of requisitions that are over: not in the menus, every requisitions list leads to them. */
export const ENDED_REQUISITION_LISTS: readonly RouteName[] = ['requisitions-closed', 'requisitions-cancelled'];

export const REQUISITION_CREATES: Readonly<Partial<Record<RouteName, { detail: RouteName; back: RouteName }>>> = {
  'requisition-create': { detail: 'requisition-detail', back: 'requisitions-home' },
  'foreman-requisition-create': { detail: 'foreman-requisition-detail', back: 'foreman-prod-dashboard' },
  'metal-requisition-create': { detail: 'requisition-detail', back: 'metal-requisitions' },
};
