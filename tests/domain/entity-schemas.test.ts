import { describe, expect, it } from 'vitest';
import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import * as schema from '../../server/db/schema';
import { ENTITIES, type Entity } from '../../server/db/entities';

/**
 * Platform tables that are not business entities and have no domain read schema of their own:
 * accounts and settings (one-row tables such as the company profile), the audit log, and the
 * infrastructure that keeps files and mail for every API process, and counters.
 */
const PLATFORM_TABLES = [
  'users',
  'token_blacklist',
  // Who is signed in where (issue 23): the server's own bookkeeping, never a device's row.
  'user_sessions',
  'login_throttle',
  'system_secrets',
  'system_modules',
  'system_config',
  'company_profile',
  'audit_log',
  'idempotency_keys',
  'files',
  'mail',
  'mail_attachments',
  // The last invoice number of each financial year: a counter the approval takes numbers from.
  'invoice_number_sequences',
  // The same for credit notes (decision 330).
  'credit_note_number_sequences',
  // Which period of a recurring invoice was raised, and as what: the jobs' exactly-once ledger (decision 327).
  'recurring_invoice_runs',
  // How far each user has read a conversation, and who a message mentions: the counts are read, never these rows (decision 382).
  'message_reads',
  'message_mentions',
];

/** The zod kinds a column of each Drizzle column type may be read as. */
function acceptedKinds(column: PgColumn): string[] {
  switch (column.columnType) {
    case 'PgSerial':
    case 'PgInteger':
    case 'PgBigInt53':
    case 'PgDoublePrecision':
    case 'PgReal':
    case 'PgSmallInt':
      return ['number'];
    case 'PgBoolean':
      return ['boolean'];
    case 'PgJsonb':
    case 'PgJson':
      return ['any', 'unknown', 'object', 'array', 'record'];
    case 'PgText':
    case 'PgVarchar':
      return ['string', 'enum'];
    default:
      // numeric (exact decimal strings), date strings and the ISO timestamp custom type
      return ['string'];
  }
}

function kindOf(field: z.ZodType): { kind: string; nullable: boolean } {
  let current = field as z.ZodType & { def: { type: string; innerType?: z.ZodType } };
  let nullable = false;
  while (['nullable', 'optional', 'default', 'readonly'].includes(current.def.type)) {
    if (current.def.type === 'nullable') nullable = true;
    current = current.def.innerType as typeof current;
  }
  return { kind: current.def.type, nullable };
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => isTable(value));

describe('every business table has a domain read schema', () => {
  it.each(tables.map((t) => getTableName(t)).filter((n) => !PLATFORM_TABLES.includes(n)))('%s is registered in server/db/entities', (name) => {
    expect(Object.keys(ENTITIES)).toContain(name);
  });
});

describe.each(Object.entries(ENTITIES) as [string, Entity][])('%s: table and read schema agree', (name, { table, read }) => {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'txid');

  it('is registered under its table name', () => {
    expect(getTableName(table)).toBe(name);
  });

  it('has the same fields', () => {
    expect(Object.keys(read.shape).sort()).toEqual(columns.map(([key]) => key).sort());
  });

  it.each(columns.map(([key, column]) => [key, column] as const))('%s has a matching type and nullability', (key, column) => {
    const field = (read.shape as Record<string, z.ZodType>)[key];
    expect(field, `read schema lacks ${key}`).toBeDefined();
    const { kind, nullable } = kindOf(field!);
    expect(acceptedKinds(column), `${key}: column ${column.columnType}, schema ${kind}`).toContain(kind);
    expect(nullable, `${key}: column ${column.notNull ? 'NOT NULL' : 'nullable'}`).toBe(!column.notNull);
  });
});
