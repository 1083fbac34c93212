import { eq, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { JOB_NAMES } from '../../../domain/jobs';
import type { MailState } from '../../../domain/mail';
import type { Db } from '../../db/client';
import { mail, mailAttachments } from '../../db/schema';
import { defineJob } from '../jobs/queue';

/** Where mail goes: an SMTP server, or nowhere (the mail is kept in the database). */
export interface MailTransport {
  send(message: SendMailOptions): Promise<unknown>;
}

export function smtpTransport(smtpUrl: string | undefined, from: string): MailTransport | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return { send: (message) => transport.sendMail({ from, ...message }) };
}

/**
 * Five attempts after the first, waiting at least 30 s, 1, 2, 4 and 8 minutes (up to twice that,
 * with jitter): an SMTP server that is restarting or refusing for a while is waited out; past that
 * the job is a dead letter.
 */
const MAIL_RETRY = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true };

const finish = (db: Db, id: number, state: MailState, error: string | null) =>
  db
    .update(mail)
    // Attempts count the times an SMTP server was tried: a kept mail has none.
    .set({ state, error, attempts: state === 'kept' ? mail.attempts : sql`${mail.attempts} + 1`, sent_at: state === 'sent' ? sql`now()` : null })
    .where(eq(mail.id, id));

/**
 * The job that sends one mail. A mail already sent or kept is not sent again (a job retried after
 * a crash between sending and recording); a failure is recorded on the mail and thrown, so the
 * queue retries it, and the last one marks the mail failed.
 */
export const sendMailJob = (transport: MailTransport | null) =>
  defineJob<{ mail_id: number }>({
    name: JOB_NAMES.sendMail,
    ...MAIL_RETRY,
    run: async (job, { db }) => {
      const [message] = await db.select().from(mail).where(eq(mail.id, job.data.mail_id));
      if (!message || message.state === 'sent' || message.state === 'kept') return;
      if (!transport) {
        await finish(db, message.id, 'kept', null);
        return;
      }
      const attachments = await db.select().from(mailAttachments).where(eq(mailAttachments.mail_id, message.id)).orderBy(mailAttachments.id);
      try {
        await transport.send({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, content: a.content })),
        });
      } catch (error) {
        const last = job.retryCount >= job.retryLimit;
        await finish(db, message.id, last ? 'failed' : 'queued', (error as Error).message);
        throw error;
      }
      await finish(db, message.id, 'sent', null);
    },
  });
