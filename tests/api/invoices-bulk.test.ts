import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, invoiceStatusHistory, mail } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** bulk_operation/, bulk_approve/, bulk_send/, bulk_cancel/: each invoice on its own, the refused ones listed with why. */

const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select({ target: auditLog.target, username: auditLog.username }).from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

async function setUp(email = 'accounts@orbitretail.in') {
  await makeCompany(db());
  await makeGstRates(db());
  return makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7', email });
}

/** One line: 2 × 500.00 at 18 % inside the state, 1,180.00. */
async function draft(customer: number, maker = 'accounts') {
  const res = await (await as(maker)).post(API.invoices.list, {
    customer,
    invoice_date: '2026-11-20',
    due_date: '2026-12-20',
    items: [{ description: 'Acrylic tray', hsn_code: '3926', quantity: '2', unit_price: '500', tax_rate: '18' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
}

async function approved(customer: number) {
  const invoice = await draft(customer);
  const res = await (await as('management')).post(API.invoices.approve(invoice.id), {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; invoice_number: string };
}

async function sent(customer: number) {
  const invoice = await approved(customer);
  const res = await (await as('accounts')).post(API.invoices.send(invoice.id), {});
  expect(res.statusCode, res.body).toBe(200);
  return invoice;
}

describe('POST invoices/bulk_approve/', () => {
  it('approves each draft in its own step, numbered in the order raised, and lists the unknown, the wrong status and the approver\'s own with why', async () => {
    const customer = await setUp();
    const [a, b, c] = [await draft(customer.id), await draft(customer.id), await draft(customer.id)];
    const own = await draft(customer.id, 'management');
    const already = await approved(customer.id);
    const res = await (await as('management')).post(API.invoices.bulkApprove, { invoice_ids: [c.id, 9999, own.id, a.id, already.id, b.id, a.id], notes: 'Month-end run' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      operation: 'approve',
      successful: [
        { id: a.id, invoice_number: 'INV-26-27/00002', status: 'approved' },
        { id: b.id, invoice_number: 'INV-26-27/00003', status: 'approved' },
        { id: c.id, invoice_number: 'INV-26-27/00004', status: 'approved' },
      ],
      failed: [
        { id: own.id, status_code: 403, reason: 'You cannot approve your own invoice: another user must approve it.', errors: { detail: 'You cannot approve your own invoice: another user must approve it.' } },
        { id: already.id, status_code: 400, reason: 'An approved invoice cannot be approved: it is already approved.', errors: { non_field_errors: ['An approved invoice cannot be approved: it is already approved.'] } },
        { id: 9999, status_code: 404, reason: 'Not found.', errors: { detail: 'Not found.' } },
      ],
      message: '3 successful, 3 failed',
    });
    expect(await auditOf('invoice.approve')).toEqual([already.id, a.id, b.id, c.id].map((id) => ({ target: `invoices:${id}`, username: 'management' })));
    const history = await db().select().from(invoiceStatusHistory).where(eq(invoiceStatusHistory.invoice, a.id)).orderBy(asc(invoiceStatusHistory.id));
    expect(history.map((h) => [h.from_status, h.to_status, h.notes])).toEqual([
      [null, 'draft', ''],
      ['draft', 'approved', 'Month-end run'],
    ]);
  });

  it('with an Idempotency-Key, a retry gets the first answer and approves nothing twice', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id);
    const client = await as('management');
    const first = await client.post(API.invoices.bulkApprove, { invoice_ids: [invoice.id, 9999] }, { 'idempotency-key': 'month-end-1' });
    const again = await client.post(API.invoices.bulkApprove, { invoice_ids: [invoice.id, 9999] }, { 'idempotency-key': 'month-end-1' });
    expect(first.json()).toMatchObject({ successful: [{ id: invoice.id, invoice_number: 'INV-26-27/00001' }], failed: [{ id: 9999, status_code: 404 }], message: '1 successful, 1 failed' });
    expect([again.statusCode, again.headers['idempotent-replayed'], again.json()]).toEqual([200, 'true', first.json()]);
    expect(await auditOf('invoice.approve')).toEqual([{ target: `invoices:${invoice.id}`, username: 'management' }]);
  });

  it('is refused to those who may not approve, even through bulk_operation/', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id, 'management');
    const res = await (await as('accounts')).post(API.invoices.bulkOperation, { operation: 'approve', invoice_ids: [invoice.id] });
    expect([res.statusCode, res.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    expect(await auditOf('invoice.approve')).toEqual([]);
  });
});

describe('POST invoices/bulk_cancel/', () => {
  it('cancels approved invoices with the reason, and leaves a draft (delete it) and a sent one (void it)', async () => {
    const customer = await setUp();
    const first = await draft(customer.id);
    const issued = await approved(customer.id);
    const withCustomer = await sent(customer.id);
    const res = await (await as('accounts')).post(API.invoices.bulkCancel, { invoice_ids: [first.id, issued.id, withCustomer.id], reason: 'Order withdrawn', notes: 'Customer call 27-11' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      operation: 'cancel',
      successful: [{ id: issued.id, invoice_number: 'INV-26-27/00001', status: 'cancelled' }],
      failed: [
        {
          id: first.id,
          status_code: 400,
          reason: 'A draft invoice cannot be cancelled: it has no number yet; delete it instead.',
          errors: { non_field_errors: ['A draft invoice cannot be cancelled: it has no number yet; delete it instead.'] },
        },
        {
          id: withCustomer.id,
          status_code: 400,
          reason: 'A sent invoice cannot be cancelled: the customer has it; void it instead.',
          errors: { non_field_errors: ['A sent invoice cannot be cancelled: the customer has it; void it instead.'] },
        },
      ],
      message: '1 successful, 2 failed',
    });
    const detail = await (await as('accounts')).get(API.invoices.detail(issued.id));
    expect(detail.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'Order withdrawn', outstanding_amount: '0.00' });
    const history = await db().select().from(invoiceStatusHistory).where(eq(invoiceStatusHistory.invoice, issued.id)).orderBy(asc(invoiceStatusHistory.id));
    expect(history.map((h) => [h.to_status, h.reason, h.notes]).at(-1)).toEqual(['cancelled', 'Order withdrawn', 'Customer call 27-11']);
    expect(await auditOf('invoice.cancel')).toEqual([{ target: `invoices:${issued.id}`, username: 'accounts' }]);
  });

  it('needs a reason, as one invoice does', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id);
    const res = await (await as('accounts')).post(API.invoices.bulkCancel, { invoice_ids: [invoice.id] });
    expect([res.statusCode, res.json()]).toEqual([400, { reason: ['This field is required.'] }]);
    const blank = await (await as('accounts')).post(API.invoices.bulkOperation, { operation: 'void', invoice_ids: [invoice.id], reason: '  ' });
    expect([blank.statusCode, blank.json()]).toEqual([400, { reason: ['A reason is required to cancel or void an invoice.'] }]);
  });
});

describe('POST invoices/bulk_send/', () => {
  it("mails each approved invoice to its own customer's address, and lists a draft and a customer without an address", async () => {
    const customer = await setUp();
    const silent = await makeCustomer(db(), { name: 'Quiet Traders', state: 'Maharashtra' });
    const toSend = await approved(customer.id);
    const notApproved = await draft(customer.id);
    const noAddress = await approved(silent.id);
    const res = await (await as('accounts')).post(API.invoices.bulkSend, { invoice_ids: [toSend.id, notApproved.id, noAddress.id], notes: 'With thanks' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      operation: 'send',
      successful: [{ id: toSend.id, invoice_number: 'INV-26-27/00001', status: 'sent' }],
      failed: [
        { id: notApproved.id, status_code: 400, reason: 'A draft invoice cannot be sent: approve it first.', errors: { non_field_errors: ['A draft invoice cannot be sent: approve it first.'] } },
        {
          id: noAddress.id,
          status_code: 400,
          reason: 'The customer has no e-mail address: give the address to send the invoice to.',
          errors: { email_addresses: ['The customer has no e-mail address: give the address to send the invoice to.'] },
        },
      ],
      message: '1 successful, 2 failed',
    });
    const mails = await db().select({ to: mail.to, subject: mail.subject }).from(mail);
    expect(mails).toEqual([{ to: ['accounts@orbitretail.in'], subject: 'Tax invoice INV-26-27/00001 from Shree Ganesh Fabricators Pvt. Ltd.' }]);
    expect(await auditOf('invoice.send')).toEqual([{ target: `invoices:${toSend.id}`, username: 'accounts' }]);
  });
});

describe('POST invoices/bulk_operation/', () => {
  it('voids sent invoices and deletes drafts by the operation named', async () => {
    const customer = await setUp();
    const withCustomer = await sent(customer.id);
    const unsent = await draft(customer.id);
    const voided = await (await as('accounts')).post(API.invoices.bulkOperation, { operation: 'void', invoice_ids: [withCustomer.id, unsent.id], reason: 'Billed twice' });
    expect(voided.json()).toMatchObject({
      successful: [{ id: withCustomer.id, status: 'void' }],
      failed: [{ id: unsent.id, status_code: 400, reason: 'A draft invoice cannot be voided: delete or cancel it instead.' }],
      message: '1 successful, 1 failed',
    });
    const deleted = await (await as('accounts')).post(API.invoices.bulkOperation, { operation: 'delete', invoice_ids: [unsent.id] });
    expect(deleted.json()).toMatchObject({ successful: [{ id: unsent.id, status: 'draft' }], failed: [], message: '1 successful, 0 failed' });
    expect((await (await as('accounts')).get(API.invoices.detail(unsent.id))).statusCode).toBe(404);
    expect(await auditOf('invoice.void')).toEqual([{ target: `invoices:${withCustomer.id}`, username: 'accounts' }]);
    expect(await auditOf('invoice.delete')).toEqual([{ target: `invoices:${unsent.id}`, username: 'accounts' }]);
  });

  it('sends no reminder for an invoice not yet overdue, and says why', async () => {
    const customer = await setUp();
    const current = await approved(customer.id);
    const res = await (await as('accounts')).post(API.invoices.bulkOperation, { operation: 'send_reminder', invoice_ids: [current.id] });
    expect(res.json()).toEqual({
      operation: 'send_reminder',
      successful: [],
      failed: [{ id: current.id, status_code: 400, reason: 'Only an overdue invoice gets a payment reminder.', errors: { non_field_errors: ['Only an overdue invoice gets a payment reminder.'] } }],
      message: '0 successful, 1 failed',
    });
    expect(await db().select().from(mail)).toEqual([]);
  });

  it('refuses an empty choice with the spec\'s warning, and bad input with 400s naming the fields', async () => {
    const client = await as('management');
    const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
      [API.invoices.bulkApprove, { invoice_ids: [] }, { invoice_ids: ['No invoices selected for bulk operation'] }],
      [API.invoices.bulkSend, {}, { invoice_ids: ['No invoices selected for bulk operation'] }],
      [API.invoices.bulkCancel, { invoice_ids: [], reason: 'x' }, { invoice_ids: ['No invoices selected for bulk operation'] }],
      [API.invoices.bulkOperation, { operation: 'send', invoice_ids: [] }, { invoice_ids: ['No invoices selected for bulk operation'] }],
      [API.invoices.bulkOperation, { operation: 'archive', invoice_ids: [1] }, { operation: ['"archive" is not a valid choice.'] }],
      [API.invoices.bulkOperation, { invoice_ids: [1] }, { operation: ['This field is required.'] }],
      [API.invoices.bulkSend, { invoice_ids: ['7'] }, { 'invoice_ids.0': ['Incorrect type. Expected pk value.'] }],
      [API.invoices.bulkSend, { invoice_ids: 7 }, { invoice_ids: ['Expected array.'] }],
      [API.invoices.bulkSend, { invoice_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { invoice_ids: ['Ensure this field has no more than 100 elements.'] }],
    ];
    for (const [url, body, errors] of cases) {
      const res = await client.post(url, body);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, errors]);
    }
  });

  it('is open to the roles of the single calls', async () => {
    await expectAccessMatrix(app(), [
      { method: 'POST', url: API.invoices.bulkOperation, permission: 'invoices.write', body: { operation: 'send', invoice_ids: [9999] } },
      { method: 'POST', url: API.invoices.bulkApprove, permission: 'invoices.approve', body: { invoice_ids: [9999] } },
      { method: 'POST', url: API.invoices.bulkSend, permission: 'invoices.write', body: { invoice_ids: [9999] } },
      { method: 'POST', url: API.invoices.bulkCancel, permission: 'invoices.write', body: { invoice_ids: [9999], reason: 'x' } },
    ]);
  });
});
