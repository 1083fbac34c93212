import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { userId } from '../support/factories';
import { makeCustomer, makeQuotation } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** filter_quotations/ (business-areas.md §7): by number range, period, customer, sales executive and issuing entity. */

const { as, db } = useTestServer();

async function six() {
  const exec = await userId(db(), 'sales.exec');
  const senior = await userId(db(), 'sales.senior');
  const lumen = await makeCustomer(db(), { name: 'Lumen Opticals' });
  const other = await makeCustomer(db());
  const q = [
    await makeQuotation(db(), { customer: lumen.id, sales_exec: exec, quotation_date: '2026-10-01', monarch_entity: 'Monarch Display Systems Pvt Ltd' }),
    await makeQuotation(db(), { customer: lumen.id, sales_exec: senior, quotation_date: '2026-10-15', monarch_entity: 'Monarch Retail Interiors LLP' }),
    await makeQuotation(db(), { customer: other.id, sales_exec: exec, quotation_date: '2026-11-01', monarch_entity: 'Monarch Display Systems Pvt Ltd' }),
    await makeQuotation(db(), { customer: other.id, sales_exec: senior, quotation_date: '2026-11-10', monarch_entity: 'Monarch Display Systems Pvt Ltd' }),
    await makeQuotation(db(), { customer: lumen.id, sales_exec: exec, quotation_date: '2026-11-20', monarch_entity: 'Monarch Retail Interiors LLP' }),
    await makeQuotation(db(), { customer: lumen.id, sales_exec: exec, quotation_date: '2026-11-25', monarch_entity: 'Monarch Display Systems Pvt Ltd' }),
  ];
  return { exec, senior, lumen, numbers: q.map((r) => r.number) };
}

const numbersOf = (page: { results: { number: number }[] }) => page.results.map((r) => r.number);

describe('filter_quotations/', () => {
  it('narrows by each filter, newest number first, and by all of them together', async () => {
    const { exec, senior, lumen } = await six();
    const reader = await as('accounts');
    const get = async (query: string) => {
      const res = await reader.get(`${API.quotations.filter}?${query}`);
      expect(res.statusCode, query).toBe(200);
      return numbersOf(res.json());
    };
    expect(await get('')).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await get('start_number=2&end_number=4')).toEqual([4, 3, 2]);
    expect(await get('start_date=2026-10-15&end_date=2026-11-10')).toEqual([4, 3, 2]);
    expect(await get(`customer=${lumen.id}`)).toEqual([6, 5, 2, 1]);
    expect(await get(`sales_exec=${senior}`)).toEqual([4, 2]);
    expect(await get('monarch_entity=Monarch%20Retail%20Interiors%20LLP')).toEqual([5, 2]);
    expect(await get(`customer=${lumen.id}&sales_exec=${exec}&monarch_entity=Monarch%20Display%20Systems%20Pvt%20Ltd&start_number=2&start_date=2026-11-01`)).toEqual([6]);
    const page = (await reader.get(`${API.quotations.filter}?customer=${lumen.id}&page_size=1`)).json();
    expect(page).toMatchObject({ count: 4, next: expect.stringContaining('page=2'), previous: null });
    expect(page.results[0]).toMatchObject({ customer_name: 'Lumen Opticals', items: [expect.objectContaining({ gross_price: '100.00' })], versions: [{ revision: 1, current: true }] });
  });

  it('leaves cancelled quotations out and answers an empty page when nothing matches', async () => {
    await six();
    const reader = await as('sales.exec');
    const [first] = (await reader.get(`${API.quotations.filter}?end_number=1`)).json().results;
    await (await as('sales.manager')).delete(API.quotations.detail(first.id));
    expect((await reader.get(`${API.quotations.filter}?end_number=1`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('names the field of a bad filter in a 400; stores may not filter', async () => {
    const reader = await as('sales.exec');
    const cases: [string, string, string?][] = [
      ['start_number=abc', 'start_number', 'A valid integer is required.'],
      ['start_number=5&end_number=2', 'end_number', 'The end number cannot be below the start number.'],
      ['start_date=2026-13-01', 'start_date'],
      ['start_date=2026-11-10&end_date=2026-11-01', 'end_date', 'The end date cannot be before the start date.'],
      ['customer=lumen', 'customer', 'A valid integer is required.'],
      ['sales_exec=0', 'sales_exec', 'Invalid pk - object does not exist.'],
      ['page=0', 'page', 'Invalid page.'],
      ['colour=red', 'non_field_errors'],
    ];
    for (const [query, field, message] of cases) {
      const res = await reader.get(`${API.quotations.filter}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
      if (message) expect(res.json()[field], query).toEqual([message]);
    }
    expect((await (await as('stores')).get(API.quotations.filter)).statusCode).toBe(403);
  });
});
