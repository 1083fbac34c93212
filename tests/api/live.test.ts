import { beforeAll, describe, expect, it } from 'vitest';
import { serverSentEvents, type ServerSentEvent } from '../../domain/live';
import { publish } from '../../server/modules/live/hub';
import { PNG } from '../support/multipart';
import { makeUser } from '../support/factories';
import { makeJobOrder } from '../support/factories-requisitions';
import { useTwoApiProcesses } from '../support/api-process';
import { signIn, startTestServer, useTestServer } from '../support/server';

/** Live updates (issue 16 §3): server-sent events, fanned out through the database's LISTEN/NOTIFY. */


interface Stream {
  next(): Promise<ServerSentEvent>;
  close(): void;
}

/** Opens the live stream as the PWA does (fetch with the JWT header) and resolves once the server has subscribed it. */
async function openStream(baseUrl: string, access: string, channels = 'files,messages,dashboards'): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/live/?channels=${channels}`, { headers: { authorization: `JWT ${access}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events = serverSentEvents(res.body!);
  return {
    next: async () => (await events.next()).value as ServerSentEvent,
    close: () => abort.abort(),
  };
}

async function uploadPng(baseUrl: string, access: string, jobOrder: number) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'front.png');
  const res = await fetch(`${baseUrl}/api/v1/files/job-order/${jobOrder}/`, { method: 'POST', headers: { authorization: `JWT ${access}` }, body: data });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

describe('live updates in one API process', () => {
  const server = useTestServer();
  let url: string;
  beforeAll(async () => {
    url = await server.app().listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses a signed-out caller and names an unknown channel', async () => {
    expect((await server.app().inject({ method: 'GET', url: '/api/v1/live/' })).statusCode).toBe(401);
    const unknown = await (await server.as('stores')).get('/live/?channels=files,gossip');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ channels: ['Unknown channel: gossip. Known: messages, dashboards, files.'] });
    const empty = await (await server.as('stores')).get('/live/?channels=');
    expect(empty.json()).toEqual({ channels: ['Name the channels, comma-separated (messages, dashboards, files), or leave the parameter out for all.'] });
  });

  it('tells those who may read a job order that a file was added to it, and no one else', async () => {
    const jobOrder = await makeJobOrder(server.db());
    const stores = await openStream(url, (await signIn(server.app(), 'stores')).access);
    await makeUser(server.db(), { username: 'marketing.exec', department: 'marketing', designation: 'executive' });
    const marketing = await openStream(url, (await signIn(server.app(), 'marketing.exec')).access);
    const { id } = await uploadPng(url, (await signIn(server.app(), 'sales.exec')).access, jobOrder.id);
    expect(await stores.next()).toEqual({ event: 'files', data: JSON.stringify({ change: 'added', id, owner_type: 'job-order', owner_id: jobOrder.id }) });
    // Marketing may not read job orders: the next thing it hears is an announcement to everyone.
    await publish(server.db(), 'messages', { unread: 1 });
    expect(await marketing.next()).toEqual({ event: 'messages', data: '{"unread":1}' });
    stores.close();
    marketing.close();
  });

  it('sends an event when its transaction commits, and nothing for one that rolled back', async () => {
    const stores = await openStream(url, (await signIn(server.app(), 'stores')).access, 'dashboards');
    await server
      .db()
      .transaction(async (tx) => {
        await publish(tx, 'dashboards', { dashboard: 'purchases', attempt: 1 });
        tx.rollback();
      })
      .catch(() => undefined);
    await publish(server.db(), 'messages', { unread: 2 });
    await server.db().transaction((tx) => publish(tx, 'dashboards', { dashboard: 'purchases', attempt: 2 }));
    // The rolled-back event never comes, nor the one on a channel the stream did not ask for.
    expect(await stores.next()).toEqual({ event: 'dashboards', data: '{"dashboard":"purchases","attempt":2}' });
    stores.close();
  });

  it('delivers an event to the users and departments it names only', async () => {
    const stores = await openStream(url, (await signIn(server.app(), 'stores')).access, 'messages');
    const design = await openStream(url, (await signIn(server.app(), 'design')).access, 'messages');
    await publish(server.db(), 'messages', { to: 'design' }, { departments: ['design'] });
    await publish(server.db(), 'messages', { to: 'everyone' });
    expect(await stores.next()).toEqual({ event: 'messages', data: '{"to":"everyone"}' });
    expect(await design.next()).toEqual({ event: 'messages', data: '{"to":"design"}' });
    stores.close();
    design.close();
  });
});

describe('an API process that stops', () => {
  it('ends its open streams, so that it stops at once and clients reconnect elsewhere', async () => {
    const server = await startTestServer();
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, (await signIn(server.app, 'stores')).access);
    await server.close();
    expect(await stream.next()).toBeUndefined();
  });
});

/** Several API processes on one PostgreSQL (embedded PGlite serves one process only). */
describe.runIf(process.env.TEST_DB === 'postgres')('live updates across two API processes', () => {
  const two = useTwoApiProcesses();

  it('delivers to a stream on process B what a write through process A published', async () => {
    const [a, b] = two.processes();
    const database = two.database();
    const jobOrder = await makeJobOrder(database.database.db);
    const stream = await openStream(b.url, (await signIn(database.app, 'stores')).access, 'files');
    const { id } = await uploadPng(a.url, (await signIn(database.app, 'sales.exec')).access, jobOrder.id);
    expect(await stream.next()).toEqual({ event: 'files', data: JSON.stringify({ change: 'added', id, owner_type: 'job-order', owner_id: jobOrder.id }) });
    stream.close();
  });
});
