import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, deliveryNotes, messages, quotations } from '../../server/db/schema';
import { API } from '../../domain/api-paths';
import { MESSAGE_MESSAGES, directConversation, type ConversationList } from '../../domain/message';
import { PERMISSION_DENIED } from '../../domain/permissions';
import { useTestServer } from '../support/server';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeJobOrder, makeRequisition } from '../support/factories-requisitions';
import { postDraftInvoice } from '../support/factories-invoices';
import { makeQuotation } from '../support/factories-sales';

/** Messaging (issue 22 §2, decisions 380–384): conversations, who reads what, unread and mention counts. */

const { db, as } = useTestServer({ seed: 'users' });

const post = async (username: string, conversation: string, body: string) => {
  const res = await (await as(username)).post(API.messaging.mine, { conversation, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; conversation: string };
};
const unread = async (username: string) => (await (await as(username)).get(API.messaging.unread)).json();
const conversationsOf = async (username: string) => (await (await as(username)).get(API.messaging.conversations)).json() as ConversationList;
const requisitionOf = async () => {
  const material = await makeMaterial(db(), (await makeCategory(db())).id);
  return makeRequisition(db(), { requested_by: 'foreman', lines: [{ material: material.id }] });
};
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

describe("a department's channel", () => {
  it("is read and written by the department's users, refused to the others", async () => {
    const sent = await post('stores', 'department-stores', 'Cycle count on Friday');
    expect(sent).toMatchObject({ conversation: 'department-stores', sender: await userId(db(), 'stores'), recipient: null, department: 'stores', body: 'Cycle count on Friday', sender_username: 'stores' });
    const page = await (await as('stores.manager')).get(API.messaging.messages('department-stores'));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 1, results: [{ body: 'Cycle count on Friday', sender_username: 'stores' }] });
    for (const outsider of ['foreman', 'sales.exec', 'management']) {
      const client = await as(outsider);
      expect((await client.get(API.messaging.messages('department-stores'))).json()).toEqual({ detail: MESSAGE_MESSAGES.notMember });
      expect((await client.post(API.messaging.mine, { conversation: 'department-stores', body: 'hello' })).statusCode).toBe(403);
    }
  });

  it("counts a channel's messages as unread for its members until they mark it read, never the sender's own", async () => {
    await post('stores', 'department-stores', 'One');
    await post('stores', 'department-stores', 'Two');
    expect(await unread('stores')).toEqual({ unread: 0, mentions: 0 });
    expect(await unread('stores.manager')).toEqual({ unread: 2, mentions: 0 });
    expect(await unread('foreman')).toEqual({ unread: 0, mentions: 0 });
    const read = await (await as('stores.manager')).post(API.messaging.read('department-stores'));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 0, mentions: 0 });
    const [row] = await db().select().from(messages).where(eq(messages.body, 'One'));
    expect(row!.read_at).not.toBeNull();
    await post('stores', 'department-stores', 'Three');
    expect(await unread('stores.manager')).toEqual({ unread: 1, mentions: 0 });
  });

  it('lists each user their own channel, even before anyone wrote in it', async () => {
    expect((await conversationsOf('foreman')).results).toEqual([
      { conversation: 'department-production', kind: 'department', title: 'Production', other_user: null, department: 'production', record_type: null, record_id: null, last_message: null, unread: 0, mentions: 0 },
    ]);
  });
});

describe('a direct conversation', () => {
  it('is read by its two users only; the other user sees it in their list with its unread count', async () => {
    const [foreman, stores] = [await userId(db(), 'foreman'), await userId(db(), 'stores')];
    const key = directConversation(stores, foreman);
    await post('foreman', key, 'Need cutting discs today');
    const list = await conversationsOf('stores');
    expect(list.unread).toBe(1);
    expect(list.results[0]).toMatchObject({ conversation: key, kind: 'direct', title: 'Suresh Patil', other_user: { id: foreman, username: 'foreman', name: 'Suresh Patil' }, unread: 1, mentions: 0, last_message: { body: 'Need cutting discs today', sender_username: 'foreman' } });
    const [message] = await db().select().from(messages).where(eq(messages.conversation, key));
    expect(message!.recipient).toBe(stores);
    expect((await (await as('stores.manager')).get(API.messaging.messages(key))).statusCode).toBe(403);
    expect((await (await as('stores.manager')).post(API.messaging.read(key))).statusCode).toBe(403);
  });

  it('404s a conversation with a user who does not exist, and refuses to write to one (400 on conversation)', async () => {
    const key = directConversation(await userId(db(), 'stores'), 999_999);
    const stores = await as('stores');
    expect((await stores.get(API.messaging.messages(key))).statusCode).toBe(404);
    const res = await stores.post(API.messaging.mine, { conversation: key, body: 'hello?' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ conversation: [`Invalid pk "${key}" - object does not exist.`] });
  });
});

describe("a record's thread", () => {
  it('is read and written by whoever may read the record, refused to those who may not', async () => {
    const requisition = await requisitionOf();
    const key = `requisition-${requisition.id}`;
    await post('foreman', key, 'Please issue by noon');
    for (const reader of ['stores', 'purchase', 'management', 'accounts', 'acrylic']) expect((await (await as(reader)).get(API.messaging.messages(key))).statusCode, reader).toBe(200);
    for (const outsider of ['sales.exec', 'design']) {
      expect((await (await as(outsider)).get(API.messaging.messages(key))).statusCode, outsider).toBe(403);
      expect((await (await as(outsider)).post(API.messaging.mine, { conversation: key, body: 'x' })).statusCode, outsider).toBe(403);
    }
  });

  it("follows the record's row rule: design reads a job order's thread only once the job order reached design", async () => {
    const job = await makeJobOrder(db());
    await post('sales.exec', `job-order-${job.id}`, 'Customer wants it by the 20th');
    expect((await (await as('design')).get(API.messaging.messages(`job-order-${job.id}`))).statusCode).toBe(404);
    expect((await (await as('stores')).get(API.messaging.messages(`job-order-${job.id}`))).statusCode).toBe(200);
  });

  it('404s the thread of a record that does not exist, and refuses to write on it (400 on conversation)', async () => {
    const stores = await as('stores');
    expect((await stores.get(API.messaging.messages('requisition-999999'))).statusCode).toBe(404);
    expect((await stores.post(API.messaging.mine, { conversation: 'invoice-999999', body: 'x' })).statusCode).toBe(403);
    const res = await (await as('accounts')).post(API.messaging.mine, { conversation: 'invoice-999999', body: 'x' });
    expect(res.json()).toEqual({ conversation: ['Invalid pk "invoice-999999" - object does not exist.'] });
  });
});

describe('the threads of a delivery note, a quotation and an invoice', () => {
  const deliveryNote = async () => {
    const [note] = await db()
      .insert(deliveryNotes)
      .values({ job_order: (await makeJobOrder(db())).id, delivery_location: 'Site', status: 'draft', created_by: await userId(db(), 'dispatch') })
      .returning();
    return note!.id;
  };
  const quotation = async (salesExec = 'sales.senior') => (await makeQuotation(db(), { sales_exec: await userId(db(), salesExec) })).id;
  const invoice = async () => (await postDraftInvoice(db(), await as('accounts'))).id;
  // Each record type: who writes first, who else reads it (the record's read permission), who may not (403 to read and to write).
  const cases = [
    { type: 'delivery-note', make: deliveryNote, writer: 'dispatch', readers: ['stores', 'accounts', 'sales.exec', 'foreman'], outsiders: ['design', 'purchase'] },
    { type: 'quotation', make: () => quotation(), writer: 'sales.senior', readers: ['sales.manager', 'design', 'accounts', 'management'], outsiders: ['stores', 'foreman'] },
    { type: 'invoice', make: invoice, writer: 'accounts', readers: ['sales.exec', 'management'], outsiders: ['stores', 'foreman', 'design'] },
  ] as const;

  for (const { type, make, writer, readers, outsiders } of cases) {
    it(`a ${type}'s thread is read and written by whoever may read the ${type}, refused to those who may not`, async () => {
      const key = `${type}-${await make()}`;
      await post(writer, key, 'Please check before it goes');
      for (const reader of readers) {
        const res = await (await as(reader)).get(API.messaging.messages(key));
        expect(res.statusCode, reader).toBe(200);
        expect(res.json().results.map((m: { body: string }) => m.body)).toEqual(['Please check before it goes']);
      }
      for (const outsider of outsiders) {
        const client = await as(outsider);
        expect((await client.get(API.messaging.messages(key))).json(), outsider).toEqual({ detail: MESSAGE_MESSAGES.notMember });
        expect((await client.post(API.messaging.mine, { conversation: key, body: 'x' })).statusCode, outsider).toBe(403);
        expect((await client.post(API.messaging.read(key))).statusCode, outsider).toBe(403);
      }
    });
  }

  it('lists a quotation\'s and an invoice\'s thread under the name their screens give them: the number, not the id', async () => {
    const made = await makeQuotation(db(), { sales_exec: await userId(db(), 'sales.senior') });
    await db().update(quotations).set({ number: 4711, revision: 2 }).where(eq(quotations.id, made.id));
    const draft = await invoice();
    await post('sales.senior', `quotation-${made.id}`, 'Revised prices sent');
    await post('sales.senior', `invoice-${draft}`, 'Bill the advance first');
    const titles = (await conversationsOf('sales.senior')).results.filter((c) => c.kind === 'record').map((c) => [c.conversation, c.title]);
    expect(titles).toEqual([
      [`invoice-${draft}`, `Draft invoice ${draft}`],
      [`quotation-${made.id}`, 'Quotation 4711 (Rev. 2)'],
    ]);
  });

  it("follows the quotations' row rule: a sales executive reads only the threads of their own quotations", async () => {
    const theirs = `quotation-${await quotation('sales.senior')}`;
    const own = `quotation-${await quotation('sales.exec')}`;
    await post('sales.manager', theirs, 'Discount approved');
    const exec = await as('sales.exec');
    expect((await exec.get(API.messaging.messages(theirs))).statusCode).toBe(404);
    expect((await exec.post(API.messaging.mine, { conversation: theirs, body: 'x' })).json()).toEqual({ conversation: [`Invalid pk "${theirs}" - object does not exist.`] });
    expect((await exec.get(API.messaging.messages(own))).statusCode).toBe(200);
    // Mentioned on a quotation they may not read, they are not told.
    await post('sales.manager', theirs, '@sales.exec have a look');
    expect(await unread('sales.exec')).toEqual({ unread: 0, mentions: 0 });
  });
});

describe('mentions', () => {
  it('tell the users named with @username who may read the conversation: a mention and an unread message', async () => {
    const requisition = await requisitionOf();
    const key = `requisition-${requisition.id}`;
    await post('foreman', key, 'Earlier note');
    const sent = await post('foreman', key, '@stores please issue, and @Stores.Manager sign. @sales.exec and @nobody cannot see this.');
    expect(await unread('stores')).toEqual({ unread: 1, mentions: 1 });
    expect(await unread('stores.manager')).toEqual({ unread: 1, mentions: 1 });
    // sales.exec may not read requisitions: not told, and the thread is not theirs.
    expect(await unread('sales.exec')).toEqual({ unread: 0, mentions: 0 });
    const [entry] = await auditOf('message.create').then((rows) => rows.filter((r) => r.target === `messages:${sent.id}`));
    expect(entry!.metadata).toEqual({ conversation: key, mentions: [await userId(db(), 'stores'), await userId(db(), 'stores.manager')].sort((a, b) => a - b) });
    const list = await conversationsOf('stores');
    expect(list.results.find((c) => c.conversation === key)).toMatchObject({ kind: 'record', title: `Requisition ${requisition.id}`, record_type: 'requisition', record_id: requisition.id, unread: 1, mentions: 1 });
    expect((await (await as('stores')).post(API.messaging.read(key))).json()).toEqual({ unread: 0, mentions: 0 });
    expect(await unread('stores.manager')).toEqual({ unread: 1, mentions: 1 });
  });

  it('do not count the sender mentioning themselves', async () => {
    await post('stores', 'department-stores', 'Note to @stores: count the sheets');
    expect(await unread('stores')).toEqual({ unread: 0, mentions: 0 });
  });
});

describe("a superuser's audit reading", () => {
  it("reads any conversation, and each reading is audited; it does not take part in others' conversations", async () => {
    const key = directConversation(await userId(db(), 'foreman'), await userId(db(), 'stores'));
    await post('foreman', key, 'Private note');
    const admin = await as('admin');
    const page = await admin.get(API.messaging.messages(key));
    expect(page.statusCode).toBe(200);
    expect(page.json().results).toMatchObject([{ body: 'Private note' }]);
    const [entry] = await auditOf('message.audit_read');
    expect(entry).toMatchObject({ username: 'admin', target: `conversations:${key}`, risk_level: 'medium' });
    expect((await admin.post(API.messaging.mine, { conversation: key, body: 'x' })).statusCode).toBe(403);
    expect((await admin.post(API.messaging.read(key))).statusCode).toBe(403);
    // Reading its own department's channel is no audit reading.
    await admin.get(API.messaging.messages('department-admin'));
    expect(await auditOf('message.audit_read')).toHaveLength(1);
  });

  it('lists every conversation with ?all=true (audited); anyone else is refused', async () => {
    await post('foreman', 'department-production', 'Shift change');
    await post('stores', 'department-stores', 'Count');
    const all = await (await as('admin')).get(`${API.messaging.conversations}?all=true`);
    expect(all.json().results.map((c: { conversation: string }) => c.conversation)).toEqual(['department-stores', 'department-production']);
    expect(await auditOf('message.audit_list')).toHaveLength(1);
    expect((await (await as('management')).get(`${API.messaging.conversations}?all=true`)).json()).toEqual({ detail: PERMISSION_DENIED });
  });
});

describe('reading a conversation', () => {
  it('pages it newest first', async () => {
    for (const body of ['a', 'b', 'c']) await post('stores', 'department-stores', body);
    const res = await (await as('stores')).get(`${API.messaging.messages('department-stores')}?page_size=2`);
    expect(res.json()).toMatchObject({ count: 3, results: [{ body: 'c' }, { body: 'b' }], previous: null });
    expect(res.json().next).toContain('page=2');
  });

  it("mirrors the user's conversations of the last 30 days, and nothing else", async () => {
    await post('stores', 'department-stores', 'Recent');
    await post('foreman', 'department-production', 'Not for stores');
    const stores = await userId(db(), 'stores');
    await db().insert(messages).values({ conversation: 'department-stores', sender: stores, department: 'stores', body: 'Old', created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    const res = await (await as('stores.manager')).get(API.messaging.mine);
    expect(res.json().results.map((m: { body: string }) => m.body)).toEqual(['Recent']);
    const delta = await (await as('stores.manager')).get(`${API.messaging.mine}?updated_since=0`);
    expect(delta.json()).toMatchObject({ count: 1, results: [{ body: 'Recent' }] });
  });
});

describe('writes', () => {
  it('audits every message and every mark-read', async () => {
    const sent = await post('stores', 'department-stores', 'Audit me');
    await (await as('stores.manager')).post(API.messaging.read('department-stores'));
    expect(await auditOf('message.create')).toMatchObject([{ username: 'stores', target: `messages:${sent.id}`, risk_level: 'low' }]);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, 'message.read'), eq(auditLog.username, 'stores.manager')))).toMatchObject([{ target: 'conversations:department-stores', metadata: { last_read: sent.id } }]);
  });

  it('answers bad input with 400 naming the field', async () => {
    const stores = await as('stores');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { conversation: ['This field is required.'], body: ['This field is required.'] }],
      [{ conversation: 'gossip-1', body: 'x' }, { conversation: [MESSAGE_MESSAGES.conversation] }],
      [{ conversation: 'department-canteen', body: 'x' }, { conversation: [MESSAGE_MESSAGES.conversation] }],
      [{ conversation: 'direct-7-7', body: 'x' }, { conversation: [MESSAGE_MESSAGES.yourself] }],
      [{ conversation: 'department-stores', body: '   ' }, { body: ['This field may not be blank.'] }],
      [{ conversation: 'department-stores', body: 'x'.repeat(10_001) }, { body: ['Ensure this field has no more than 10000 characters.'] }],
      [{ conversation: 42, body: 'x' }, { conversation: ['Not a valid string.'] }],
    ];
    for (const [body, expected] of cases) {
      const res = await stores.post(API.messaging.mine, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(expected);
    }
    // A path naming no conversation is no address of this API.
    expect((await stores.get(API.messaging.messages('nothing-here'))).json()).toEqual({ detail: 'Not found.' });
    expect((await stores.get(`${API.messaging.messages('department-stores')}?page=0`)).statusCode).toBe(400);
    expect((await stores.get(`${API.messaging.conversations}?all=maybe`)).statusCode).toBe(400);
    expect(await db().select().from(messages)).toHaveLength(0);
  });

  it('refuses a signed-out caller', async () => {
    const res = await (await as('stores')).get(API.messaging.unread, { authorization: '' });
    expect(res.statusCode).toBe(401);
  });
});
