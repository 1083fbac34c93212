import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { Workbox } from 'workbox-window';
import {
  BLOCKER_POLL_MS,
  isOutboxSending,
  OUTBOX_REPLAY_LOCK,
  registerServiceWorker,
  resetUpdatesForTests,
  UPDATE_CHECK_MS,
} from '../../src/app/pwa';
import { useUnsavedChanges } from '../../src/ui/unsaved-changes';
import { UpdatePrompt } from '../../src/app/UpdatePrompt';
import { UPDATE_MESSAGES } from '../../src/app/UpdateCard';
import { OUTBOX_REPLAY_LOCK as REPLAYER_LOCK } from '../../src/data/outbox/replay';

/** A stand-in for workbox-window's Workbox: the test plays the browser's lifecycle events. */
class FakeWorkbox {
  private listeners = new Map<string, Set<() => void>>();
  register = vi.fn(async () => undefined);
  update = vi.fn(async () => undefined);
  messageSkipWaiting = vi.fn();
  addEventListener(type: string, listener: () => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  /** Plays a lifecycle event and lets the (lazily loaded) prompt render. */
  async emit(type: 'waiting' | 'controlling'): Promise<void> {
    await act(async () => this.listeners.get(type)?.forEach((listener) => listener()));
  }
}

let heldLocks: string[] = [];
let workbox: FakeWorkbox;
let reload: ReturnType<typeof vi.fn<() => void>>;

function setBrowserApi(name: 'serviceWorker' | 'locks', value: unknown): void {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

async function register(): Promise<void> {
  workbox = new FakeWorkbox();
  reload = vi.fn<() => void>();
  await registerServiceWorker(workbox as unknown as Workbox, reload);
}

function UnsavedForm({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}

const renderPrompt = (dirty?: boolean) =>
  render(
    <ChakraProvider value={defaultSystem}>
      <UpdatePrompt />
      {dirty !== undefined && <UnsavedForm dirty={dirty} />}
    </ChakraProvider>,
  );

const prompt = () => screen.queryByRole('region', { name: 'App update' });
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

beforeEach(() => {
  heldLocks = [];
  setBrowserApi('serviceWorker', {});
  setBrowserApi('locks', { query: async () => ({ held: heldLocks.map((name) => ({ name, mode: 'exclusive' })), pending: [] }) });
});

afterEach(() => {
  cleanup();
  act(() => resetUpdatesForTests());
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'locks');
});

describe('offering a new version (DESIGN.md: offered, not forced)', () => {
  it('shows nothing until a new version is waiting', async () => {
    await register();
    renderPrompt();
    expect(workbox.register).toHaveBeenCalled();
    expect(prompt()).toBeNull();
    await workbox.emit('waiting');
    expect(prompt()).not.toBeNull();
    expect(screen.getByText(UPDATE_MESSAGES.available)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Later' })).toBeTruthy();
    expect(UPDATE_MESSAGES.available).toBe('A new version of FabOps is available.');
  });

  it('never installs a waiting version on its own', async () => {
    vi.useFakeTimers();
    await register();
    renderPrompt();
    await workbox.emit('waiting');
    await advance(10 * BLOCKER_POLL_MS);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('"Update now" with nothing in the way asks the new version to take over, then reloads into it', async () => {
    await register();
    renderPrompt();
    await workbox.emit('waiting');
    await click('Update now');
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(screen.getByText(UPDATE_MESSAGES.updating)).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    await workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('"Later" puts the offer away and installs nothing', async () => {
    await register();
    renderPrompt();
    await workbox.emit('waiting');
    await click('Later');
    expect(prompt()).toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('a version another tab installed is offered as a reload', async () => {
    await register();
    renderPrompt();
    await workbox.emit('waiting');
    // The other tab's "Update now": the new worker now controls this page too.
    await workbox.emit('controlling');
    expect(reload).not.toHaveBeenCalled();
    await click('Update now');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after "Later", a version another tab installed is offered again, as a reload', async () => {
    await register();
    renderPrompt();
    await workbox.emit('waiting');
    await click('Later');
    await workbox.emit('controlling');
    expect(prompt()).not.toBeNull();
    await click('Update now');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the first install taking control is not an update', async () => {
    await register();
    renderPrompt();
    await workbox.emit('controlling');
    expect(prompt()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('looks for a new version every hour', async () => {
    vi.useFakeTimers();
    await register();
    await advance(UPDATE_CHECK_MS);
    expect(workbox.update).toHaveBeenCalledTimes(1);
  });

  it('registers nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await register();
    expect(workbox.register).not.toHaveBeenCalled();
  });
});

describe('an accepted update waits for unsaved input and sending changes', () => {
  it('waits while a form has unsaved input, says why, and starts once the form is clean', async () => {
    await register();
    const { rerender } = renderPrompt(true);
    await workbox.emit('waiting');
    await click('Update now');
    expect(screen.getByText(UPDATE_MESSAGES.waiting.unsaved)).toBeTruthy();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    await act(async () => {
      rerender(
        <ChakraProvider value={defaultSystem}>
          <UpdatePrompt />
          <UnsavedForm dirty={false} />
        </ChakraProvider>,
      );
    });
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(UPDATE_MESSAGES.waiting.unsaved)).toBeNull();
  });

  it('a form closed with unsaved input no longer holds the update', async () => {
    await register();
    const { rerender } = renderPrompt(true);
    await workbox.emit('waiting');
    await click('Update now');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    await act(async () => {
      rerender(
        <ChakraProvider value={defaultSystem}>
          <UpdatePrompt />
        </ChakraProvider>,
      );
    });
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('waits while the outbox is sending, says why, and starts once it has finished', async () => {
    vi.useFakeTimers();
    heldLocks = [OUTBOX_REPLAY_LOCK];
    await register();
    renderPrompt();
    await workbox.emit('waiting');
    await click('Update now');
    expect(screen.getByText(UPDATE_MESSAGES.waiting.sending)).toBeTruthy();
    await advance(5 * BLOCKER_POLL_MS);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    heldLocks = [];
    await advance(BLOCKER_POLL_MS);
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('"Later" while waiting gives the update up', async () => {
    vi.useFakeTimers();
    heldLocks = [OUTBOX_REPLAY_LOCK];
    await register();
    renderPrompt();
    await workbox.emit('waiting');
    await click('Update now');
    await click('Later');
    heldLocks = [];
    await advance(5 * BLOCKER_POLL_MS);
    expect(prompt()).toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });
});

describe('isOutboxSending', () => {
  it("is true while the replayer's lock is held, whoever holds it", async () => {
    heldLocks = ['fabops-token-refresh', OUTBOX_REPLAY_LOCK];
    await expect(isOutboxSending()).resolves.toBe(true);
  });

  it('is false while only other locks are held', async () => {
    heldLocks = ['fabops-token-refresh'];
    await expect(isOutboxSending()).resolves.toBe(false);
  });

  it('is false without Web Locks (no replayer can be told apart)', async () => {
    Reflect.deleteProperty(navigator, 'locks');
    await expect(isOutboxSending()).resolves.toBe(false);
  });

  it('asks about the lock the replayer takes', () => {
    expect(OUTBOX_REPLAY_LOCK).toBe(REPLAYER_LOCK);
  });
});
