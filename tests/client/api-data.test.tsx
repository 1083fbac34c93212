import './setup';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { useApiData } from '../../src/ui/useApiData';
import { NETWORK_ERROR_MESSAGE } from '../../src/ui/server-errors';
import { deferred } from './support';

/** A loader whose answers the test hands out one at a time. */
function scriptedLoader() {
  const pending: ReturnType<typeof deferred<number>>[] = [];
  const load = () => {
    const next = deferred<number>();
    pending.push(next);
    return next.promise;
  };
  return { load, pending };
}

const httpError = (status: number, data: unknown) => {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, { status, data, statusText: '', headers: {}, config } as AxiosResponse);
};

describe('screen data (useApiData)', () => {
  it('is loading until the data arrives', async () => {
    const { load, pending } = scriptedLoader();
    const { result } = renderHook(() => useApiData(load));
    expect(result.current).toMatchObject({ data: null, error: null, loading: true });
    await act(async () => pending[0]!.resolve(1));
    expect(result.current).toMatchObject({ data: 1, error: null, loading: false });
  });

  it('is loading again on reload, keeping the old data until the new arrives', async () => {
    const { load, pending } = scriptedLoader();
    const { result } = renderHook(() => useApiData(load));
    await act(async () => pending[0]!.resolve(1));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 1, loading: true });
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1]!.resolve(2));
    expect(result.current).toMatchObject({ data: 2, loading: false });
  });

  it("shows the server's message on a failure and the network message when offline", async () => {
    const failures = [httpError(400, { name: ['Name is taken'] }), new AxiosError('Network Error', 'ERR_NETWORK')];
    const load = () => Promise.reject(failures.shift()!);
    const { result } = renderHook(() => useApiData(load));
    await waitFor(() => expect(result.current).toMatchObject({ error: 'Name is taken', loading: false }));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ error: NETWORK_ERROR_MESSAGE, loading: false }));
  });
});
