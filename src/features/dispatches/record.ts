import { apiErrorMessage } from '../../../domain/api-errors';
import { toIsoDate } from '../../../domain/rules/dates';
import { api, isNetworkError, responseBody } from '../../data/api';
import { reloadData } from '../../data/preload';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';

export const DISPATCH_RECORDED = 'Dispatch recorded: the delivery note is on its way.';
const NEEDS_CONNECTION = 'This needs a connection to the server. Try again when you are online.';

/**
 * A packed note leaves today on a vehicle. Online only: one dispatch per note is the server's to
 * say at that moment, and the dashboard must not show a vehicle that never got the goods.
 */
export async function recordDispatch(note: { id: number; job_order: number }): Promise<boolean> {
  const vehicle = await openDialog({
    title: `Dispatch delivery note ${note.id}`,
    message: 'The goods leave today. Enter the vehicle number (it can be left empty for a courier).',
    okLabel: 'Dispatch',
    type: 'positive',
    prompt: { label: 'Vehicle number', validate: (v) => (v.trim().length <= 20 ? true : 'At most 20 characters.') },
  });
  if (vehicle === false) return false;
  try {
    await api.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: note.job_order, dispatch_date: toIsoDate(new Date()), vehicle_number: vehicle.trim(), status: 'dispatched' });
    notify({ type: 'positive', message: DISPATCH_RECORDED });
    await reloadData(['dispatches', 'deliveryNotes']);
    return true;
  } catch (error) {
    notify({ type: 'negative', message: isNetworkError(error) ? NEEDS_CONNECTION : apiErrorMessage(responseBody(error)) });
    return false;
  }
}
