import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyProfile } from '../../db/schema';
import { COMPANY_PROFILE_DEFAULTS, companyProfileSchema, type CompanyProfile, type CompanyProfileUpdate } from '../../../domain/company';
import type { User } from '../../../domain/user';
import { auditedWrite } from '../audit/service';

/** GET /system/company/: the letterhead; the defaults (empty) until a superuser sets it. */
export async function readCompanyProfile(db: Db): Promise<CompanyProfile> {
  const [row] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
  if (!row) return COMPANY_PROFILE_DEFAULTS;
  return companyProfileSchema.parse({ ...row, updated_at: row.updated_at.toISOString() });
}

/** PUT /admin/system/company/: the whole letterhead, audited (the logo itself is not copied into the log). */
export async function writeCompanyProfile(db: Db, actor: User, profile: Required<CompanyProfileUpdate>): Promise<CompanyProfile> {
  const values = { ...profile, updated_by: actor.id, updated_at: new Date() };
  await auditedWrite(
    db,
    actor,
    (tx) =>
      tx
        .insert(companyProfile)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: companyProfile.id, set: { ...values, version: sql`${companyProfile.version} + 1` } }),
    () => ({ action: 'company.profile.update', target: 'company_profile', risk: 'high', metadata: { ...profile, logo: profile.logo ? `${profile.logo.length} characters` : null } }),
  );
  return readCompanyProfile(db);
}
