import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { userId } from '../support/factories';
import { makeCustomer, makeQuotation } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/**
 * The quotations the device mirrors (issue 18 §6): `quotations/?updated_since=` answers the rows
 * changed since a cursor, cancelled ones included so the device drops them, and a sales
 * executive's lists hold only the quotations where they are the sales executive.
 */

const { as, db } = useTestServer();

const numbersOf = (page: { results: { number: number }[] }) => page.results.map((r) => r.number).sort((a, b) => a - b);

/** Two quotations of the executive, one of the senior executive, one of the manager. */
async function four() {
  const exec = await userId(db(), 'sales.exec');
  const senior = await userId(db(), 'sales.senior');
  const manager = await userId(db(), 'sales.manager');
  const customer = await makeCustomer(db(), { name: 'Lumen Opticals' });
  const mine = await makeQuotation(db(), { customer: customer.id, sales_exec: exec, subject: 'Eyewear stands' });
  const alsoMine = await makeQuotation(db(), { customer: customer.id, sales_exec: exec, subject: 'Counter trays' });
  const seniors = await makeQuotation(db(), { customer: customer.id, sales_exec: senior, subject: 'Wall panels' });
  const managers = await makeQuotation(db(), { customer: customer.id, sales_exec: manager, subject: 'Signage' });
  return { exec, senior, mine, alsoMine, seniors, managers };
}

describe('the quotations delta the device loads', () => {
  it('answers every live quotation from cursor 0 with its names and the cursor to ask from next', async () => {
    await four();
    const res = await (await as('sales.manager')).get(`${API.quotations.list}?updated_since=0`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(numbersOf(body)).toEqual([1, 2, 3, 4]);
    expect(body.cursor).toEqual(expect.any(String));
    expect(body.results.find((r: { number: number }) => r.number === 1)).toMatchObject({ subject: 'Eyewear stands', customer_name: 'Lumen Opticals', status: 'draft', total_amount: '118.00' });
  });

  it('sends a quotation changed or cancelled after the cursor, and nothing else', async () => {
    const { mine, alsoMine } = await four();
    const manager = await as('sales.manager');
    const { cursor } = (await manager.get(`${API.quotations.list}?updated_since=0`)).json();
    expect((await manager.get(`${API.quotations.list}?updated_since=${cursor}`)).json().results).toEqual([]);
    expect((await manager.patch(API.quotations.detail(mine.id), { subject: 'Eyewear stands, walnut' })).statusCode).toBe(200);
    expect((await manager.delete(API.quotations.detail(alsoMine.id))).statusCode).toBe(204);
    const changed = (await manager.get(`${API.quotations.list}?updated_since=${cursor}`)).json().results;
    expect(changed.map((r: { id: number; subject: string; deleted_at: string | null }) => [r.id, r.subject, r.deleted_at !== null])).toEqual([
      [mine.id, 'Eyewear stands, walnut', false],
      [alsoMine.id, 'Counter trays', true],
    ]);
  });
});

describe('the quotation row rule of the lists (row-rules.ts)', () => {
  it("gives a sales executive only their own quotations on the list, the delta, filter_quotations and deleted_list", async () => {
    const { senior, seniors, managers } = await four();
    const exec = await as('sales.exec');
    expect(numbersOf((await exec.get(API.quotations.list)).json())).toEqual([1, 2]);
    expect(numbersOf((await exec.get(`${API.quotations.list}?updated_since=0`)).json())).toEqual([1, 2]);
    expect(numbersOf((await exec.get(`${API.quotations.list}?sales_exec=${senior}`)).json())).toEqual([]);
    expect(numbersOf((await exec.get(`${API.quotations.filter}?sales_exec=${senior}`)).json())).toEqual([]);
    expect(numbersOf((await exec.get(API.quotations.filter)).json())).toEqual([1, 2]);
    await (await as('sales.manager')).delete(API.quotations.detail(seniors.id));
    expect((await exec.get(API.quotations.deleted)).json().count).toBe(0);
    expect((await (await as('sales.senior')).get(API.quotations.deleted)).json().count).toBe(1);
    // Opened by its number, another executive's quotation still reads (decision 216).
    expect((await exec.get(API.quotations.detail(managers.id))).statusCode).toBe(200);
  });

  it('gives a senior sales executive their own too, and the manager, management, design and accounts every one', async () => {
    await four();
    expect(numbersOf((await (await as('sales.senior')).get(`${API.quotations.list}?updated_since=0`)).json())).toEqual([3]);
    for (const username of ['sales.manager', 'management', 'design', 'accounts', 'admin']) {
      expect(numbersOf((await (await as(username)).get(`${API.quotations.list}?updated_since=0`)).json()), username).toEqual([1, 2, 3, 4]);
    }
  });
});
