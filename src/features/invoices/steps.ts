import type { QueryClient } from '@tanstack/react-query';
import { responseBody, responseStatus } from '../../data/api';
import { serverFailure } from '../../ui/connection';
import { notify } from '../../ui/notify';
import type { StepOutcome } from './action-dialogs';
import { reloadInvoices } from './parts';

/** A 400's messages by field, first message each, for a dialog to put under its fields (non_field_errors as its caption). */
export function fieldMessages(error: unknown): Record<string, string> {
  const body = responseBody(error);
  if (responseStatus(error) !== 400 || !body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).flatMap(([field, messages]) => (Array.isArray(messages) && typeof messages[0] === 'string' ? [[field, messages[0]]] : [])));
}

/**
 * Takes a step of the invoice's sections (credit notes, instalments, recurring, attachments) on
 * the server: done, the invoice and its sections are read again and `done` is said; refused, the
 * failure is said with the server's words and its field messages go back to the dialog.
 */
export async function takeStep<T>(queryClient: QueryClient, invoice: number, action: () => Promise<T>, failed: string, done: (answer: T) => string): Promise<StepOutcome> {
  try {
    const answer = await action();
    void queryClient.invalidateQueries({ queryKey: ['invoices', invoice] });
    reloadInvoices();
    notify({ type: 'positive', message: done(answer) });
    return null;
  } catch (error) {
    notify({ type: 'negative', message: failed, caption: serverFailure(error) });
    if (responseStatus(error) !== 409) return fieldMessages(error);
    void queryClient.invalidateQueries({ queryKey: ['invoices', invoice] });
    return null;
  }
}
