import { useCallback, useEffect, useState } from 'react';
import { apiErrorMessage } from '../../domain/api-errors';
import { isNetworkError, responseBody } from '../data/api';
import { NETWORK_ERROR_MESSAGE } from './server-errors';

export interface ApiData<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads server data when a screen is entered (dashboards reload on every entry) and on reload(). */
export function useApiData<T>(load: () => Promise<T>): ApiData<T> {
  const [generation, setGeneration] = useState(0);
  // Which request (loader and generation) the data and error belong to; loading until the current one settles.
  const [state, setState] = useState<{ data: T | null; error: string | null; load: (() => Promise<T>) | null; generation: number }>({
    data: null,
    error: null,
    load: null,
    generation: -1,
  });
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ data, error: null, load, generation }),
      (error: unknown) =>
        current &&
        setState((s) => ({ data: s.data, error: isNetworkError(error) ? NETWORK_ERROR_MESSAGE : apiErrorMessage(responseBody(error)), load, generation })),
    );
    return () => {
      current = false;
    };
  }, [load, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data: state.data, error: state.error, loading: state.load !== load || state.generation !== generation, reload };
}
