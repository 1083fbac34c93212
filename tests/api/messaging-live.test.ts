import { beforeAll, describe, expect, it } from 'vitest';
import { serverSentEvents, type ServerSentEvent } from '../../domain/live';
import { API } from '../../domain/api-paths';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeRequisition } from '../support/factories-requisitions';
import { signIn, useTestServer } from '../support/server';

/** Messaging delivered live (issue 22 §2, decision 383): the members of a conversation hear of a new message, and only they. */

async function openStream(baseUrl: string, access: string) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/live/?channels=messages`, { headers: { authorization: `JWT ${access}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const events = serverSentEvents(res.body!);
  return { next: async () => (await events.next()).value as ServerSentEvent, close: () => abort.abort() };
}

describe('new messages, live', () => {
  const server = useTestServer();
  let url: string;
  beforeAll(async () => {
    url = await server.app().listen({ port: 0, host: '127.0.0.1' });
  });

  it("tells a record thread's readers of a new message, then the reader of their own read; no one else", async () => {
    const material = await makeMaterial(server.db(), (await makeCategory(server.db())).id);
    const requisition = await makeRequisition(server.db(), { requested_by: 'foreman', lines: [{ material: material.id }] });
    const key = `requisition-${requisition.id}`;
    const stores = await openStream(url, (await signIn(server.app(), 'stores')).access);
    const sales = await openStream(url, (await signIn(server.app(), 'sales.exec')).access);
    const foreman = await server.as('foreman');
    const sent = await foreman.post(API.messaging.mine, { conversation: key, body: '@stores please issue' });
    expect(sent.statusCode).toBe(201);
    expect(await stores.next()).toEqual({ event: 'messages', data: JSON.stringify({ conversation: key, message: sent.json().id, sender: await userId(server.db(), 'foreman') }) });
    await (await server.as('stores')).post(API.messaging.read(key));
    expect(await stores.next()).toEqual({ event: 'messages', data: JSON.stringify({ conversation: key, read: sent.json().id }) });
    // sales.exec may not read requisitions: the first thing it hears is a message of its own department.
    await (await server.as('sales.manager')).post(API.messaging.mine, { conversation: 'department-sales', body: 'Review at 4' });
    expect(JSON.parse((await sales.next()).data)).toMatchObject({ conversation: 'department-sales' });
    stores.close();
    sales.close();
  });
});
