import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { API } from '../../../domain/api-paths';
import type { InvoiceAttachment, InvoiceAttachmentCreate } from '../../../domain/invoice';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { invoiceAttachments, invoices } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { byId, type ListSpec } from '../../lib/list';
import { auditedWrite } from '../audit/service';
import { addFile, deleteFile, type Upload } from '../files/service';

/**
 * Files attached to invoices (the customer's PO, proof of delivery; decision 332): the bytes are
 * kept by the files module (its type sniffing, size limit, permissions and audit), the attachment
 * row carries the invoice, the description and where the file is read.
 */

type AttachmentRow = typeof invoiceAttachments.$inferSelect;

const now = sql`now()` as unknown as string;

/** invoices/attachments/?invoice=: oldest first; an attachment whose file was removed is gone. */
export const invoiceAttachmentList: ListSpec<typeof invoiceAttachments> = {
  table: invoiceAttachments,
  pageSize: 100,
  orderings: { id: invoiceAttachments.id, original_name: invoiceAttachments.original_name, size: invoiceAttachments.size, updated_at: invoiceAttachments.updated_at },
  defaultOrdering: 'id',
  search: [invoiceAttachments.original_name, invoiceAttachments.description],
  filters: { invoice: byId(invoiceAttachments.invoice) },
};
export const withFile = () => isNotNull(invoiceAttachments.file);

const publicOf = ({ txid: _, ...row }: AttachmentRow): InvoiceAttachment => row;

const audit = (action: string, risk: 'low' | 'medium') => (row: InvoiceAttachment) => ({
  action: `invoice.attachment_${action}`,
  target: `invoice_attachments:${row.id}`,
  risk,
  metadata: { invoice: row.invoice, file: row.file, original_name: row.original_name, size: row.size, description: row.description },
});

/** GET invoices/attachments/{id}/ */
export async function invoiceAttachmentView(db: Db, id: number): Promise<InvoiceAttachment> {
  const [row] = await db
    .select()
    .from(invoiceAttachments)
    .where(and(eq(invoiceAttachments.id, id), isNull(invoiceAttachments.deleted_at), withFile()));
  if (!row) throw notFound();
  return publicOf(row);
}

/** POST invoices/attachments/: the file kept by the files module, under the invoice, with its description. */
export async function addInvoiceAttachment(db: Db, actor: User, input: Required<Pick<InvoiceAttachmentCreate, 'invoice'>> & { description: string }, upload: Upload): Promise<InvoiceAttachment> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [invoice] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, input.invoice), isNull(invoices.deleted_at)));
      if (!invoice) throw badRequest({ invoice: [`Invalid pk "${input.invoice}" - object does not exist.`] });
      const file = await addFile(tx, actor, { type: 'invoice', id: input.invoice }, upload);
      const [row] = await tx
        .insert(invoiceAttachments)
        .values({ invoice: input.invoice, file: file.id, file_path: API.files.content(file.id), original_name: file.name, content_type: file.content_type, size: file.size, description: input.description, created_by: actor.id })
        .returning();
      return publicOf(row!);
    },
    audit('add', 'low'),
  );
}

/** DELETE invoices/attachments/{id}/: the attachment and its file go (the audit log keeps the file's name and SHA-256). */
export async function deleteInvoiceAttachment(db: Db, actor: User, id: number): Promise<InvoiceAttachment> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await invoiceAttachmentView(tx, id);
      await deleteFile(tx, actor, row.file!);
      const [removed] = await tx.update(invoiceAttachments).set({ deleted_at: now }).where(eq(invoiceAttachments.id, id)).returning();
      return publicOf(removed!);
    },
    audit('delete', 'medium'),
  );
}
