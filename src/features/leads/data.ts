import { useLiveQuery } from 'dexie-react-hooks';
import type { Lead, LeadRemark } from '../../../domain/lead';
import { mirror } from '../../data/mirror/db';

/** One lead and its remarks newest first, from the device; undefined while it answers, lead null when absent. */
export function useLead(id: number) {
  return useLiveQuery(async () => {
    const [lead, remarks] = await Promise.all([mirror.rowsOf<Lead>('leads').get(id), mirror.rowsOf<LeadRemark>('leadRemarks').where('lead').equals(id).toArray()]);
    return {
      lead: lead && !lead.deleted_at ? lead : null,
      remarks: remarks.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id),
    };
  }, [id]);
}

/** The version the user saw, for a change to a lead the server has (one made offline has none yet). */
export const versionOf = (row: { id: number; version: number }) => (row.id > 0 ? { expected_version: row.version } : {});

/** What a change queued through the outbox tells the user. */
export const SAVED = 'Saved on this device; it is sent to the server as soon as it can be reached.';
