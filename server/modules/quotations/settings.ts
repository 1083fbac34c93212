import { eq, sql } from 'drizzle-orm';
import type { MonarchEntities } from '../../../domain/quotation';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { systemConfig } from '../../db/schema';
import { recordAudit } from '../audit/service';

/** The company's issuing legal entities (system_config.monarch_entities); none named until a superuser names them. */
export async function readMonarchEntities(db: Db): Promise<string[]> {
  const [row] = await db.select({ monarch_entities: systemConfig.monarch_entities }).from(systemConfig).where(eq(systemConfig.id, 1));
  return row?.monarch_entities ?? [];
}

/** PUT /admin/system/monarch-entities/: the list replaced, audited; quotations already issued keep their entity. */
export async function writeMonarchEntities(db: Db, actor: User, settings: MonarchEntities): Promise<MonarchEntities> {
  await db.transaction(async (tx) => {
    const before = await readMonarchEntities(tx);
    await tx
      .insert(systemConfig)
      .values({ id: 1, monarch_entities: settings.monarch_entities })
      .onConflictDoUpdate({ target: systemConfig.id, set: { monarch_entities: settings.monarch_entities, updated_at: new Date(), version: sql`${systemConfig.version} + 1` } });
    await recordAudit(tx, { actor, action: 'system.config.monarch_entities', target: 'system_config', risk: 'high', metadata: { from: before, to: settings.monarch_entities } });
  });
  return { monarch_entities: await readMonarchEntities(db) };
}
