import { z } from 'zod';

/**
 * A mail's life: `queued` until its job runs; then `sent` over SMTP, or `kept` when no SMTP server
 * is configured (nothing leaves, a superuser reads it in the admin console), or `failed` once every
 * attempt has failed (its job is then a dead letter an admin may retry).
 */
export const MAIL_STATES = ['queued', 'sent', 'kept', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_MESSAGES = {
  noRecipient: 'A mail needs at least one recipient.',
} as const;

export const mailAttachmentInputSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  content_type: z.string().min(1).max(200),
  content: z.instanceof(Buffer),
});

/** What a module hands to `queueMail`. */
export const mailMessageSchema = z.object({
  to: z.array(z.string().trim().email()).min(1, MAIL_MESSAGES.noRecipient).max(50),
  subject: z.string().trim().min(1).max(300),
  text: z.string().max(200_000),
  html: z.string().max(500_000).optional(),
  attachments: z.array(mailAttachmentInputSchema).max(20).default([]),
});
export type MailMessage = z.input<typeof mailMessageSchema>;

export const mailAttachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

export const mailSchema = z.object({
  id: z.number().int(),
  to: z.array(z.string()),
  subject: z.string(),
  state: z.enum(MAIL_STATES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type Mail = z.infer<typeof mailSchema>;

export const mailDetailSchema = mailSchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  job_id: z.string().nullable(),
  attachments: z.array(mailAttachmentSchema),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;

export const mailFiltersSchema = z.object({ state: z.enum(MAIL_STATES).optional() });
