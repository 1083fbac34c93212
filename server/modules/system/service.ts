import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemConfig, systemModules, users } from '../../db/schema';
import { MODULE_NAMES, type ModuleDetail, type ModuleName } from '../../../domain/modules';
import { ROUTES } from '../../../domain/routes';
import { SYSTEM_CONFIG_DEFAULTS, type SystemConfig } from '../../../domain/system';
import { keyRetentionDays, OFFLINE_SETTINGS_DEFAULTS, type OfflineSettings } from '../../../domain/offline';
import type { User } from '../../../domain/user';
import { notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/service';
import type { ModuleStatistics } from '../../../domain/admin';

/** GET /system/modules/: every module with its flag; a module without a row is enabled. */
export async function moduleMap(db: Db): Promise<Record<ModuleName, boolean>> {
  const rows = await db.select().from(systemModules);
  const stored = new Map(rows.map((r) => [r.name, r.is_enabled]));
  return Object.fromEntries(MODULE_NAMES.map((name) => [name, stored.get(name) !== false])) as Record<ModuleName, boolean>;
}

/** GET /system/modules/detailed/: every module, its routes and its last switch; with its rows and last activity when `statistics` are given (a superuser's). */
export async function moduleDetails(db: Db, statistics: ModuleStatistics[] | null): Promise<ModuleDetail[]> {
  const figures = statistics && new Map(statistics.map((m) => [m.name, m]));
  const rows = await db
    .select({ name: systemModules.name, is_enabled: systemModules.is_enabled, updated_at: systemModules.updated_at, updated_by: users.username })
    .from(systemModules)
    .leftJoin(users, eq(users.id, systemModules.updated_by));
  const stored = new Map(rows.map((r) => [r.name, r]));
  return MODULE_NAMES.map((name) => {
    const row = stored.get(name);
    return {
      name,
      is_enabled: row?.is_enabled !== false,
      routes: ROUTES.filter((r) => r.module === name).map((r) => r.name),
      updated_at: row?.updated_at.toISOString() ?? null,
      updated_by: row?.updated_by ?? null,
      row_count: figures?.get(name)?.rowCount ?? null,
      last_activity: figures?.get(name)?.lastActivity ?? null,
    };
  });
}

export async function setModuleEnabled(db: Db, actor: User, name: string, enabled: boolean): Promise<void> {
  if (!(MODULE_NAMES as readonly string[]).includes(name)) throw notFound(`Unknown module: ${name}`);
  await db.transaction(async (tx) => {
    await tx
      .insert(systemModules)
      .values({ name, is_enabled: enabled, updated_by: actor.id })
      .onConflictDoUpdate({ target: systemModules.name, set: { is_enabled: enabled, updated_by: actor.id, updated_at: new Date() } });
    await recordAudit(tx, { actor, action: enabled ? 'module.enable' : 'module.disable', target: `module:${name}`, risk: 'high' });
  });
}

export async function readConfig(db: Db): Promise<SystemConfig> {
  const [row] = await db.select().from(systemConfig).where(eq(systemConfig.id, 1));
  if (!row) return SYSTEM_CONFIG_DEFAULTS;
  return {
    maintenanceMode: row.maintenance_mode,
    allowNewRegistrations: row.allow_new_registrations,
    sessionTimeout: row.session_timeout,
    maxConcurrentSessions: row.max_concurrent_sessions,
  };
}

export async function writeConfig(db: Db, actor: User, config: SystemConfig): Promise<SystemConfig> {
  const values = {
    maintenance_mode: config.maintenanceMode,
    allow_new_registrations: config.allowNewRegistrations,
    session_timeout: config.sessionTimeout,
    max_concurrent_sessions: config.maxConcurrentSessions,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(systemConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: systemConfig.id, set: { ...values, updated_at: new Date(), version: sql`${systemConfig.version} + 1` } });
    await recordAudit(tx, { actor, action: 'system.config.update', target: 'system_config', risk: 'critical', metadata: { ...config } });
  });
  return readConfig(db);
}

/** GET /system/offline/: how long a device may work offline, for every signed-in device. */
export async function readOfflineSettings(db: Db): Promise<OfflineSettings> {
  const [row] = await db.select({ offline_work_days: systemConfig.offline_work_days }).from(systemConfig).where(eq(systemConfig.id, 1));
  return row ?? OFFLINE_SETTINGS_DEFAULTS;
}

/** PUT /admin/system/offline/: a change keeps the period it replaces, so keys stay for devices that learnt it. */
export async function writeOfflineSettings(db: Db, actor: User, settings: OfflineSettings): Promise<OfflineSettings> {
  await db.transaction(async (tx) => {
    const current = await readOfflineSettings(tx);
    if (current.offline_work_days === settings.offline_work_days) return;
    const values = { ...settings, offline_work_days_previous: current.offline_work_days, offline_work_days_changed_at: new Date() };
    await tx
      .insert(systemConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: systemConfig.id, set: { ...values, updated_at: new Date(), version: sql`${systemConfig.version} + 1` } });
    await recordAudit(tx, { actor, action: 'system.config.offline', target: 'system_config', risk: 'high', metadata: { from: current.offline_work_days, to: settings.offline_work_days } });
  });
  return readOfflineSettings(db);
}

/** How many days the server keeps Idempotency-Keys today (domain/offline.ts keyRetentionDays). */
export async function idempotencyKeyDays(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ offline_work_days: systemConfig.offline_work_days, previous_days: systemConfig.offline_work_days_previous, changed_at: systemConfig.offline_work_days_changed_at })
    .from(systemConfig)
    .where(eq(systemConfig.id, 1));
  return keyRetentionDays(row ?? { ...OFFLINE_SETTINGS_DEFAULTS, previous_days: null, changed_at: null }, now);
}
