import { valuesOf } from './options';

/** Job order statuses (business-areas.md §4); the landing page counts job orders by them. */
export const JOB_ORDER_STATUSES = [
  { value: 'Created', label: 'Created' },
  { value: 'in-process', label: 'In Process' },
  { value: 'handover-to-dispatch', label: 'Handover To Dispatch' },
  { value: 'ready-to-dispatch', label: 'Ready To Dispatch' },
  { value: 'dispatched', label: 'Dispatched' },
  { value: 'closed', label: 'Closed' },
] as const;
export type JobOrderStatus = (typeof JOB_ORDER_STATUSES)[number]['value'];
export const JOB_ORDER_STATUS_VALUES = valuesOf(JOB_ORDER_STATUSES);

/** New job orders start with status Created and bucket Sales. */
export const JOB_ORDER_DEFAULTS = { status: 'Created', bucket: 'Sales' } as const;
