import type { ActiveSession } from '../../../domain/session';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiStatus,
  DASHBOARD_AUDIT_HOURS,
  DASHBOARD_LATEST_AUDIT,
  DASHBOARD_REFRESH_MS,
  type ApiPerformance,
  type ApiStatus,
  type AuditEntry,
  type ErrorRates,
  type ModuleStatistics,
  type SecurityMetrics,
  type SystemHealth,
} from '../../../domain/admin';
import { API } from '../../../domain/api-paths';
import type { Job, JobState } from '../../../domain/jobs';
import type { Mail, MailState } from '../../../domain/mail';
import { MAX_PAGE_SIZE } from '../../../domain/query-params';
import type { SystemAlert } from '../../../domain/system-alert';
import type { ModuleDetail, ModuleName } from '../../../domain/modules';
import type { OfflineSettings } from '../../../domain/offline';
import type { SystemConfig } from '../../../domain/system';
import { api } from '../../data/api';
import type { ListPage } from '../../ui/ServerListScreen';
import { loadModules } from '../../data/session';

/** The superuser console's reads and writes, all on the server (nothing of it is kept on a device). */

/** The system configuration and the offline period, which the configuration screen edits as one form. */
export const systemSettingsQuery = queryOptions({
  queryKey: ['superuser', 'settings'],
  queryFn: async () => {
    const [config, offline] = await Promise.all([api.get<SystemConfig>(API.system.config), api.get<OfflineSettings>(API.system.offline)]);
    return { config: config.data, offline: offline.data };
  },
});

export const useSystemSettings = () => useQuery(systemSettingsQuery);

export interface SystemSettings {
  config: SystemConfig;
  offline: OfflineSettings;
}

/**
 * Saves the settings: the configuration, and the offline period only when it changed (its change
 * is audited on its own and keeps the period it replaces, server/modules/system/service.ts).
 */
export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ settings, before }: { settings: SystemSettings; before: SystemSettings }) => {
      await api.put(API.system.config, settings.config);
      if (settings.offline.offline_work_days !== before.offline.offline_work_days) await api.put(API.system.adminOffline, settings.offline);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemSettingsQuery.queryKey }),
  });
}

export const moduleDetailsQuery = queryOptions({
  queryKey: ['superuser', 'modules'],
  queryFn: async () => (await api.get<ModuleDetail[]>(API.system.modulesDetailed)).data,
});

export const useModuleDetails = () => useQuery(moduleDetailsQuery);

/** Each module's rows and last activity, read apart from the switches: the screen shows the switches without them. */
export const useModuleStatistics = () =>
  useQuery({
    queryKey: ['superuser', 'modules', 'statistics'],
    queryFn: async () => (await api.get<ModuleStatistics[]>(API.admin.moduleStatistics)).data,
  });

/** Switches a module on or off; the superuser's own menu follows at once (the session's switches are read again). */
export function useSwitchModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, enabled }: { name: ModuleName; enabled: boolean }) => (await api.put<ModuleDetail>(API.system.module(name), { is_enabled: enabled })).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['superuser', 'modules'] });
      await loadModules().catch(() => undefined);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Health, alerts and security: the dashboard reads them every DASHBOARD_REFRESH_MS (§9).

/** The dashboard's reads come again every 30 s while it is open (product-frame.md §9). */
const live = { refetchInterval: DASHBOARD_REFRESH_MS } as const;

export const useSystemHealth = (refresh = true) =>
  useQuery({ queryKey: ['superuser', 'health'], queryFn: async () => (await api.get<SystemHealth>(API.admin.health)).data, ...(refresh ? live : {}) });

/** The API's status as this device sees it (§4): the ping's round trip, or failed when no answer came. */
export interface ApiCheck {
  status: ApiStatus;
  ms: number | null;
}

export const useApiCheck = () =>
  useQuery({
    queryKey: ['superuser', 'ping'],
    queryFn: async (): Promise<ApiCheck> => {
      const started = performance.now();
      try {
        await api.get(API.admin.ping);
      } catch (error) {
        return { status: apiStatus(error as Error), ms: null };
      }
      const ms = Math.round(performance.now() - started);
      return { status: apiStatus(ms), ms };
    },
    ...live,
  });

export const useOpenAlerts = () =>
  useQuery({ queryKey: ['superuser', 'alerts'], queryFn: async () => (await api.get<SystemAlert[]>(API.admin.alerts, { params: { resolved: false } })).data, ...live });

export function useResolveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alert: SystemAlert) => (await api.put<SystemAlert>(API.admin.resolveAlert(alert.id))).data,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['superuser', 'alerts'] }), queryClient.invalidateQueries({ queryKey: ['superuser', 'security'] })]),
  });
}

export const useSecurityMetrics = () => useQuery({ queryKey: ['superuser', 'security'], queryFn: async () => (await api.get<SecurityMetrics>(API.admin.securityMetrics)).data, ...live });

// ---------------------------------------------------------------------------------------------
// The audit log

/** The audit API's filters (domain/admin.ts auditQuerySchema), as the screen sends them. */
export type AuditFilters = Partial<Record<'user' | 'action' | 'target' | 'riskLevel' | 'from' | 'to', string>>;

const auditPage = async (filters: AuditFilters, limit: number, offset: number) => (await api.get<ListPage<AuditEntry>>(API.admin.audit, { params: { ...filters, limit, offset } })).data;

/** A page of the audit log, newest first; `limit` entries from `offset` (the API counts limit-offset, as DRF's). */
export const useAuditPage = (filters: AuditFilters, limit: number, offset: number) =>
  useQuery({ queryKey: ['superuser', 'audit', filters, limit, offset], queryFn: () => auditPage(filters, limit, offset), placeholderData: keepPreviousData });

/** Every entry the filters keep, for a file: the largest pages in turn. */
export async function everyAuditEntry(filters: AuditFilters): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (;;) {
    const page = await auditPage(filters, MAX_PAGE_SIZE, entries.length);
    entries.push(...page.results);
    if (entries.length >= page.count || page.results.length === 0) return entries;
  }
}

/** The dashboard's latest entries: the last 10 of the last 24 hours (§9). */
export const useLatestAudit = () =>
  useQuery({
    queryKey: ['superuser', 'audit', 'latest'],
    queryFn: () => auditPage({ from: new Date(Date.now() - DASHBOARD_AUDIT_HOURS * 3_600_000).toISOString() }, DASHBOARD_LATEST_AUDIT, 0),
    ...live,
  });

// ---------------------------------------------------------------------------------------------
// Performance

export const usePerformance = () => useQuery({ queryKey: ['superuser', 'performance'], queryFn: async () => (await api.get<ApiPerformance>(API.admin.performance)).data, ...live });
export const useErrorRates = () => useQuery({ queryKey: ['superuser', 'error-rates'], queryFn: async () => (await api.get<ErrorRates>(API.admin.errorRates)).data, ...live });

// ---------------------------------------------------------------------------------------------
// Background jobs and mail

/** How many rows of a list (jobs, mail) are in each state: a page of one row per state, for its count. */
async function countsBy<S extends string>(path: string, states: readonly S[]): Promise<Record<S, number>> {
  const counts = await Promise.all(states.map(async (state) => (await api.get<ListPage<unknown>>(path, { params: { state, page_size: 1 } })).data.count));
  return Object.fromEntries(states.map((state, i) => [state, counts[i]!])) as Record<S, number>;
}

/** The job states of work not done yet: waiting, waiting out a retry's backoff, running. */
export const WAITING_JOB_STATES = ['created', 'retry', 'active'] as const satisfies readonly JobState[];

/** Every live session, for the builds the devices run. */
export const useActiveSessions = () => useQuery({ queryKey: ['superuser', 'sessions'], queryFn: async () => (await api.get<ActiveSession[]>(API.admin.activeSessions)).data });

export const useJobCounts = () => useQuery({ queryKey: ['superuser', 'jobs', 'counts'], queryFn: () => countsBy(API.jobs.list, WAITING_JOB_STATES) });

export const useDeadLetters = (page: number, pageSize: number) =>
  useQuery({
    queryKey: ['superuser', 'jobs', 'failed', page],
    queryFn: async () => (await api.get<ListPage<Job>>(API.jobs.list, { params: { state: 'failed', page, page_size: pageSize } })).data,
    placeholderData: keepPreviousData,
  });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (job: Job) => (await api.post<Job>(API.jobs.retry(job.id))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['superuser', 'jobs'] }),
  });
}

/** The mail states the queue is watched by: waiting to go, failed for good, and kept (no SMTP server configured). */
export const WATCHED_MAIL_STATES = ['queued', 'failed', 'kept'] as const satisfies readonly MailState[];

export const useMailCounts = () => useQuery({ queryKey: ['superuser', 'mail', 'counts'], queryFn: () => countsBy(API.mail.list, WATCHED_MAIL_STATES) });

export const useFailedMail = (pageSize: number) =>
  useQuery({ queryKey: ['superuser', 'mail', 'failed'], queryFn: async () => (await api.get<ListPage<Mail>>(API.mail.list, { params: { state: 'failed', page_size: pageSize } })).data });
