import { useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import {
  LEAD_PLACEHOLDER_CONTACT_NUMBER,
  type Lead,
  type LeadConvert,
  type LeadConvertResult,
  type LeadExistsVerdict,
  type LeadReassign,
  type LeadReassignResult,
  type SalesExecutiveOption,
} from '../../../domain/lead';
import { api } from '../../data/api';

/** The sales executive dropdown as the server builds it (decision 198): 'Select' with no value first. */
export const useSalesExecutiveOptions = () =>
  useQuery({ queryKey: ['users', 'sales-executives'], queryFn: async () => (await api.get<SalesExecutiveOption[]>(API.users.salesExecutives)).data });

/** POST leads/exists/{number}/{company}/: the placeholder number stands for none (business-areas.md §5). */
export const leadExists = async (contactNumber: string, company: string) =>
  (await api.post<LeadExistsVerdict>(API.leads.exists(contactNumber.trim() || LEAD_PLACEHOLDER_CONTACT_NUMBER, company.trim()))).data;

/** POST leads/leads/reassign_leads/: every lead moves, or none does. */
export const reassignLeads = async (body: LeadReassign) => (await api.post<LeadReassignResult>(API.leads.reassign, body)).data;

/** POST customers/exists/{name}/: the live customer of that name, if any. */
export const customerExists = async (name: string) =>
  (await api.post<{ exists: boolean; customer: { id: number; name: string } | null }>(API.customers.exists(name.trim()))).data;

/** POST leads/leads/{id}/convert/ at the version shown: links `customer`, or makes one from the lead. */
export const convertLead = async (lead: Pick<Lead, 'id' | 'version'>, customer: number | undefined) =>
  (await api.post<LeadConvertResult>(API.leads.convert(lead.id), { ...(customer ? { customer } : {}), expected_version: lead.version } satisfies LeadConvert)).data;
