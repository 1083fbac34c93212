import { z } from 'zod';
import { idSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { whenFieldsValid } from './stock';
import { departmentSchema } from './user';

export const MESSAGE_MESSAGES = {
  addressee: 'Choose a recipient or a department.',
} as const;

/**
 * A message between staff (messages-home): to one user or to a whole department. `read_at` is
 * when the recipient (for a department, its first reader) opened it.
 */
export const messageSchema = z.object({
  id: idSchema,
  sender: idSchema,
  recipient: idSchema.nullable(),
  department: departmentSchema.nullable(),
  subject: z.string(),
  body: z.string(),
  read_at: isoDateTimeSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Message = z.infer<typeof messageSchema>;

/** A new message; the sender is the signed-in user. A recipient, a department or both. */
export const messageCreateSchema = z
  .object({
    recipient: refSchema.nullable().optional(),
    department: departmentSchema.nullable().optional(),
    subject: textInput(200).default(''),
    body: requiredText(10_000),
  })
  .superRefine((message, ctx) => {
    if (message.recipient == null && message.department == null) ctx.addIssue({ code: 'custom', path: ['recipient'], message: MESSAGE_MESSAGES.addressee });
  }, whenFieldsValid);
export type MessageCreate = z.input<typeof messageCreateSchema>;
export const messageUpdateSchema = updateSchemaOf(messageCreateSchema);
export type MessageUpdate = z.input<typeof messageUpdateSchema>;
