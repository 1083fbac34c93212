import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemConfig, systemModules, users } from '../../db/schema';
import { MODULE_NAMES, type ModuleDetail, type ModuleName } from '../../../domain/modules';
import { ROUTES } from '../../../domain/routes';
import { SYSTEM_CONFIG_DEFAULTS, type SystemConfig } from '../../../domain/system';
import type { User } from '../../../domain/user';
import { notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/service';

/** GET /system/modules/: every module with its flag; a module without a row is enabled. */
export async function moduleMap(db: Db): Promise<Record<ModuleName, boolean>> {
  const rows = await db.select().from(systemModules);
  const stored = new Map(rows.map((r) => [r.name, r.is_enabled]));
  return Object.fromEntries(MODULE_NAMES.map((name) => [name, stored.get(name) !== false])) as Record<ModuleName, boolean>;
}

export async function moduleDetails(db: Db): Promise<ModuleDetail[]> {
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
    };
  });
}

export async function setModuleEnabled(db: Db, actor: User, name: string, enabled: boolean): Promise<ModuleDetail> {
  if (!(MODULE_NAMES as readonly string[]).includes(name)) throw notFound(`Unknown module: ${name}`);
  await db.transaction(async (tx) => {
    await tx
      .insert(systemModules)
      .values({ name, is_enabled: enabled, updated_by: actor.id })
      .onConflictDoUpdate({ target: systemModules.name, set: { is_enabled: enabled, updated_by: actor.id, updated_at: new Date() } });
    await recordAudit(tx, { actor, action: enabled ? 'module.enable' : 'module.disable', target: `module:${name}`, risk: 'high' });
  });
  const details = await moduleDetails(db);
  return details.find((d) => d.name === name)!;
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
