import { LEAD_STAGES } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { isNetworkError } from '../../data/api';
import { serverFailure } from '../../ui/connection';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { leadExists } from './api';

/** Offline the check cannot be made (decision 223): the lead is saved and the user told. */
export const DUPLICATE_CHECK_SKIPPED = 'Offline: the check for a lead with the same number or company was skipped.';
export const DUPLICATE_TITLE = 'This lead may exist already';

/**
 * The lead check before a lead is saved (business-areas.md §5): online, the live leads with the
 * same contact number or company (other than `self`, the lead being edited) are named and the
 * user goes on or stops; offline, or when the check cannot be made, the save goes on and says so.
 * Answers whether to save.
 */
export async function goesOnDespiteDuplicates(lead: { company: string; contact_number: string }, self?: number): Promise<boolean> {
  if (!navigator.onLine) {
    notify({ type: 'info', message: DUPLICATE_CHECK_SKIPPED });
    return true;
  }
  let found;
  try {
    found = (await leadExists(lead.contact_number, lead.company)).leads.filter((other) => other.id !== self);
  } catch (error) {
    notify({ type: 'info', message: isNetworkError(error) ? DUPLICATE_CHECK_SKIPPED : `The check for a lead with the same number or company failed: ${serverFailure(error)}` });
    return true;
  }
  if (found.length === 0) return true;
  const named = found.map((other) => `${other.company} (${labelOf(LEAD_STAGES, other.stage)}, ${other.assign_to_name})`).join('; ');
  return openDialog({
    title: DUPLICATE_TITLE,
    message: `A lead with the same number or company exists: ${named}. Save this lead anyway?`,
    type: 'warning',
    okLabel: 'Save anyway',
    cancelLabel: 'Stop',
  });
}
