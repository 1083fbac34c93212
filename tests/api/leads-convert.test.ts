import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { LEAD_MESSAGES } from '../../domain/lead';
import { auditLog, customerBranches, customers } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeUser, userId } from '../support/factories';
import { makeLeadWith } from '../support/factories-leads';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();
const actions = async () => (await db().select().from(auditLog).orderBy(auditLog.id)).map((a) => a.action).filter((action) => !action.startsWith('auth.'));

describe('converting a lead (POST leads/leads/{id}/convert/)', () => {
  it("makes the customer from the lead's company and contact when none exists, in one transaction, audited", async () => {
    const exec = await userId(db(), 'sales.exec');
    const lead = await makeLeadWith(db(), exec, { company: 'Lumen Opticals', contact_person: 'Anita', contact_number: '9876543210', location: 'Pune', stage: 'negotiation' });
    const res = await (await as('sales.exec')).post(API.leads.convert(lead.id), { expected_version: 1 });
    expect(res.statusCode).toBe(200);
    const made = (await db().select().from(customers))[0]!;
    expect(made).toMatchObject({ name: 'Lumen Opticals', phone: '9876543210' });
    expect(await db().select({ location: customerBranches.location, contact_person_name: customerBranches.contact_person_name }).from(customerBranches)).toEqual([{ location: 'Pune', contact_person_name: 'Anita' }]);
    expect(res.json()).toMatchObject({ lead: { id: lead.id, stage: 'converted', customer: made.id, version: 2 }, customer: { id: made.id, name: 'Lumen Opticals' }, customer_created: true });
    expect(await actions()).toEqual(['customer.create', 'lead.convert']);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'lead.convert'));
    expect(entry!.metadata).toEqual({ customer: made.id, customer_created: true, from_stage: 'negotiation' });
  });

  it('links the customer of the same name (case and spaces aside) or the one given', async () => {
    const exec = await userId(db(), 'sales.exec');
    const existing = await makeCustomer(db(), { name: 'Orbit Retail' });
    const other = await makeCustomer(db(), { name: 'Someone Else' });
    const byName = await makeLeadWith(db(), exec, { company: 'orbit  retail' });
    const given = await makeLeadWith(db(), exec, { company: 'Orbit Retail' });
    const client = await as('sales.exec');
    expect((await client.post(API.leads.convert(byName.id), {})).json()).toMatchObject({ customer: { id: existing.id }, customer_created: false, lead: { customer: existing.id } });
    expect((await client.post(API.leads.convert(given.id), { customer: other.id })).json()).toMatchObject({ customer: { id: other.id, name: 'Someone Else' }, customer_created: false });
    expect(await db().select().from(customers)).toHaveLength(2);
  });

  it('refuses a converted lead, an unknown customer, a stale version, and what the user may not reach', async () => {
    const exec = await userId(db(), 'sales.exec');
    const senior = await userId(db(), 'sales.senior');
    const lead = await makeLeadWith(db(), exec, { company: 'Tray World' });
    const client = await as('sales.exec');
    const unknown = await client.post(API.leads.convert(lead.id), { customer: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ customer: ['Invalid pk "99999" - object does not exist.'] });
    expect((await client.post(API.leads.convert(lead.id), {}, { 'if-match': '7' })).statusCode).toBe(409);
    expect((await client.post(API.leads.convert(lead.id), {})).statusCode).toBe(200);
    const again = await client.post(API.leads.convert(lead.id), {});
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ stage: [LEAD_MESSAGES.alreadyConverted] });
    const theirs = await makeLeadWith(db(), senior);
    expect((await client.post(API.leads.convert(theirs.id), {})).statusCode).toBe(404);
    for (const [payload, field] of [[{ customer: 'x' }, 'customer'], [{ customer: 0 }, 'customer'], [{ expected_version: -1 }, 'expected_version']] as const) {
      const res = await client.post(API.leads.convert(theirs.id), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    }
  });

  it('lets marketing link an existing customer but not make one (customers.write)', async () => {
    const exec = await userId(db(), 'sales.exec');
    await makeUser(db(), { username: 'marketing', department: 'marketing', designation: 'executive' });
    const lead = await makeLeadWith(db(), exec, { company: 'New Co' });
    const marketing = await as('marketing');
    const res = await marketing.post(API.leads.convert(lead.id), {});
    expect(res.statusCode).toBe(403);
    expect(await db().select().from(customers)).toHaveLength(0);
    const customer = await makeCustomer(db(), { name: 'Elsewhere' });
    expect((await marketing.post(API.leads.convert(lead.id), { customer: customer.id })).statusCode).toBe(200);
  });

  it('answers each demo role as domain/permissions.ts says', async () => {
    await expectAccessMatrix(app(), [{ method: 'POST', url: API.leads.convert(99999), body: {}, permission: 'leads.write' }]);
  });
});
