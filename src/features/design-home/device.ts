import { useLiveQuery } from 'dexie-react-hooks';
import type { Customer } from '../../../domain/customer';
import { isWaitingForDesign } from '../../../domain/design-dashboard';
import { jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import { mirror } from '../../data/mirror/db';

/** A job order waiting at design's desk as the device last synced it (no due date: that is its sales order's, on the server). */
export interface DeviceDesignJob {
  id: number;
  label: string;
  customer_name: string;
}

/** The job orders in the Design bucket on this device, oldest first; undefined while the device answers. */
export function useDeviceDesignJobs(): DeviceDesignJob[] | undefined {
  return useLiveQuery(async () => {
    const jobs = (await mirror.rowsOf<JobOrder>('jobOrders').where('bucket').equals('Design').toArray()).filter(isWaitingForDesign).sort((a, b) => a.id - b.id);
    const customers = (await mirror.rowsOf<Customer>('customers').bulkGet([...new Set(jobs.map((j) => j.customer))])) as (Customer | undefined)[];
    const names = new Map(customers.filter((c): c is Customer => !!c).map((c) => [c.id, c.name]));
    return jobs.map((job) => ({ id: job.id, label: jobOrderLabel(job), customer_name: names.get(job.customer) ?? '' }));
  }, []);
}
