import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { materialCategories } from '../../server/db/schema';
import { injectIdempotencyFaults } from '../../server/plugins/idempotency';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { replayOutbox, type ReplayEnv } from '../../src/data/outbox/replay';
import { signIn, useTestServer } from '../support/server';
import { userId } from '../support/factories';
import { createMaterialCategory } from '../../src/data/operations';

/**
 * Issue 15 §5 against a real API server over HTTP: one write the server keeps failing (500) no
 * longer holds back the others, and goes once it is cured; nothing is applied twice.
 */
const server = useTestServer();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = `${await server.app().listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
});

async function tabletOf(username: string): Promise<{ env: ReplayEnv; id: number }> {
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  const { access } = await signIn(server.app(), username);
  return { id: await userId(server.db(), username), env: { fetch: globalThis.fetch, baseUrl, tokens: { accessFor: async () => access, refreshFor: async () => access } } };
}

const categoriesNamed = (name: string) => server.db().select().from(materialCategories).where(eq(materialCategories.name, name));

describe('the outbox against a server that fails one write', () => {
  it('sends the others past it, and it once it is cured, each applied once', async () => {
    const { env, id } = await tabletOf('stores');
    const glass = await addEntry(createMaterialCategory, { name: 'Glass' }, { userId: id });
    await addEntry(createMaterialCategory, { name: 'Metal' }, { userId: id });
    const failing = (await outbox.entries.get(glass.entryId))!.idempotencyKey;
    injectIdempotencyFaults(server.app(), {
      beforeCommit: (request) => {
        if (request.headers['idempotency-key'] === failing) throw new Error('the write fails on the server');
      },
    });

    expect(await replayOutbox(env)).toMatchObject({ sent: 1, rejected: 0, remaining: 1 });
    expect(await categoriesNamed('Metal')).toHaveLength(1);
    expect(await categoriesNamed('Glass')).toHaveLength(0);
    expect(await outbox.entries.get(glass.entryId)).toMatchObject({ state: 'pending', attempts: 1, lastError: { status: 500 } });

    injectIdempotencyFaults(server.app(), {});
    expect(await replayOutbox({ ...env, retryAll: true })).toMatchObject({ sent: 1, remaining: 0 });
    expect(await categoriesNamed('Glass')).toHaveLength(1);
    expect(await categoriesNamed('Metal')).toHaveLength(1);
  });
});
