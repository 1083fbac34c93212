import { z } from 'zod';
import { idSchema, isoDateTimeSchema, requiredText, textInput, trackedFields, updateSchemaOf } from './entity';
import { valuesOf } from './options';

/** System alert types (product-frame.md §3). */
export const SYSTEM_ALERT_TYPES = [
  { value: 'info', label: 'Info' },
  { value: 'warning', label: 'Warning' },
  { value: 'error', label: 'Error' },
  { value: 'critical', label: 'Critical' },
] as const;
export const systemAlertTypeSchema = z.enum(valuesOf(SYSTEM_ALERT_TYPES));
export type SystemAlertType = z.infer<typeof systemAlertTypeSchema>;

/** A system alert of the superuser area: stays unresolved until resolved (PUT admin/system/alerts/{id}/resolve/). */
export const systemAlertSchema = z.object({
  id: idSchema,
  type: systemAlertTypeSchema,
  message: z.string(),
  timestamp: isoDateTimeSchema,
  resolved: z.boolean(),
  resolved_at: isoDateTimeSchema.nullable(),
  resolved_by: idSchema.nullable(),
  source: z.string(),
  ...trackedFields,
});
export type SystemAlert = z.infer<typeof systemAlertSchema>;

/** A new alert (raised by the server's monitors or the admin console). */
export const systemAlertCreateSchema = z.object({
  type: systemAlertTypeSchema,
  message: requiredText(2000),
  source: textInput(100).default(''),
});
export type SystemAlertCreate = z.input<typeof systemAlertCreateSchema>;
export const systemAlertUpdateSchema = updateSchemaOf(systemAlertCreateSchema);
export type SystemAlertUpdate = z.input<typeof systemAlertUpdateSchema>;
