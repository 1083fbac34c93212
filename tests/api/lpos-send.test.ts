import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { LPO_REFUSALS } from '../../domain/lpo';
import { auditLog, lpos, mail } from '../../server/db/schema';
import type { Config } from '../../server/config';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { pdfPages } from '../support/pdf-text';
import { decoded, entity, parts, text, useSmtpServer, type Part, type Received } from '../support/smtp';
import { useTestServer } from '../support/server';

/** Sending an LPO to its vendor (POST lpos/{id}/send/): its PDF mailed through a real SMTP server; and GET lpos/{id}/pdf/. */

const WAIT = { timeout: 20_000, interval: 100 };

describe('sending an LPO to the vendor', () => {
  const overrides: Partial<Config> = { JOBS: true, JOBS_POLL_SECONDS: 0.5 };
  const received = useSmtpServer(overrides);
  const { as, db } = useTestServer({}, overrides);

  /** 12 sheets at 1,450.00 and 3 tubes at 85.50: 17,400.00 + 256.50 = 17,656.50. */
  async function approvedLpo(vendorEmail = 'orders@shreeganesh.example') {
    const vendor = await makeVendor(db(), { name: 'Shree Ganesh Acrylics', email: vendorEmail, state: 'Maharashtra', payment_terms: '30 days from invoice' });
    const category = await makeCategory(db());
    const sheet = await makeMaterial(db(), category.id, { name: 'Acrylic sheet clear 5mm', unit: 'SHEET' });
    const tube = await makeMaterial(db(), category.id, { name: 'Fevicol tube', unit: 'PCS' });
    const lpo = await makeLpo(db(), vendor.id, { lpo_date: '2026-11-20', expected_date: '2026-11-30', total_amount: '17656.50', status: 'approved' });
    await makeLpoItem(db(), lpo.id, sheet.id, { quantity: '12', rate: '1450.00' });
    await makeLpoItem(db(), lpo.id, tube.id, { quantity: '3', rate: '85.50' });
    return lpo;
  }

  it('mails the PDF to the vendor’s address with the note, marks the LPO sent and records to whom', async () => {
    received.length = 0;
    const lpo = await approvedLpo();
    const res = await (await as('purchase')).post(API.lpos.send(lpo.id), { notes: 'Please confirm the delivery date.', expected_version: lpo.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', sent_at: expect.any(String) });

    await expect.poll(() => received.length, WAIT).toBe(1);
    const [delivered] = received as [Received];
    expect(delivered.rcptTo).toEqual(['orders@shreeganesh.example']);
    const message = entity(delivered.raw);
    expect(message.headers).toMatchObject({ to: 'orders@shreeganesh.example', subject: `LPO ${lpo.id}` });
    const [body, attachment] = parts(message) as [Part, Part];
    expect(text(body).replace(/\r\n/g, '\n').trimEnd()).toBe(
      `Please confirm the delivery date.\n\nPlease find attached our local purchase order No. ${lpo.id} of 20-11-2026, total ₹17,656.50. Kindly deliver by 30-11-2026.`,
    );
    expect(attachment.headers['content-type']).toMatch(new RegExp(`^application/pdf; name="?LPO-${lpo.id}\\.pdf"?$`));
    const [page] = await pdfPages(decoded(attachment));
    expect(page).toContain('Local Purchase Order');
    expect(page).toContain('Shree Ganesh Acrylics');
    expect(page).toContain('Acrylic sheet clear\n5mm\nSheets\n12.000\n1,450.00\n0.00\n30-11-2026\n17,400.00');
    expect(page).toContain('Total\n₹17,656.50');
    expect(page).toContain('Payment terms');
    expect(page).toContain('30 days from invoice');

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'lpo.send'));
    expect(audit).toMatchObject({ username: 'purchase', target: `lpos:${lpo.id}`, metadata: { status: 'sent', to: ['orders@shreeganesh.example'] } });
  });

  it('mails the addresses given instead of the vendor’s', async () => {
    received.length = 0;
    const lpo = await approvedLpo();
    const res = await (await as('purchase')).post(API.lpos.send(lpo.id), { email_addresses: ['dispatch@shreeganesh.example', 'owner@shreeganesh.example'] });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => received.length, WAIT).toBe(1);
    expect((received[0] as Received).rcptTo).toEqual(['dispatch@shreeganesh.example', 'owner@shreeganesh.example']);
  });

  it('refuses a vendor without an e-mail address, naming the field, and neither queues a mail nor marks the LPO sent', async () => {
    const lpo = await approvedLpo('');
    const purchase = await as('purchase');
    const res = await purchase.post(API.lpos.send(lpo.id), {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email_addresses: [LPO_REFUSALS.noVendorEmail] });
    const bad = await purchase.post(API.lpos.send(lpo.id), { email_addresses: ['orders@'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'email_addresses.0': ['Enter a valid email address.'] });
    expect(await db().select().from(mail)).toEqual([]);
    const [row] = await db().select().from(lpos).where(eq(lpos.id, lpo.id));
    expect(row).toMatchObject({ status: 'approved', sent_at: null });
  });

  it('serves the LPO’s PDF to those who read LPOs', async () => {
    const lpo = await approvedLpo();
    const res = await (await as('stores')).get(API.lpos.pdf(lpo.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="LPO-${lpo.id}.pdf"`);
    const [page] = await pdfPages(res.rawPayload);
    expect(page).toContain(`LPO No.\n${lpo.id}`);
    expect((await (await as('sales.exec')).get(API.lpos.pdf(lpo.id))).statusCode).toBe(403);
  });
});
