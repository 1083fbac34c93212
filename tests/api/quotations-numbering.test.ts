import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { quotations } from '../../server/db/schema';
import { userId } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** Quotation numbers: assigned by the server, consecutive, one each under concurrent creation. */

const { as, db } = useTestServer();

describe('quotation numbers', () => {
  it('are consecutive with no duplicate and no gap when 20 quotations are created at once', async () => {
    const customer = await makeCustomer(db());
    const exec = await as('sales.exec');
    const body = { customer: customer.id, sales_exec: await userId(db(), 'sales.exec'), quotation_date: '2026-11-20', items: [{ description: 'Tray', quantity: '1', unit_price: '100' }] };
    // One that fails (an unknown customer) among them takes no number.
    const answers = await Promise.all([...Array.from({ length: 20 }, () => exec.post(API.quotations.list, body)), exec.post(API.quotations.list, { ...body, customer: 99999 })]);
    expect(answers.map((a) => a.statusCode)).toEqual([...Array<number>(20).fill(201), 400]);
    const numbers = answers.slice(0, 20).map((a) => a.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await db().select({ number: quotations.number }).from(quotations)).length).toBe(20);
    expect((await exec.post(API.quotations.list, body)).json().number).toBe(21);
  });

  it('are not taken from the client, and continue after a cancelled quotation', async () => {
    const customer = await makeCustomer(db());
    const exec = await as('sales.exec');
    const body = { customer: customer.id, sales_exec: await userId(db(), 'sales.exec'), quotation_date: '2026-11-20', items: [{ description: 'Tray', quantity: '1', unit_price: '100' }] };
    const first = (await exec.post(API.quotations.list, { ...body, number: 500 })).json();
    expect(first.number).toBe(1);
    await exec.delete(API.quotations.detail(first.id));
    expect((await exec.post(API.quotations.list, body)).json().number).toBe(2);
  });
});
