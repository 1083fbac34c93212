import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { useTestServer } from '../support/server';

/** Issue 17 §4: a report asked for a period whose end is before its start is refused, never run to zero totals. */
const { as } = useTestServer();

const BACKWARDS = { at: 'end_date', query: 'start_date=2026-03-01&end_date=2026-02-01' };
const BACKWARDS_CAMEL = { at: 'endDate', query: 'startDate=2026-03-01&endDate=2026-02-01' };

describe('a report period that ends before it starts', () => {
  it.each([
    ['job order valuation', API.jobOrders.valuationBySalesExecutive, BACKWARDS],
    ['status-wise job orders', API.jobOrders.statusWiseDetailed, BACKWARDS],
    ['status-wise ageing', API.jobOrders.statusWiseAgeing, BACKWARDS],
    ['job order profitability', API.jobOrders.profitability, BACKWARDS],
    ['material issues', API.materialReports.issueReport, BACKWARDS_CAMEL],
  ])('is refused with a 400 at the end date: %s', async (_, path, { at, query }) => {
    const res = await (await as('admin')).get(`${path}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [at]: ['The end date cannot be before the start date.'] });
  });

  it('runs a period of one day', async () => {
    const res = await (await as('admin')).get(`${API.jobOrders.valuationBySalesExecutive}?start_date=2026-02-01&end_date=2026-02-01`);
    expect(res.statusCode).toBe(200);
  });
});
