import { useLiveQuery } from 'dexie-react-hooks';
import { businessDayOf, matchesLeadFilter, type Lead, type LeadFilter, type LeadRemark } from '../../../domain/lead';
import { mirror } from '../../data/mirror/db';

/** Today as the business counts it (Kolkata), the day the display filters compare with. */
export const businessToday = (): string => businessDayOf(new Date());

/** The live leads on the device and the ids of those with at least one remark there; undefined while it answers. */
export function useLeadsWithRemarks() {
  return useLiveQuery(async () => {
    const [leads, remarked] = await Promise.all([mirror.rowsOf<Lead>('leads').toArray(), mirror.rowsOf<LeadRemark>('leadRemarks').orderBy('lead').uniqueKeys()]);
    return { leads: leads.filter((l) => !l.deleted_at), remarked: new Set(remarked as number[]) };
  }, []);
}

/** The leads a display filter shows on `today` (business-areas.md §4), read with the remarks on the device. */
export const leadsUnder = (leads: readonly Lead[], remarked: ReadonlySet<number>, filter: LeadFilter, today: string): Lead[] =>
  leads.filter((lead) => matchesLeadFilter(lead, filter, today, remarked.has(lead.id)));

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
