import { z } from 'zod';
import type { Permission } from './permissions';
import type { EditableRow } from './row-rules';

/**
 * Files belong to a row: whoever may read the row may read its files, whoever may change it may
 * attach and remove them (the permission, and the row's edit rule where it has one).
 */
export interface FileOwnerRule {
  readonly read: Permission;
  readonly write: Permission;
  readonly editRule?: EditableRow;
  /** What the row is called in a refusal. */
  readonly label: string;
}

export const FILE_OWNERS = {
  'quotation-item': { read: 'quotations.read', write: 'quotations.write', editRule: 'quotation', label: 'quotation item' },
  invoice: { read: 'invoices.read', write: 'invoices.write', label: 'invoice' },
  'job-order': { read: 'job-orders.read', write: 'job-orders.write', editRule: 'jobOrder', label: 'job order' },
  'job-order-expense': { read: 'job-order-expenses.read', write: 'job-order-expenses.write', editRule: 'jobOrderExpense', label: 'job order expense' },
  /** Drawings and images sent with an estimation (estimation_files names each one's kind). */
  estimation: { read: 'estimations.read', write: 'estimations.write', label: 'estimation' },
  /** A message's attachments: read by whoever may read its conversation, added by its sender (server/modules/files/owners.ts). */
  message: { read: 'messages.read', write: 'messages.write', editRule: 'message', label: 'message' },
} as const satisfies Record<string, FileOwnerRule>;
export type FileOwnerType = keyof typeof FILE_OWNERS;
export const FILE_OWNER_TYPES = Object.keys(FILE_OWNERS) as [FileOwnerType, ...FileOwnerType[]];

/**
 * What may be uploaded, by the type the bytes show (never the declared one): photographs and
 * drawings, PDFs, office documents. Scripts, SVG and HTML are refused: a browser could run them.
 */
export const ALLOWED_FILE_TYPES = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/gif': 'GIF image',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet',
  /** Word, Excel and PowerPoint 97-2003 (.doc, .xls, .ppt) share this container. */
  'application/x-cfb': 'Office 97-2003 document',
} as const;
export type AllowedFileType = keyof typeof ALLOWED_FILE_TYPES;

/** Shown in the browser rather than saved: images and PDFs (their type is sniffed, so nothing else passes as one). */
export const INLINE_FILE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'];

/** The multipart field that carries the file. */
export const FILE_FIELD = 'file';

const MIB = 1024 * 1024;
export const FILE_MESSAGES = {
  missing: 'No file was submitted.',
  notMultipart: `Send the file as multipart/form-data in the field "${FILE_FIELD}".`,
  empty: 'The submitted file is empty.',
  notAllowed: 'This kind of file cannot be attached: upload an image (JPEG, PNG, WebP, GIF), a PDF or an office document.',
  tooLarge: (limitBytes: number) => `The file is larger than the limit of ${Number.isInteger(limitBytes / MIB) ? `${limitBytes / MIB} MiB` : `${limitBytes} bytes`}.`,
} as const;

export const fileSchema = z.object({
  id: z.number().int(),
  owner_type: z.enum(FILE_OWNER_TYPES),
  owner_id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof fileSchema>;

export const fileOwnerParamsSchema = z.object({
  owner_type: z.enum(FILE_OWNER_TYPES),
  owner_id: z.coerce.number().int().min(1).max(2_147_483_647),
});
