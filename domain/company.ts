import { z } from 'zod';
import { emailInput, phoneInput } from './customer';
import { isoDateTimeSchema, textInput } from './entity';
import { indianStateSchema } from './india';
import { gstNumberInput } from './customer';

/** A logo is a small PNG or JPEG carried as a data URL, so a document can be made offline with it. */
const LOGO = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;
/** 256 KiB of image as base64 text: enough for a letterhead logo, small enough for every device to keep. */
export const COMPANY_LOGO_MAX_CHARS = 350_000;

export const COMPANY_MESSAGES = {
  logo: 'The logo must be a PNG or JPEG image given as a data URL (data:image/png;base64,...).',
  logoSize: 'The logo may be at most 256 KiB.',
} as const;

/**
 * The company's letterhead (GET /system/company/): printed at the top of every document. The
 * state decides GST on invoices (CGST+SGST inside it, IGST outside).
 */
export const companyProfileSchema = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string(),
  state: indianStateSchema,
  phone: z.string(),
  email: z.string(),
  logo: z.string().nullable(),
  updated_at: isoDateTimeSchema.nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** Before a superuser fills it in: an empty letterhead, documents still print. */
export const COMPANY_PROFILE_DEFAULTS: CompanyProfile = { name: '', address: '', gstin: '', state: 'N/A', phone: '', email: '', logo: null, updated_at: null };

/** PUT /admin/system/company/: the whole letterhead. */
export const companyProfileUpdateSchema = z.object({
  name: textInput(200).default(''),
  address: textInput(1000).default(''),
  gstin: gstNumberInput(),
  state: indianStateSchema.default('N/A'),
  phone: phoneInput(),
  email: emailInput(),
  logo: z
    .string()
    .max(COMPANY_LOGO_MAX_CHARS, COMPANY_MESSAGES.logoSize)
    .regex(LOGO, COMPANY_MESSAGES.logo)
    .nullable()
    .default(null),
});
export type CompanyProfileUpdate = z.input<typeof companyProfileUpdateSchema>;
