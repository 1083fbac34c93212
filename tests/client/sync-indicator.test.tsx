import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { makeUser } from './support';
import { metaKey, mirror, type MirrorMeta } from '../../src/data/mirror/db';
import { outbox, type OutboxEntry } from '../../src/data/outbox/db';
import { SyncIndicator } from '../../src/ui/SyncIndicator';
import type { DataType } from '../../domain/data-types';

/** Issue 17 §1: a list the server refuses the user is missing from the device, so the header may not say "All saved". */
const DESIGNER = 12;
vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user: makeUser({ id: DESIGNER, department: 'design', designation: 'designer' }), users: [], modules: {}, offline: false }),
}));

const lastLoad = (type: DataType, error: string | null, userId = DESIGNER): MirrorMeta => ({ key: metaKey(userId, type), userId, type, cursor: null, loadedAt: null, rowCount: 0, error });

const drawIndicator = () =>
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <SyncIndicator offline={false} />
      </MemoryRouter>
    </ChakraProvider>,
  );

const showIndicator = async () => {
  drawIndicator();
  return screen.findByRole('link', { name: 'Sync status' });
};

beforeEach(async () => {
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});
afterEach(() => cleanup());

describe('the header’s sync state', () => {
  it('says "All saved" when nothing is waiting and every list loaded', async () => {
    await mirror.meta.put({ ...lastLoad('customers', null), loadedAt: Date.now() });

    const status = await showIndicator();

    await waitFor(() => expect(status.textContent).toBe('OnlineAll saved'));
  });

  it('says nothing of saving before it has read the device’s outbox: a reopened app with a change waiting never claims "All saved"', async () => {
    const waiting: Omit<OutboxEntry, 'id'> = {
      ...{ operation: 'lead.create', payload: {}, method: 'POST', url: '/leads/leads/', body: {}, headers: {}, userId: DESIGNER, idempotencyKey: 'k1' },
      // Held an hour, so the replay the indicator starts leaves it waiting.
      ...{ createdAt: 1, attempts: 0, nextAttemptAt: Date.now() + 3_600_000, state: 'pending', lastError: null, dependsOn: [], type: 'leads', rowId: -1, tempId: -1 },
    };
    await outbox.entries.add(waiting as OutboxEntry);

    drawIndicator();

    // The first drawing, before the outbox's query answers.
    const status = screen.getByRole('link', { name: 'Sync status' });
    expect(status.textContent).toBe('Online');
    await waitFor(() => expect(status.textContent).toBe('Online1 unsent'));
  });

  it('never says "All saved" while the server refuses the user a list, and says how many lists are not loaded', async () => {
    await mirror.meta.bulkPut([lastLoad('jobOrders', 'You do not have permission to perform this action.'), lastLoad('estimationMaterials', 'You do not have permission to perform this action.')]);

    const status = await showIndicator();

    await waitFor(() => expect(status.textContent).toBe('Online2 lists not loaded'));
  });

  it('leaves "All saved" to a list that only could not reach the server (it loads on the next try), and to other users’ refusals', async () => {
    await mirror.meta.bulkPut([lastLoad('customers', 'The server cannot be reached.'), lastLoad('jobOrders', 'You do not have permission to perform this action.', 99)]);

    const status = await showIndicator();

    await waitFor(() => expect(status.textContent).toBe('OnlineAll saved'));
  });
});
