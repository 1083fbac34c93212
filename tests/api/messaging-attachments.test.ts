import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { auditLog, files, messages } from '../../server/db/schema';
import { API } from '../../domain/api-paths';
import { FILE_MESSAGES } from '../../domain/file';
import { MESSAGE_ATTACHMENT_MESSAGES, MESSAGE_MESSAGES, directConversation } from '../../domain/message';
import { useTestServer } from '../support/server';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeRequisition } from '../support/factories-requisitions';
import { dataPart, multipartBody, PDF, PNG } from '../support/multipart';

/** Files sent with a message (issue 22 §2 "attachments through the foundations' file storage", decision 398). */

const { db, as } = useTestServer({ seed: 'users' });

type Part = { name: string; type: string; bytes: Buffer; field?: string };
const photo: Part = { name: 'cut edge.png', type: 'image/png', bytes: PNG };
const drawing: Part = { name: 'stand drawing.pdf', type: 'application/pdf', bytes: PDF };

/** A message as the compose box sends it with files: its fields as JSON in "data", each file in "file". */
const form = (data: unknown, parts: readonly Part[]) =>
  multipartBody([...dataPart(data), ...parts.map((part) => ({ name: part.field ?? 'file', file: part.name, bytes: part.bytes, type: part.type }))]);
async function send(username: string, data: unknown, parts: readonly Part[]) {
  const { body, headers } = await form(data, parts);
  return (await as(username)).post(API.messaging.mine, body, headers);
}
const requisitionThread = async () => {
  const material = await makeMaterial(db(), (await makeCategory(db())).id);
  return `requisition-${(await makeRequisition(db(), { requested_by: 'foreman', lines: [{ material: material.id }] })).id}`;
};
const storedFiles = () => db().select({ id: files.id, owner_type: files.owner_type }).from(files);
const storedMessages = () => db().select({ id: messages.id }).from(messages);

describe('a message with files', () => {
  it('keeps the files with the message through the files module, and lists them with it in the thread and the mirror', async () => {
    const key = await requisitionThread();
    const res = await send('foreman', { conversation: key, body: 'The edge chipped, see photo @stores' }, [photo, drawing]);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({ conversation: key, body: 'The edge chipped, see photo @stores', sender_username: 'foreman' });
    expect(sent.attachments).toEqual([
      { id: expect.any(Number), name: 'cut edge.png', content_type: 'image/png', size: 68 },
      { id: expect.any(Number), name: 'stand drawing.pdf', content_type: 'application/pdf', size: PDF.length },
    ]);
    const stored = await db().select({ owner_type: files.owner_type, owner_id: files.owner_id, created_by: files.created_by }).from(files);
    expect(stored).toEqual([
      { owner_type: 'message', owner_id: sent.id, created_by: await userId(db(), 'foreman') },
      { owner_type: 'message', owner_id: sent.id, created_by: await userId(db(), 'foreman') },
    ]);
    const thread = (await (await as('stores')).get(API.messaging.messages(key))).json();
    expect(thread.results[0].attachments).toEqual(sent.attachments);
    const mirror = (await (await as('stores')).get(`${API.messaging.mine}?updated_since=0`)).json();
    expect(mirror.results.find((m: { id: number }) => m.id === sent.id).attachments).toEqual(sent.attachments);
    // A message without files lists none.
    const plain = await (await as('stores')).post(API.messaging.mine, { conversation: key, body: 'Noted' });
    expect(plain.json().attachments).toEqual([]);
  });

  it('audits each file (file.add) and names them on the message.create entry', async () => {
    const key = await requisitionThread();
    const sent = (await send('foreman', { conversation: key, body: 'Photo attached' }, [photo])).json();
    const entries = await db().select().from(auditLog).where(inArray(auditLog.action, ['file.add', 'message.create'])).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.username, e.target])).toEqual([
      ['file.add', 'foreman', `files:${sent.attachments[0].id}`],
      ['message.create', 'foreman', `messages:${sent.id}`],
    ]);
    expect(entries[1]!.metadata).toEqual({ conversation: key, mentions: [], attachments: [sent.attachments[0].id] });
  });

  it('takes the message as form fields too', async () => {
    const { body, headers } = await multipartBody([
      { name: 'conversation', value: 'department-production' },
      { name: 'body', value: 'Gauge of the sheet' },
      { name: 'file', file: 'gauge.png', bytes: PNG, type: 'image/png' },
    ]);
    const res = await (await as('foreman')).post(API.messaging.mine, body, headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ conversation: 'department-production', body: 'Gauge of the sheet', attachments: [{ name: 'gauge.png' }] });
  });
});

describe("who may download a message's files", () => {
  it('whoever may read the conversation; to anyone else the file does not exist (404)', async () => {
    const key = await requisitionThread();
    const sent = (await send('foreman', { conversation: key, body: 'See photo' }, [photo])).json();
    const content = API.files.content(sent.attachments[0].id);
    for (const reader of ['foreman', 'stores', 'purchase', 'management']) {
      const res = await (await as(reader)).get(content);
      expect([res.statusCode, res.headers['content-type']], reader).toEqual([200, 'image/png']);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    for (const outsider of ['sales.exec', 'design']) {
      expect((await (await as(outsider)).get(content)).statusCode, outsider).toBe(404);
      expect((await (await as(outsider)).get(API.files.ofOwner('message', sent.id))).statusCode, outsider).toBe(404);
    }
  });

  it("a direct conversation's files: its two users, and a superuser's audited reading", async () => {
    const key = directConversation(await userId(db(), 'foreman'), await userId(db(), 'stores'));
    const sent = (await send('foreman', { conversation: key, body: 'Quote from the vendor' }, [drawing])).json();
    const content = API.files.content(sent.attachments[0].id);
    expect((await (await as('stores')).get(content)).statusCode).toBe(200);
    expect((await (await as('stores.manager')).get(content)).statusCode).toBe(404);
    expect((await (await as('production')).get(content)).statusCode).toBe(404);
    // A superuser outside it reads it for audit, and that reading is recorded.
    expect((await (await as('admin')).get(content)).statusCode).toBe(200);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'message.audit_read'));
    expect(audit.map((e) => [e.username, e.target, e.risk_level, e.metadata])).toEqual([['admin', `conversations:${key}`, 'medium', { message: sent.id }]]);
  });

  it("only the sender adds files to a message afterwards through files/; others are refused", async () => {
    const sent = (await send('stores', { conversation: 'department-stores', body: 'Count sheet' }, [photo])).json();
    const { body, headers } = await form(undefined, [drawing]);
    const url = API.files.ofOwner('message', sent.id);
    expect((await (await as('stores')).post(url, body, headers)).statusCode).toBe(201);
    const member = await (await as('stores.manager')).post(url, body, headers);
    expect([member.statusCode, member.json()]).toEqual([403, { detail: "Only a message's sender may attach files to it or remove them." }]);
    expect((await (await as('foreman')).post(url, body, headers)).statusCode).toBe(404);
    // A superuser outside the channel reads it for audit but does not write in it.
    expect((await (await as('admin')).post(url, body, headers)).statusCode).toBe(404);
    expect((await storedFiles()).length).toBe(2);
  });
});

describe('bad input: refused with the reason, and neither the message nor any file is kept', () => {
  it('a file over the size limit: 413', async () => {
    const big = { name: 'scan.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) };
    const res = await send('stores', { conversation: 'department-stores', body: 'Scan' }, [big]);
    expect([res.statusCode, res.json()]).toEqual([413, { detail: 'The file is larger than the limit of 10 MiB.' }]);
    expect([await storedMessages(), await storedFiles()]).toEqual([[], []]);
  });

  it("a file the files module does not take (by its bytes), or an empty one: 400 on file", async () => {
    const page = { name: 'photo.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') };
    const disguised = await send('stores', { conversation: 'department-stores', body: 'Look' }, [photo, page]);
    expect([disguised.statusCode, disguised.json()]).toEqual([400, { file: [FILE_MESSAGES.notAllowed] }]);
    const empty = await send('stores', { conversation: 'department-stores', body: 'Look' }, [{ name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }]);
    expect([empty.statusCode, empty.json()]).toEqual([400, { file: [FILE_MESSAGES.empty] }]);
    expect([await storedMessages(), await storedFiles()]).toEqual([[], []]);
  });

  it('more than five files: 400 on file', async () => {
    const res = await send('stores', { conversation: 'department-stores', body: 'Photos' }, Array.from({ length: 6 }, (_, i) => ({ ...photo, name: `p${i}.png` })));
    expect([res.statusCode, res.json()]).toEqual([400, { file: [MESSAGE_ATTACHMENT_MESSAGES.tooMany] }]);
    expect([await storedMessages(), await storedFiles()]).toEqual([[], []]);
  });

  it('files in a part other than "file", data that is not JSON, a message without a body: 400 naming the field', async () => {
    const wrongPart = await send('stores', { conversation: 'department-stores', body: 'x' }, [{ ...photo, field: 'attachment' }]);
    expect([wrongPart.statusCode, wrongPart.json()]).toEqual([400, { attachment: [MESSAGE_ATTACHMENT_MESSAGES.part('attachment')] }]);
    const badJson = await send('stores', '{"conversation":', [photo]);
    expect(badJson.statusCode).toBe(400);
    expect(Object.keys(badJson.json())).toEqual(['data']);
    const noBody = await send('stores', { conversation: 'department-stores' }, [photo]);
    expect([noBody.statusCode, noBody.json()]).toEqual([400, { body: ['This field is required.'] }]);
    expect([await storedMessages(), await storedFiles()]).toEqual([[], []]);
  });

  it('a conversation the sender may not read: 403; one that does not exist: 400 on conversation', async () => {
    const key = await requisitionThread();
    const outsider = await send('sales.exec', { conversation: key, body: 'Sneaky' }, [photo]);
    expect([outsider.statusCode, outsider.json()]).toEqual([403, { detail: MESSAGE_MESSAGES.notMember }]);
    const channel = await send('foreman', { conversation: 'department-stores', body: 'Sneaky' }, [photo]);
    expect(channel.statusCode).toBe(403);
    const missing = await send('stores', { conversation: 'requisition-999999', body: 'x' }, [photo]);
    expect([missing.statusCode, missing.json()]).toEqual([400, { conversation: ['Invalid pk "requisition-999999" - object does not exist.'] }]);
    expect(await storedFiles()).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.body, 'Sneaky'))).toEqual([]);
  });
});
