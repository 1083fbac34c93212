import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { matchesLeadFilter, type Lead, type LeadFilter, type LeadRemark } from '../../domain/lead';
import { leadScopeOf, type LeadScope } from '../../domain/row-rules';
import { mirror } from './mirror/db';
import { useSession } from './session';
import { tokens } from './tokens';

/* The leads on the device as the leads list and sales-dash read them (decisions 219, 228, 248). */

/** How long the leads list waits for the signed-in user before it falls back on the stored user id (business-areas.md §8). */
export const LEADS_USER_WAIT_MS = 10_000;

/** Whose leads the list shows: a user and the leads the row rule gives them. */
export interface LeadsViewer {
  id: number;
  scope: LeadScope;
}

/**
 * The leads loading path of business-areas.md §8 on the device (decision 228): the signed-in
 * user and their row rule; while the user is not known, undefined (waiting) for 10 s, then the
 * stored user id with only the leads assigned to it; with no stored id either, null (no leads).
 */
export function useLeadsViewer(): LeadsViewer | null | undefined {
  const { user } = useSession();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (user) return;
    const timer = setTimeout(() => setWaited(true), LEADS_USER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [user]);
  return useMemo(() => {
    if (user) return { id: user.id, scope: leadScopeOf(user) };
    if (!waited) return undefined;
    const stored = tokens.userId;
    return stored ? { id: stored, scope: 'assigned-to-me' } : null;
  }, [user, waited]);
}

/** Whether the viewer sees the lead: all of them, or only those assigned to them. */
export const seesLead = (viewer: LeadsViewer, lead: Pick<Lead, 'assign_to'>): boolean => viewer.scope === 'all' || lead.assign_to === viewer.id;

/**
 * The live leads on the device that the viewer sees (`useLeadsViewer`) and the ids of those with
 * at least one remark there; undefined while it answers or waits for the user.
 */
export function useLeadsWithRemarks() {
  const viewer = useLeadsViewer();
  return useLiveQuery(async () => {
    if (viewer === undefined) return undefined;
    if (viewer === null) return { leads: [], remarked: new Set<number>() };
    const [leads, remarked] = await Promise.all([mirror.rowsOf<Lead>('leads').toArray(), mirror.rowsOf<LeadRemark>('leadRemarks').orderBy('lead').uniqueKeys()]);
    return { leads: leads.filter((l) => !l.deleted_at && seesLead(viewer, l)), remarked: new Set(remarked as number[]) };
  }, [viewer]);
}

/** The leads a display filter shows on `today` (business-areas.md §4), read with the remarks on the device. */
export const leadsUnder = (leads: readonly Lead[], remarked: ReadonlySet<number>, filter: LeadFilter, today: string): Lead[] =>
  leads.filter((lead) => matchesLeadFilter(lead, filter, today, remarked.has(lead.id)));
