import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorMessage } from '../../domain/api-errors';
import { isNetworkError, responseBody } from '../data/api';

export const NETWORK_ERROR_MESSAGE = 'The server cannot be reached. Check the connection and try again.';

/**
 * Puts a 400 answer's field messages on the form's fields; returns the message for the form
 * as a whole (non-field errors, `detail`, or the generic helper's message). `fieldOf` names the
 * form's field for a field of the request where the two differ (a list sent without its empty rows).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[], fieldOf: (sent: string) => string = (sent) => sent): string | null {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const body = responseBody(error);
  if (!body || typeof body !== 'object') return apiErrorMessage(body);
  const record = body as Record<string, unknown>;
  let placed = false;
  for (const [sent, messages] of Object.entries(record)) {
    const field = fieldOf(sent);
    if (fields.includes(field) && Array.isArray(messages) && typeof messages[0] === 'string') {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  const rest = Object.fromEntries(Object.entries(record).filter(([sent]) => !fields.includes(fieldOf(sent))));
  if (Object.keys(rest).length > 0) return apiErrorMessage(rest);
  return placed ? null : apiErrorMessage(body);
}
