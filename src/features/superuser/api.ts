import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModuleStatistics } from '../../../domain/admin';
import { API } from '../../../domain/api-paths';
import type { ModuleDetail, ModuleName } from '../../../domain/modules';
import type { OfflineSettings } from '../../../domain/offline';
import type { SystemConfig } from '../../../domain/system';
import { api } from '../../data/api';
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
