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
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        current && setState((s) => ({ data: s.data, error: isNetworkError(error) ? NETWORK_ERROR_MESSAGE : apiErrorMessage(responseBody(error)), loading: false })),
    );
    return () => {
      current = false;
    };
  }, [load, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
