import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, quotationItems, quotations } from '../../server/db/schema';
import { makeJobOrder } from '../support/factories-requisitions';
import { multipartBody, PDF, PNG } from '../support/multipart';
import { userId } from '../support/factories';
import { makeQuotation } from '../support/factories-sales';
import { useTwoApiProcesses } from '../support/api-process';
import { signIn, useTestServer } from '../support/server';

/** Files of rows (issue 16 §3 "Files"): kept in the database, typed by their bytes, under the row's permission. */


/** A multipart body as a browser's FormData sends it: the file in the field "file", with the name and type the client declares. */
const form = (name: string, declaredType: string, bytes: Buffer, field = 'file') => multipartBody([{ name: field, file: name, bytes, type: declaredType }]);

describe('files of a row', () => {
  const server = useTestServer();

  async function upload(username: string, url: string, name: string, type: string, bytes: Buffer) {
    const client = await server.as(username);
    const { body, headers } = await form(name, type, bytes);
    return client.post(url, body, headers);
  }

  it('keeps an uploaded image with its job order and gives it back, typed by its bytes', async () => {
    const jobOrder = await makeJobOrder(server.db());
    const created = await upload('sales.exec', `/files/job-order/${jobOrder.id}/`, 'stand front.png', 'application/octet-stream', PNG);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ owner_type: 'job-order', owner_id: jobOrder.id, name: 'stand front.png', content_type: 'image/png', size: 68, sha256: '63ef318d96b5d0d0ceba6e04a4e622b1158335cdc67c49e27839132c6f655058' });

    const stores = await server.as('stores');
    const list = await stores.get(`/files/job-order/${jobOrder.id}/`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((f: { name: string }) => f.name)).toEqual(['stand front.png']);

    const download = await stores.get(`/files/${created.json().id}/content/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`inline; filename="stand front.png"; filename*=UTF-8''stand%20front.png`);
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it('names a file with a non-ASCII name in both the ASCII and the UTF-8 form', async () => {
    const jobOrder = await makeJobOrder(server.db());
    const created = await upload('sales.exec', `/files/job-order/${jobOrder.id}/`, 'रसीद.pdf', 'application/pdf', PDF);
    expect(created.statusCode).toBe(201);
    const download = await (await server.as('sales.exec')).get(`/files/${created.json().id}/content/`);
    expect(download.headers['content-disposition']).toBe(`inline; filename="____.pdf"; filename*=UTF-8''%E0%A4%B0%E0%A4%B8%E0%A5%80%E0%A4%A6.pdf`);
  });

  it('refuses a file larger than the limit with 413 in the error shape, over a real socket too, and keeps nothing', async () => {
    const jobOrder = await makeJobOrder(server.db());
    const url = `/files/job-order/${jobOrder.id}/`;
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload('sales.exec', url, 'big.png', 'image/png', tooLarge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The file is larger than the limit of 10 MiB.' });
    // A socket delivers the file in chunks, where the cut at the limit shows differently than in one piece.
    const base = await server.app().listen({ port: 0, host: '127.0.0.1' });
    const { access } = await signIn(server.app(), 'sales.exec');
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(Buffer.concat([tooLarge, Buffer.alloc(20 * 1024 * 1024)]))], { type: 'image/png' }), 'bigger.png');
    const overHttp = await fetch(`${base}/api/v1${url}`, { method: 'POST', headers: { authorization: `JWT ${access}` }, body: data });
    expect(overHttp.status).toBe(413);
    expect(await overHttp.json()).toEqual({ detail: 'The file is larger than the limit of 10 MiB.' });
    expect((await (await server.as('sales.exec')).get(url)).json()).toEqual([]);
  });

  it('refuses a file whose bytes are not what its name and declared type say', async () => {
    const jobOrder = await makeJobOrder(server.db());
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const disguised = await upload('sales.exec', `/files/job-order/${jobOrder.id}/`, 'photo.png', 'image/png', page);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toEqual({ file: ['This kind of file cannot be attached: upload an image (JPEG, PNG, WebP, GIF), a PDF or an office document.'] });
    const text = await upload('sales.exec', `/files/job-order/${jobOrder.id}/`, 'quote.pdf', 'application/pdf', Buffer.from('just some text'));
    expect(text.statusCode).toBe(400);
    expect((await (await server.as('sales.exec')).get(`/files/job-order/${jobOrder.id}/`)).json()).toEqual([]);
  });

  it('answers a request without a file, or not multipart, with a 400 naming the field', async () => {
    const jobOrder = await makeJobOrder(server.db());
    const wrongField = await form('a.png', 'image/png', PNG, 'picture');
    const client = await server.as('sales.exec');
    expect((await client.post(`/files/job-order/${jobOrder.id}/`, wrongField.body, wrongField.headers)).json()).toEqual({ file: ['No file was submitted.'] });
    const json = await client.post(`/files/job-order/${jobOrder.id}/`, { file: 'a.png' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ file: ['Send the file as multipart/form-data in the field "file".'] });
  });

  it('answers 404 for a row that does not exist or a kind of row that has no files', async () => {
    const client = await server.as('sales.exec');
    expect((await client.get('/files/job-order/999999/')).json()).toEqual({ detail: 'No job order 999999.' });
    expect((await client.get('/files/customer-secrets/1/')).statusCode).toBe(404);
    expect((await client.get('/files/999999/content/')).statusCode).toBe(404);
  });

  it("refuses whoever may not read or change the row the file belongs to", async () => {
    const jobOrder = await makeJobOrder(server.db());
    const url = `/files/job-order/${jobOrder.id}/`;
    const created = await upload('sales.exec', url, 'a.png', 'image/png', PNG);
    // Design reads only the job orders that reached its desk (404 for others, as their detail answers); stores reads but
    // may not change them; another sales executive changes only their own.
    const design = await server.as('design');
    expect((await design.get(url)).statusCode).toBe(404);
    expect((await design.get(`/files/${created.json().id}/content/`)).statusCode).toBe(404);
    expect((await upload('stores', url, 'b.png', 'image/png', PNG)).statusCode).toBe(403);
    const otherExecutive = await upload('sales.senior', url, 'c.png', 'image/png', PNG);
    expect(otherExecutive.statusCode).toBe(403);
    expect(otherExecutive.json()).toEqual({ detail: 'A sales executive changes only the job orders where they are the sales executive.' });
    expect((await (await server.as('stores')).delete(`/files/${created.json().id}/`)).statusCode).toBe(403);
    expect((await (await server.as('sales.exec')).get(url)).json()).toHaveLength(1);
  });

  it("takes a quotation item's files from its own sales executive and managers only, and none for a cancelled quotation", async () => {
    const quotation = await makeQuotation(server.db(), { sales_exec: await userId(server.db(), 'sales.exec') });
    const [item] = await server.db().select({ id: quotationItems.id }).from(quotationItems).where(eq(quotationItems.quotation, quotation.id));
    const url = `/files/quotation-item/${item!.id}/`;
    expect((await upload('sales.exec', url, 'front.png', 'image/png', PNG)).statusCode).toBe(201);
    expect((await upload('sales.manager', url, 'side.png', 'image/png', PNG)).statusCode).toBe(201);
    const otherExecutive = await upload('sales.senior', url, 'back.png', 'image/png', PNG);
    expect(otherExecutive.statusCode).toBe(403);
    expect(otherExecutive.json()).toEqual({ detail: 'A sales executive changes only the quotations where they are the sales executive.' });
    await server.db().update(quotations).set({ deleted_at: new Date().toISOString() }).where(eq(quotations.id, quotation.id));
    expect((await upload('sales.exec', url, 'late.png', 'image/png', PNG)).statusCode).toBe(404);
  });

  it('deletes a file for good and audits both the upload and the deletion', async () => {
    const jobOrder = await makeJobOrder(server.db());
    const created = (await upload('sales.exec', `/files/job-order/${jobOrder.id}/`, 'a.png', 'image/png', PNG)).json();
    const manager = await server.as('sales.manager');
    expect((await manager.delete(`/files/${created.id}/`)).statusCode).toBe(204);
    expect((await manager.get(`/files/${created.id}/content/`)).statusCode).toBe(404);
    const audit = await server.db().select().from(auditLog).where(eq(auditLog.target, `files:${created.id}`)).orderBy(auditLog.id);
    expect(audit.map((a) => [a.username, a.action, a.risk_level])).toEqual([
      ['sales.exec', 'file.add', 'low'],
      ['sales.manager', 'file.delete', 'medium'],
    ]);
    expect(audit[1]!.metadata).toEqual({ owner_type: 'job-order', owner_id: jobOrder.id, name: 'a.png', sha256: created.sha256 });
  });
});

/** Several API processes share one PostgreSQL (embedded PGlite serves one process only). */
describe.runIf(process.env.TEST_DB === 'postgres')('files across two API processes', () => {
  const two = useTwoApiProcesses();

  it('reads back through one process a file uploaded through another', async () => {
    const [a, b] = two.processes();
    const database = two.database();
    const jobOrder = await makeJobOrder(database.database.db);
    const { access } = await signIn(database.app, 'sales.exec');
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'drawing.pdf');
    const uploaded = await fetch(`${a.url}/api/v1/files/job-order/${jobOrder.id}/`, { method: 'POST', headers: { authorization: `JWT ${access}` }, body: data });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    const read = await fetch(`${b.url}/api/v1/files/${id}/content/`, { headers: { authorization: `JWT ${access}` } });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await read.arrayBuffer()).equals(PDF)).toBe(true);
  });
});
