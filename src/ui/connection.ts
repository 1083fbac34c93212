import { apiErrorMessage } from '../../domain/api-errors';
import { isNetworkError, responseBody } from '../data/api';
import { notify } from './notify';
import { NETWORK_ERROR_MESSAGE } from './server-errors';

/** What an action only the server can take (an approval, a reservation, a dispatch) says when it cannot reach it. */
export const NEEDS_CONNECTION = 'This needs a connection to the server. Try again when you are online.';

/** Why a call to the server failed, in words: it could not be reached (`unreachable`), or the server's own message. */
export function serverFailure(error: unknown, unreachable: string = NEEDS_CONNECTION): string {
  return isNetworkError(error) ? unreachable : apiErrorMessage(responseBody(error));
}

/** Why a read shows nothing, for its screen to say: it waits offline for the server, or it failed; null otherwise. */
export const readFailure = ({ error, isPaused }: { error: unknown; isPaused: boolean }): string | null =>
  isPaused ? NETWORK_ERROR_MESSAGE : error ? serverFailure(error, NETWORK_ERROR_MESSAGE) : null;

/**
 * Offline, says that the action needs a connection and answers true. For an action that asks the
 * user for input first: asking in vain is worse than saying so at once.
 */
export function refusedOffline(): boolean {
  if (navigator.onLine) return false;
  notify({ type: 'warning', message: NEEDS_CONNECTION });
  return true;
}

/**
 * Runs an action that needs the server; a failure is shown as a negative notice with the server's
 * words (or that it needs a connection). Resolves to the action's result, or undefined when it failed.
 */
export async function withConnection<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    notify({ type: 'negative', message: serverFailure(error) });
    return undefined;
  }
}
