import { useLiveQuery } from 'dexie-react-hooks';
import { businessDayOf, matchesLeadFilter, type Lead, type LeadFilter, type LeadRemark } from '../../domain/lead';
import { mirror } from './mirror/db';

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
