import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, files } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { postDraftInvoice } from '../support/factories-invoices';
import { multipartBody, PDF, PNG } from '../support/multipart';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();
const auditOf = (...actions: string[]) => db().select().from(auditLog).where(inArray(auditLog.action, actions)).orderBy(auditLog.id);

/** A multipart body as the attach form sends it: the fields, and the file in "file" when given. */
const form = (fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) =>
  multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...(file ? [{ name: 'file', file: file.name, bytes: file.bytes, type: file.type }] : [])]);

const invoice = async () => postDraftInvoice(db(), await as('accounts'), 'Orbit Retail LLP');

async function attach(username: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const { body, headers } = await form(fields, file);
  return (await as(username)).post(API.invoices.attachments.list, body, headers);
}

const PO = { name: 'Orbit PO 4471.pdf', type: 'application/pdf', bytes: PDF };

describe('invoices/attachments/', () => {
  it('keeps the file with the invoice through the files module, with its description, and lists it', async () => {
    const { id } = await invoice();
    const res = await attach('accounts', { invoice: String(id), description: "Customer's purchase order" }, PO);
    expect(res.statusCode, res.body).toBe(201);
    const attachment = res.json();
    expect(attachment).toMatchObject({ invoice: id, original_name: 'Orbit PO 4471.pdf', content_type: 'application/pdf', size: PDF.length, description: "Customer's purchase order", deleted_at: null });
    expect(attachment.file_path).toBe(API.files.content(attachment.file));
    const download = await (await as('sales.exec')).get(attachment.file_path);
    expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const list = await (await as('management')).get(`${API.invoices.attachments.list}?invoice=${id}`);
    expect([list.json().count, list.json().results.map((a: { description: string }) => a.description)]).toEqual([1, ["Customer's purchase order"]]);
    expect((await auditOf('invoice.attachment_add', 'file.add')).map((e) => [e.action, e.username])).toEqual([
      ['file.add', 'accounts'],
      ['invoice.attachment_add', 'accounts'],
    ]);
  });

  it('the description may be left out; the file is typed by its bytes, not by what the client declares', async () => {
    const { id } = await invoice();
    const res = await attach('accounts', { invoice: String(id) }, { name: 'proof of delivery.png', type: 'application/octet-stream', bytes: PNG });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ description: '', content_type: 'image/png', size: 68 });
  });

  it('refuses bad input with 400s naming the fields, and keeps nothing', async () => {
    const { id } = await invoice();
    const cases: [Record<string, string>, typeof PO | undefined, Record<string, string[]>][] = [
      [{ description: 'No invoice' }, PO, { invoice: ['This field is required.'] }],
      [{ invoice: 'abc' }, PO, { invoice: ['Incorrect type. Expected pk value.'] }],
      [{ invoice: '999999' }, PO, { invoice: ['Invalid pk "999999" - object does not exist.'] }],
      [{ invoice: String(id) }, undefined, { file: ['No file was submitted.'] }],
      [{}, undefined, { invoice: ['This field is required.'], file: ['No file was submitted.'] }],
      [{ invoice: String(id), description: 'x'.repeat(501) }, PO, { description: ['Ensure this field has no more than 500 characters.'] }],
      [{ invoice: String(id) }, { name: 'run.html', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }, { file: ['This kind of file cannot be attached: upload an image (JPEG, PNG, WebP, GIF), a PDF or an office document.'] }],
      [{ invoice: String(id) }, { name: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }, { file: ['The submitted file is empty.'] }],
    ];
    for (const [fields, file, errors] of cases) {
      const res = await attach('accounts', fields, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const json = await (await as('accounts')).post(API.invoices.attachments.list, { invoice: id });
    expect([json.statusCode, json.json()]).toEqual([400, { file: ['Send the file as multipart/form-data in the field "file".'] }]);
    expect((await (await as('accounts')).get(`${API.invoices.attachments.list}?invoice=${id}`)).json().count).toBe(0);
    expect(await db().select({ id: files.id }).from(files)).toEqual([]);
  });

  it('refuses a file over the size limit with 413', async () => {
    const { id } = await invoice();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await attach('accounts', { invoice: String(id) }, { name: 'scan.pdf', type: 'application/pdf', bytes: big });
    expect([res.statusCode, res.json()]).toEqual([413, { detail: 'The file is larger than the limit of 10 MiB.' }]);
  });

  it('deletes the attachment and its file, audited, after which it is gone', async () => {
    const { id } = await invoice();
    const attachment = (await attach('accounts', { invoice: String(id), description: 'Wrong scan' }, PO)).json();
    const removed = await (await as('management')).delete(API.invoices.attachments.detail(attachment.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: attachment.id, file: null, description: 'Wrong scan' });
    expect(removed.json().deleted_at).not.toBeNull();
    expect((await (await as('accounts')).get(API.invoices.attachments.detail(attachment.id))).statusCode).toBe(404);
    expect((await (await as('accounts')).get(attachment.file_path)).statusCode).toBe(404);
    expect((await (await as('accounts')).get(`${API.invoices.attachments.list}?invoice=${id}`)).json().count).toBe(0);
    expect((await auditOf('invoice.attachment_delete', 'file.delete')).map((e) => [e.action, e.username, e.target])).toEqual([
      ['file.delete', 'management', `files:${attachment.file}`],
      ['invoice.attachment_delete', 'management', `invoice_attachments:${attachment.id}`],
    ]);
    expect((await (await as('management')).delete(API.invoices.attachments.detail(attachment.id))).statusCode).toBe(404);
  });

  it('a file removed through files/ takes its attachment with it', async () => {
    const { id } = await invoice();
    const attachment = (await attach('accounts', { invoice: String(id) }, PO)).json();
    expect((await (await as('accounts')).delete(API.files.detail(attachment.file))).statusCode).toBe(204);
    expect((await (await as('accounts')).get(`${API.invoices.attachments.list}?invoice=${id}`)).json().count).toBe(0);
    expect((await db().select().from(auditLog).where(eq(auditLog.action, 'file.delete'))).length).toBe(1);
  });

  it('answers each role as the permission matrix says', async () => {
    const { id } = await invoice();
    const attachment = (await attach('accounts', { invoice: String(id) }, PO)).json();
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${API.invoices.attachments.list}?invoice=${id}`, permission: 'invoices.read' },
      { method: 'GET', url: API.invoices.attachments.detail(attachment.id), permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.attachments.list, body: {}, permission: 'invoices.write' },
      { method: 'DELETE', url: API.invoices.attachments.detail(999999), permission: 'invoices.write' },
    ]);
    expect((await attach('sales.exec', { invoice: String(id) }, PO)).statusCode).toBe(403);
  });
});
