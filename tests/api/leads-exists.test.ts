import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { LEAD_PLACEHOLDER_CONTACT_NUMBER } from '../../domain/lead';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { makeLeadWith } from '../support/factories-leads';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

describe('the lead check (POST leads/exists/{contact_number}/{company}/)', () => {
  it("finds live leads by contact number (spaces aside) or company (case and spaces aside), naming whose they are", async () => {
    const ravi = await userId(db(), 'sales.exec');
    const meera = await userId(db(), 'sales.senior');
    const byNumber = await makeLeadWith(db(), meera, { company: 'Lumen Opticals', contact_number: '98765 43210', stage: 'followup' });
    const byCompany = await makeLeadWith(db(), ravi, { company: 'Orbit Retail' });
    await makeLeadWith(db(), ravi, { company: 'Nobody', contact_number: '' });
    const exec = await as('sales.exec');
    const res = await exec.post(API.leads.exists('9876543210', 'orbit retail'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      exists: true,
      leads: [
        { id: byNumber.id, company: 'Lumen Opticals', stage: 'followup', assign_to: meera, assign_to_name: 'Meera Iyer' },
        { id: byCompany.id, company: 'Orbit Retail', stage: 'new', assign_to: ravi, assign_to_name: 'Ravi Kumar' },
      ],
    });
    expect((await exec.post(API.leads.exists('9123456789', 'Someone New'))).json()).toEqual({ exists: false, leads: [] });
  });

  it('never matches the placeholder number, not even a lead saved with it', async () => {
    const ravi = await userId(db(), 'sales.exec');
    const { leads } = await import('../../server/db/schema');
    await db().insert(leads).values({ assign_to: ravi, company: 'Old Import', contact_number: LEAD_PLACEHOLDER_CONTACT_NUMBER, source: 'Self', requirement: 'Trays', lead_type: 'Retail' });
    const exec = await as('sales.exec');
    expect((await exec.post(API.leads.exists(LEAD_PLACEHOLDER_CONTACT_NUMBER, 'Someone New'))).json()).toEqual({ exists: false, leads: [] });
    expect((await exec.post(API.leads.exists(LEAD_PLACEHOLDER_CONTACT_NUMBER, 'old import'))).json().exists).toBe(true);
  });

  it('answers a path that names no number or company 404, as every bad path value', async () => {
    const exec = await as('sales.exec');
    for (const [number, company] of [['12ab', 'X'], ['123', 'X'], ['9876543210', ' ']] as const) {
      const res = await exec.post(API.leads.exists(number, company));
      expect(res.statusCode, `${number} ${company}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers each demo role as domain/permissions.ts says', async () => {
    await expectAccessMatrix(app(), [{ method: 'POST', url: API.leads.exists('9876543210', 'Orbit'), permission: 'leads.read' }]);
  });
});
