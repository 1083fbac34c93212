import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { ALLOWED_FILE_TYPES, FILE_MESSAGES, FILE_OWNERS, type FileOwnerType, type StoredFile } from '../../../domain/file';
import { can } from '../../../domain/permissions';
import type { User } from '../../../domain/user';
import { checkEdit } from '../../lib/row-rules';
import { fieldError, forbidden, notFound } from '../../lib/http-error';
import { auditedWrite } from '../audit/service';
import { publish } from '../live/hub';
import { ownerRow } from './owners';

export interface FileOwner {
  type: FileOwnerType;
  id: number;
}

export interface Upload {
  name: string;
  bytes: Buffer;
}

/** Everything but the bytes. */
const META = {
  id: files.id,
  owner_type: files.owner_type,
  owner_id: files.owner_id,
  name: files.name,
  content_type: files.content_type,
  size: files.size,
  sha256: files.sha256,
  created_by: files.created_by,
  created_at: files.created_at,
};

/** A file's name as given, without any folder, control characters or excess length. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return clean || 'file';
}

/** 404 for a row that does not exist; 403 unless the user may read (or change) the row the files belong to. */
async function checkOwner(db: Db, user: User, owner: FileOwner, access: 'read' | 'write'): Promise<void> {
  const rule = FILE_OWNERS[owner.type];
  if (!can(user, rule[access])) throw forbidden();
  const row = await ownerRow(db, user, owner.type, owner.id, access);
  if (!row) throw notFound(`No ${rule.label} ${owner.id}.`);
  if (access === 'write' && 'editRule' in rule) checkEdit(rule.editRule, user, row);
}

const toStored = (row: typeof files.$inferSelect | Omit<typeof files.$inferSelect, 'content'>): StoredFile => ({
  id: row.id,
  owner_type: row.owner_type as FileOwnerType,
  owner_id: row.owner_id,
  name: row.name,
  content_type: row.content_type,
  size: row.size,
  sha256: row.sha256,
  created_by: row.created_by,
  created_at: row.created_at,
});

/**
 * Who hears that a row's files changed: those who may read the row. A message's files are not
 * announced: every user may read messages, but only its conversation's members that message,
 * whom its own `messages` event reaches.
 */
const announce = async (db: Db, file: StoredFile, change: 'added' | 'removed') => {
  if (file.owner_type !== 'message') await publish(db, 'files', { change, id: file.id, owner_type: file.owner_type, owner_id: file.owner_id }, { permission: FILE_OWNERS[file.owner_type].read });
};

export async function listFiles(db: Db, user: User, owner: FileOwner): Promise<StoredFile[]> {
  await checkOwner(db, user, owner, 'read');
  const rows = await db.select(META).from(files).where(and(eq(files.owner_type, owner.type), eq(files.owner_id, owner.id))).orderBy(files.id);
  return rows.map(toStored);
}

/** Keeps an uploaded file with its owning row, typed by what its bytes are (the declared type is not trusted). */
export async function addFile(db: Db, user: User, owner: FileOwner, upload: Upload): Promise<StoredFile> {
  await checkOwner(db, user, owner, 'write');
  if (upload.bytes.length === 0) throw fieldError('file', FILE_MESSAGES.empty);
  const sniffed = await fileTypeFromBuffer(upload.bytes);
  if (!sniffed || !(sniffed.mime in ALLOWED_FILE_TYPES)) throw fieldError('file', FILE_MESSAGES.notAllowed);
  const values = {
    owner_type: owner.type,
    owner_id: owner.id,
    name: cleanName(upload.name),
    content_type: sniffed.mime,
    size: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    content: upload.bytes,
    created_by: user.id,
  };
  return auditedWrite(
    db,
    user,
    async (tx) => {
      const [row] = await tx.insert(files).values(values).returning(META);
      const file = toStored(row!);
      await announce(tx, file, 'added');
      return file;
    },
    (file) => ({ action: 'file.add', target: `files:${file.id}`, risk: 'low', metadata: { owner_type: file.owner_type, owner_id: file.owner_id, name: file.name, content_type: file.content_type, size: file.size, sha256: file.sha256 } }),
  );
}

/** A file with its bytes, for a user who may read its row. */
export async function readFile(db: Db, user: User, id: number): Promise<StoredFile & { content: Buffer }> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound();
  await checkOwner(db, user, { type: row.owner_type as FileOwnerType, id: row.owner_id }, 'read');
  return { ...toStored(row), content: row.content };
}

/** Removes a file for good (its bytes are not kept); the audit log keeps its name and SHA-256. */
export async function deleteFile(db: Db, user: User, id: number): Promise<void> {
  const [row] = await db.select(META).from(files).where(eq(files.id, id));
  if (!row) throw notFound();
  const file = toStored(row);
  await checkOwner(db, user, { type: file.owner_type, id: file.owner_id }, 'write');
  await auditedWrite(
    db,
    user,
    async (tx) => {
      await tx.delete(files).where(eq(files.id, id));
      await announce(tx, file, 'removed');
    },
    () => ({ action: 'file.delete', target: `files:${file.id}`, risk: 'medium', metadata: { owner_type: file.owner_type, owner_id: file.owner_id, name: file.name, sha256: file.sha256 } }),
  );
}
