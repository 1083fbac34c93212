import './setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { focusManager, onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../src/data/api';
import { createQueryClient, retriable } from '../../src/data/query';
import { networkFailure, refusal } from './support';

/** Online reads (issue 16 §1): the defaults every screen's query gets from the app's client. */


function withClient() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
});

describe('which failures a read asks again', () => {
  it.each([
    ['no answer', networkFailure(), true],
    ['500', refusal(500), true],
    ['503', refusal(503), true],
    ['408', refusal(408), true],
    ['429', refusal(429), true],
    ['400', refusal(400), false],
    ['401', refusal(401), false],
    ['403', refusal(403), false],
    ['404', refusal(404), false],
    ['409', refusal(409), false],
    ['422', refusal(422), false],
  ])('%s: %s', (_what, error, expected) => {
    expect(retriable(error)).toBe(expected);
  });
});

describe('a read', () => {
  it('asks a server that does not answer twice more, 1 s then 2 s later, and then gives up', async () => {
    vi.useFakeTimers();
    const { client } = withClient();
    const read = vi.fn(() => Promise.reject(networkFailure()));
    const result = client.fetchQuery({ queryKey: ['dead'], queryFn: read }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(3);
    expect(await result).toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("takes the server's refusal as final: asked once", async () => {
    const { client } = withClient();
    const read = vi.fn(() => Promise.reject(refusal(403)));
    await expect(client.fetchQuery({ queryKey: ['refused'], queryFn: read })).rejects.toMatchObject({ response: { status: 403 } });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('waits, paused and without an error, while offline, and runs when the connection is back', async () => {
    act(() => onlineManager.setOnline(false));
    const { wrapper } = withClient();
    const read = vi.fn(async () => 'figures');
    const { result } = renderHook(() => useQuery({ queryKey: ['offline'], queryFn: read }), { wrapper });
    expect(result.current).toMatchObject({ fetchStatus: 'paused', status: 'pending', error: null });
    expect(read).not.toHaveBeenCalled();
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.data).toBe('figures'));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is read again on every entry to its screen, never because the window got the focus back', async () => {
    const { wrapper } = withClient();
    let answer = 0;
    const read = vi.fn(async () => ++answer);
    const first = renderHook(() => useQuery({ queryKey: ['dashboard'], queryFn: read }), { wrapper });
    await waitFor(() => expect(first.result.current.data).toBe(1));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(read).toHaveBeenCalledTimes(1);
    first.unmount();

    const again = renderHook(() => useQuery({ queryKey: ['dashboard'], queryFn: read }), { wrapper });
    // The last figures show at once while the fresh ones come.
    expect(again.result.current).toMatchObject({ data: 1, isFetching: true });
    await waitFor(() => expect(again.result.current.data).toBe(2));
    expect(read).toHaveBeenCalledTimes(2);
  });
});
