import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { FILE_MESSAGES } from '../../domain/file';
import type { ConversationList, ConversationMessage } from '../../domain/message';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { syncType } from '../../src/data/mirror/sync';
import { outbox } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { replayOutbox, type TokenSource } from '../../src/data/outbox/replay';
import { createMessage } from '../../src/data/operations';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { NEEDS_CONNECTION } from '../../src/ui/connection';
import MessagesScreen from '../../src/features/messaging/MessagesScreen';

/** Messaging on the device (issue 22 §2, decisions 383–384): the screen, and messages through the outbox. */
const FARIDA = 5;
const SURESH = 4;
const user: User = makeUser({ id: FARIDA, username: 'stores', first_name: 'Farida', last_name: 'Khan', department: 'stores', designation: 'executive' });
const colleagues = [
  makeUser({ id: SURESH, username: 'foreman', first_name: 'Suresh', last_name: 'Patil', department: 'production' }),
  makeUser({ id: 6, username: 'stores.manager', first_name: 'Prakash', last_name: 'Joshi', department: 'stores' }),
];

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: colleagues, modules: {}, offline: false }),
}));
vi.mock('../../src/data/live', async (original) => ({ ...(await original<typeof import('../../src/data/live')>()), useLiveEvents: vi.fn() }));
vi.mock('../../src/data/preload', async (original) => ({ ...(await original<typeof import('../../src/data/preload')>()), reloadData: vi.fn(async () => undefined) }));

const message = (id: number, body: string, sender = SURESH, conversation = 'requisition-12'): ConversationMessage => ({
  id,
  conversation,
  sender,
  sender_username: sender === SURESH ? 'foreman' : 'stores',
  recipient: null,
  department: null,
  subject: '',
  body,
  read_at: null,
  created_by: sender,
  created_at: `2026-12-0${id}T05:30:00.000Z`,
  updated_at: `2026-12-0${id}T05:30:00.000Z`,
  version: 1,
  deleted_at: null,
  attachments: [],
});
const LIST: ConversationList = {
  unread: 2,
  mentions: 1,
  results: [
    { conversation: 'requisition-12', kind: 'record', title: 'Requisition 12', other_user: null, department: null, record_type: 'requisition', record_id: 12, last_message: { id: 2, sender: SURESH, sender_username: 'foreman', body: '@stores please issue', created_at: '2026-12-02T05:30:00.000Z' }, unread: 2, mentions: 1 },
    { conversation: 'department-stores', kind: 'department', title: 'Stores', other_user: null, department: 'stores', record_type: null, record_id: null, last_message: null, unread: 0, mentions: 0 },
  ],
};

const show = (path = '/messaging') => renderRoute('messages-home', MessagesScreen, path, []);
let server: FakeServer;

beforeEach(async () => {
  server = fakeServer()
    .on('GET', API.messaging.conversations, { status: 200, data: LIST })
    .on('GET', API.messaging.messages('requisition-12'), { status: 200, data: { count: 2, next: null, previous: null, results: [message(2, '@stores please issue'), message(1, 'Cutting discs needed')] } })
    .on('POST', API.messaging.read('requisition-12'), { status: 200, data: { unread: 0, mentions: 0 } });
  storeSession({ userId: FARIDA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetNotificationsForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the messages screen', () => {
  it('lists the conversations with their unread counts, the latest message of each', async () => {
    show();
    const row = await screen.findByRole('button', { name: /Requisition 12/ });
    expect(within(row).getByLabelText('2 unread').textContent).toBe('2');
    expect(row.textContent).toContain('foreman: @stores please issue');
    expect(screen.getByRole('button', { name: /^Stores/ }).textContent).toBe('Stores');
  });

  it('opens a conversation oldest first and marks it read', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Requisition 12/ }));
    const list = await screen.findByLabelText('Messages');
    await waitFor(() => expect(within(list).getAllByText(/issue|discs/).map((p) => p.textContent)).toEqual(['Cutting discs needed', '@stores please issue']));
    await waitFor(() => expect(server.calls('POST', API.messaging.read('requisition-12'))).toHaveLength(1));
  });

  it('offers the colleagues an @word names, and queues the message in the outbox, shown at once as waiting', async () => {
    show('/messaging?c=requisition-12');
    const text = (await screen.findByLabelText('Message')) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Issued, @sto' } });
    const choices = await screen.findByRole('listbox', { name: 'Mention' });
    expect(within(choices).getAllByRole('option').map((o) => o.textContent)).toEqual(['@stores.manager · Prakash Joshi']);
    fireEvent.click(within(choices).getByRole('option'));
    expect(text.value).toBe('Issued, @stores.manager ');
    fireEvent.change(text, { target: { value: 'Issued, @stores.manager please sign' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(async () => expect((await outbox.entries.toArray()).map((e) => [e.operation, e.payload])).toEqual([['message.create', { conversation: 'requisition-12', subject: '', body: 'Issued, @stores.manager please sign' }]]));
    expect(await screen.findByText('Issued, @stores.manager please sign')).toBeTruthy();
    await waitFor(() => expect(text.value).toBe(''));
  });

  it('reads a conversation from the device when offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    server.on('GET', API.messaging.messages('department-stores'), 'network-error');
    await mirror.rows('messages').bulkPut([message(7, 'Count on Friday', SURESH, 'department-stores'), message(3, 'Old other', SURESH, 'requisition-9')]);
    show('/messaging?c=department-stores');
    expect(await screen.findByText('Count on Friday')).toBeTruthy();
    expect(screen.queryByText('Old other')).toBeNull();
    expect(server.calls('POST', API.messaging.read('department-stores'))).toHaveLength(0);
  });
});

describe('message.create in the outbox', () => {
  const tokens: TokenSource = { accessFor: async (id) => (id === FARIDA ? 'access' : null), refreshFor: async () => null };

  it('is sent exactly once: a lost connection retries with the same Idempotency-Key, and the server row replaces the temp one', async () => {
    const seen: { key: string | null; body: unknown }[] = [];
    let answers = 0;
    const fetch = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      if (answers++ === 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ...message(41, 'On my way', FARIDA), sender_username: 'stores' }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    const { tempId } = await addEntry(createMessage, { conversation: 'requisition-12', body: 'On my way' }, { userId: FARIDA });
    expect(await mirror.rows('messages').get(tempId!)).toMatchObject({ conversation: 'requisition-12', sender: FARIDA, body: 'On my way' });

    await replayOutbox({ fetch, baseUrl: '/api/v1', tokens });
    await replayOutbox({ fetch, baseUrl: '/api/v1', tokens, now: () => Date.now() + 3_600_000 });
    await replayOutbox({ fetch, baseUrl: '/api/v1', tokens, now: () => Date.now() + 7_200_000 });

    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toBeTruthy();
    expect(seen[1]!.key).toBe(seen[0]!.key);
    expect(seen[1]!.body).toEqual({ conversation: 'requisition-12', subject: '', body: 'On my way' });
    expect(await outbox.entries.count()).toBe(0);
    expect(await mirror.rows('messages').get(tempId!)).toBeUndefined();
    expect(await mirror.rows('messages').get(41)).toMatchObject({ body: 'On my way', sender_username: 'stores' });
  });

  it('refuses a payload without a conversation before it is queued', async () => {
    await expect(addEntry(createMessage, { conversation: 'gossip-1', body: 'x' }, { userId: FARIDA })).rejects.toThrow();
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe("the device's 30 days of messages", () => {
  // The server's clock; the device's own (the test machine's) is another day altogether.
  const SERVER_NOW = '2027-03-01T12:00:00.000Z';
  const daysBefore = (days: number) => new Date(Date.parse(SERVER_NOW) - days * 86_400_000).toISOString();
  const at = (row: ConversationMessage, created_at: string) => ({ ...row, created_at, updated_at: created_at });

  it('drops on each sync the messages older than 30 days by the server\'s clock, never one waiting in the outbox', async () => {
    await mirror.rows('messages').bulkPut([at(message(1, 'Thirty-one days old'), daysBefore(31)), at(message(2, 'Twenty-nine days old'), daysBefore(29))]);
    await mirror.meta.put({ key: metaKey(FARIDA, 'messages'), userId: FARIDA, type: 'messages', cursor: '500', loadedAt: 1, rowCount: 2, error: null });
    // Written offline 40 days ago and still not sent: it stays until it is.
    const { tempId } = await addEntry(createMessage, { conversation: 'requisition-12', body: 'Written offline long ago' }, { userId: FARIDA });
    await mirror.rows('messages').update(tempId!, { created_at: daysBefore(40) });
    server.on('GET', API.messaging.mine, { status: 200, data: { count: 1, next: null, previous: null, results: [at(message(3, 'Today'), daysBefore(0))], cursor: '510' }, headers: { date: new Date(SERVER_NOW).toUTCString() } });

    const meta = await syncType(FARIDA, 'messages');

    const bodies = (await mirror.rows('messages').toArray()).map((m) => (m as ConversationMessage).body).sort();
    expect(bodies).toEqual(['Today', 'Twenty-nine days old', 'Written offline long ago']);
    expect(meta).toMatchObject({ cursor: '510', rowCount: 2 });
  });
});

describe('files with a message', () => {
  const compose = () => within(document.querySelector<HTMLElement>('form[aria-label="Write a message"]')!);
  const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cut edge.png', { type: 'image/png' });
  const offline = () => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });

  it('online: sends the text and the chosen files at once as multipart, not through the outbox, and the reader downloads them', async () => {
    const sent = { ...message(3, 'Edge chipped, see photo', FARIDA), sender_username: 'stores', attachments: [{ id: 77, name: 'cut edge.png', content_type: 'image/png', size: 4 }] };
    server.on('POST', API.messaging.mine, { status: 201, data: sent });
    server.on('GET', API.files.content(77), { status: 200, data: new Blob(['png'], { type: 'image/png' }) });
    show('/messaging?c=requisition-12');
    await screen.findByText('Cutting discs needed');
    fireEvent.change(compose().getByLabelText('Files to attach'), { target: { files: [photo] } });
    expect(compose().getByRole('list', { name: 'Files to send' }).textContent).toBe('cut edge.png ✕');
    fireEvent.change(compose().getByLabelText('Message'), { target: { value: 'Edge chipped, see photo' } });
    fireEvent.click(compose().getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(server.calls('POST', API.messaging.mine)).toHaveLength(1));
    const form = server.calls('POST', API.messaging.mine)[0]!.body as FormData;
    expect(JSON.parse(String(form.get('data')))).toEqual({ conversation: 'requisition-12', body: 'Edge chipped, see photo' });
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['cut edge.png']);
    expect(await outbox.entries.count()).toBe(0);
    expect(await mirror.rows('messages').get(3)).toMatchObject({ attachments: [{ id: 77, name: 'cut edge.png' }] });

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const attachments = await screen.findByRole('list', { name: 'Attachments' });
    await waitFor(() => expect((compose().getByLabelText('Message') as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    fireEvent.click(within(attachments).getByRole('button', { name: 'cut edge.png' }));
    await waitFor(() => expect(saved).toEqual(['cut edge.png']));
    expect(server.calls('GET', API.files.content(77))[0]!.config.responseType).toBe('blob');
  });

  it("online: the server's refusal of a file is shown, and the text and the file stay to try again", async () => {
    server.on('POST', API.messaging.mine, { status: 400, data: { file: [FILE_MESSAGES.notAllowed] } });
    show('/messaging?c=requisition-12');
    await screen.findByText('Cutting discs needed');
    fireEvent.change(compose().getByLabelText('Files to attach'), { target: { files: [new File(['MZ'], 'setup.exe')] } });
    fireEvent.change(compose().getByLabelText('Message'), { target: { value: 'Installer' } });
    fireEvent.click(compose().getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(shownNotifications().map((n) => n.message)).toEqual([FILE_MESSAGES.notAllowed]));
    expect((compose().getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Installer');
    expect(compose().getByRole('list', { name: 'Files to send' }).textContent).toBe('setup.exe ✕');
  });

  it('offline: attaching says it needs a connection and opens no file picker; the text alone goes through the outbox', async () => {
    offline();
    server.on('GET', API.messaging.messages('requisition-12'), 'network-error');
    show('/messaging?c=requisition-12');
    const picker = await waitFor(() => compose().getByLabelText('Files to attach') as HTMLInputElement);
    const opened = vi.spyOn(picker, 'click');
    fireEvent.click(compose().getByRole('button', { name: 'Attach file' }));
    expect(shownNotifications().map((n) => n.message)).toEqual([NEEDS_CONNECTION]);
    expect(opened).not.toHaveBeenCalled();
    fireEvent.change(compose().getByLabelText('Message'), { target: { value: 'Photo to follow when online' } });
    fireEvent.click(compose().getByRole('button', { name: 'Send' }));
    await waitFor(async () => expect((await outbox.entries.toArray()).map((e) => [e.operation, e.payload])).toEqual([['message.create', { conversation: 'requisition-12', subject: '', body: 'Photo to follow when online' }]]));
    expect(server.calls('POST', API.messaging.mine)).toHaveLength(0);
  });

  it('offline with files already chosen: says it needs a connection and keeps the text and the files', async () => {
    show('/messaging?c=requisition-12');
    await screen.findByText('Cutting discs needed');
    fireEvent.change(compose().getByLabelText('Files to attach'), { target: { files: [photo] } });
    fireEvent.change(compose().getByLabelText('Message'), { target: { value: 'See photo' } });
    offline();
    fireEvent.click(compose().getByRole('button', { name: 'Send' }));
    expect(shownNotifications().map((n) => n.message)).toEqual([NEEDS_CONNECTION]);
    expect(server.calls('POST', API.messaging.mine)).toHaveLength(0);
    expect(await outbox.entries.count()).toBe(0);
    expect((compose().getByLabelText('Message') as HTMLTextAreaElement).value).toBe('See photo');
    expect(compose().getByRole('list', { name: 'Files to send' }).textContent).toBe('cut edge.png ✕');
  });
});
