import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { api } from '../../data/api';
import { reloadData } from '../../data/preload';
import { openDialog } from '../../ui/dialog';
import { withConnection } from '../../ui/connection';
import { notify } from '../../ui/notify';
import { API } from '../../../domain/api-paths';

export const DISPATCH_RECORDED = 'Dispatch recorded: the delivery note is on its way.';

/** The vehicle booked for a note, as the ready lists show it. */
export const bookingLabel = (booking: { dispatch_date: string; vehicle_number: string }) =>
  `Vehicle booked for ${formatDisplayDate(booking.dispatch_date)}${booking.vehicle_number ? `: ${booking.vehicle_number}` : ''}`;

/**
 * A packed note leaves today on a vehicle; a vehicle booked for it is offered, and the server sends
 * that booking. Online only: one dispatch per note is the server's to say at that moment, and the
 * dashboard must not show a vehicle that never got the goods.
 */
export async function recordDispatch(note: { id: number; job_order: number }, booking?: { vehicle_number: string } | null): Promise<boolean> {
  const vehicle = await openDialog({
    title: `Dispatch delivery note ${note.id}`,
    message: booking ? 'The goods leave today on the vehicle booked for them, or another one.' : 'The goods leave today. Enter the vehicle number (it can be left empty for a courier).',
    okLabel: 'Dispatch',
    type: 'positive',
    prompt: { label: 'Vehicle number', initial: booking?.vehicle_number ?? '', validate: (v) => (v.trim().length <= 20 ? true : 'At most 20 characters.') },
  });
  if (vehicle === false) return false;
  const recorded = await withConnection(async () => {
    await api.post(API.dispatches.list, { delivery_note: note.id, job_order: note.job_order, dispatch_date: businessToday(), vehicle_number: vehicle.trim(), status: 'dispatched' });
    notify({ type: 'positive', message: DISPATCH_RECORDED });
    await reloadData(['dispatches', 'deliveryNotes']);
    return true;
  });
  return recorded ?? false;
}
