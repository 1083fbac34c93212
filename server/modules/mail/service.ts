import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import { JOB_NAMES } from '../../../domain/jobs';
import { mailMessageSchema, type Mail, type MailDetail, type MailMessage, type MailState } from '../../../domain/mail';
import type { Db } from '../../db/client';
import { mail, mailAttachments } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { pageOf, type Paging, type Slice } from '../../lib/pagination';
import { sendJob } from '../jobs/queue';

const SUMMARY = {
  id: mail.id,
  to: mail.to,
  subject: mail.subject,
  state: mail.state,
  error: mail.error,
  attempts: mail.attempts,
  created_at: mail.created_at,
  sent_at: mail.sent_at,
};

const asMail = <R extends { state: string }>(row: R) => ({ ...row, state: row.state as MailState });

/**
 * Queues a mail: the message, its attachments and the job that sends it, in the caller's
 * transaction, so a mail leaves only if the change that wrote it commits. Returns the mail's id.
 */
export async function queueMail(db: Db, message: MailMessage): Promise<number> {
  const { attachments, ...fields } = mailMessageSchema.parse(message);
  const jobId = randomUUID();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(mail).values({ ...fields, job_id: jobId }).returning({ id: mail.id });
    const id = row!.id;
    if (attachments.length) {
      await tx.insert(mailAttachments).values(attachments.map((a) => ({ mail_id: id, filename: a.filename, content_type: a.content_type, size: a.content.length, content: a.content })));
    }
    await sendJob(tx, JOB_NAMES.sendMail, { mail_id: id }, jobId);
    return id;
  });
}

export async function listMail(db: Db, filters: { state?: MailState }, paging: Paging): Promise<Slice<Mail>> {
  const where = filters.state ? eq(mail.state, filters.state) : undefined;
  const [total] = await db.select({ count: count() }).from(mail).where(where);
  const rows = await db.select(SUMMARY).from(mail).where(where).orderBy(desc(mail.id)).limit(pageOf(paging).limit).offset(pageOf(paging).offset);
  return { count: total!.count, results: rows.map(asMail) };
}

/** A mail as a superuser reads it: the message, and its attachments by name and size. */
export async function readMail(db: Db, id: number): Promise<MailDetail> {
  const [row] = await db.select({ ...SUMMARY, text: mail.text, html: mail.html, job_id: mail.job_id }).from(mail).where(eq(mail.id, id));
  if (!row) throw notFound();
  const attachments = await db
    .select({ id: mailAttachments.id, filename: mailAttachments.filename, content_type: mailAttachments.content_type, size: mailAttachments.size })
    .from(mailAttachments)
    .where(eq(mailAttachments.mail_id, id))
    .orderBy(mailAttachments.id);
  return { ...asMail(row), attachments };
}
