import type { Db } from '../../db/client';
import { jobOrders } from '../../db/schema';
import { jobOrderBucketSchema, jobOrderStatusSchema, productionDepartmentSchema } from '../../../domain/job-order';
import { byId, byValue, fromDate, toDate, type ListSpec } from '../../lib/list';
import { findRow } from '../../lib/rows';

/**
 * Job orders as the other areas read them: requisitions, delivery notes and expenses are raised
 * against one, offline too, so the mirror needs the list. The production issue adds the writes.
 */
export const jobOrderList: ListSpec<typeof jobOrders> = {
  table: jobOrders,
  pageSize: 15,
  orderings: { id: jobOrders.id, created_at: jobOrders.created_at, updated_at: jobOrders.updated_at, status: jobOrders.status, customer: jobOrders.customer },
  defaultOrdering: '-id',
  search: [jobOrders.purchase_order, jobOrders.contact_person],
  filters: {
    status: byValue(jobOrders.status, jobOrderStatusSchema),
    bucket: byValue(jobOrders.bucket, jobOrderBucketSchema),
    customer: byId(jobOrders.customer),
    branch: byId(jobOrders.branch),
    sales_executive: byId(jobOrders.sales_executive),
    production_department: byValue(jobOrders.production_department, productionDepartmentSchema),
    start_date: fromDate(jobOrders.created_at),
    end_date: toDate(jobOrders.created_at),
  },
};

export const findJobOrder = (db: Db, id: number) => findRow(db, jobOrders, id);
