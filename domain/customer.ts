import { z } from 'zod';
import { idSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { indianStateSchema, isValidGstin } from './india';
import { isValidEmail, isValidPhone } from './rules/contact';

/** Messages of the contact-field checks (business-areas.md §5 rules). */
export const CONTACT_MESSAGES = {
  phone: 'Enter a valid phone number.',
  email: 'Enter a valid email address.',
  gst: 'Enter a valid GST number.',
} as const;

/** A phone number in a request: empty, or digits, plus and space, 10 to 13 long. */
export const phoneInput = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), CONTACT_MESSAGES.phone)
    .default('');

/** An e-mail address in a request: empty, or the basic local@domain.tld shape. */
/** The addresses typed in one box, separated by commas, semicolons or spaces. */
export const addressesOf = (typed: string): string[] => typed.split(/[\s,;]+/).filter(Boolean);

/** The addresses a document is mailed to: each a valid address, at most 20. */
export const emailAddressesInput = (noneMessage: string) => z.array(z.string().trim().email('Enter a valid email address.').max(254)).min(1, noneMessage).max(20);

export const emailInput = () =>
  textInput(254)
    .refine((v) => v === '' || isValidEmail(v), CONTACT_MESSAGES.email)
    .default('');

/** A GST number in a request (a customer's, a vendor's, the company's): empty, or a valid GSTIN, upper-cased. */
export const gstNumberInput = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isValidGstin(v), CONTACT_MESSAGES.gst)
    .default('');

/** What the server answers for a name or code already taken; the forms say the same before sending. */
export const CUSTOMER_MESSAGES = {
  duplicateName: 'A customer with this name already exists.',
  duplicateLpoCode: 'This customer already has this LPO code.',
  repeatedLpoCode: 'Each LPO code may appear only once for a customer.',
} as const;

/** Customer names (the existence check and the unique index) compare ignoring case and spaces. */
export const customerNameKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/** A customer's branch (business-areas.md §3). */
export const customerBranchSchema = z.object({
  id: idSchema,
  customer: idSchema,
  location: z.string(),
  address_line_1: z.string(),
  is_active: z.boolean(),
  contact_person_name: z.string(),
  contact_person_number: z.string(),
  ...trackedFields,
});
export type CustomerBranch = z.infer<typeof customerBranchSchema>;

/** A branch as sent inside a new customer (the customer is the one being created). */
export const customerBranchFieldsSchema = z.object({
  location: requiredText(200),
  address_line_1: textInput(500).default(''),
  is_active: z.boolean().default(true),
  contact_person_name: textInput(200).default(''),
  contact_person_number: phoneInput(),
});
/** POST customers/branch/add/ */
export const customerBranchCreateSchema = customerBranchFieldsSchema.extend({ customer: refSchema });
export type CustomerBranchCreate = z.input<typeof customerBranchCreateSchema>;
/** PATCH customers/branches/edit/{branchId}/: a branch stays with its customer (documents refer to both). */
export const customerBranchUpdateSchema = updateSchemaOf(customerBranchFieldsSchema);
export type CustomerBranchUpdate = z.input<typeof customerBranchUpdateSchema>;

/** The label a branch is offered under: location, plus address line 1 when present. */
export function branchLabel(branch: Pick<CustomerBranch, 'location' | 'address_line_1'>): string {
  const address = branch.address_line_1?.trim();
  return address ? `${branch.location} - ${address}` : branch.location;
}

/** Only active branches are offered for new documents. */
export function activeBranches<B extends Pick<CustomerBranch, 'is_active'>>(branches: readonly B[]): B[] {
  return branches.filter((b) => b.is_active);
}

/** A customer's LPO code: the customer's own code for an article it orders. */
export const customerLpoCodeSchema = z.object({
  id: idSchema,
  customer: idSchema,
  code: z.string(),
  article: z.string(),
  ...trackedFields,
});
export type CustomerLpoCode = z.infer<typeof customerLpoCodeSchema>;
/** POST customers/lpocodes/{customer}/ (the customer is in the path) and inside a new customer. */
export const customerLpoCodeCreateSchema = z.object({
  code: requiredText(100),
  article: textInput(500).default(''),
});
export type CustomerLpoCodeCreate = z.input<typeof customerLpoCodeCreateSchema>;
/** PATCH customers/lpocodes/edit/{id}/ */
export const customerLpoCodeUpdateSchema = updateSchemaOf(customerLpoCodeCreateSchema);
export type CustomerLpoCodeUpdate = z.input<typeof customerLpoCodeUpdateSchema>;

/** Customer (business-areas.md §3). */
export const customerSchema = z.object({
  id: idSchema,
  name: z.string(),
  enable_lpo_codes: z.boolean(),
  phone: z.string(),
  email: z.string(),
  gst_number: z.string(),
  state: indianStateSchema,
  address: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Customer = z.infer<typeof customerSchema>;

/** POST customers/add/: a customer, optionally with its first branches and LPO codes. */
export const customerCreateSchema = z.object({
  name: requiredText(200),
  enable_lpo_codes: z.boolean().default(false),
  phone: phoneInput(),
  email: emailInput(),
  gst_number: gstNumberInput(),
  state: indianStateSchema.default('N/A'),
  address: textInput(1000).default(''),
  branches: z.array(customerBranchFieldsSchema).max(100).default([]),
  lpo_codes: z.array(customerLpoCodeCreateSchema).max(1000).default([]),
});
export type CustomerCreate = z.input<typeof customerCreateSchema>;
/** PATCH customers/customers/{id}/ (branches and LPO codes have their own calls). */
export const customerUpdateSchema = updateSchemaOf(customerCreateSchema.omit({ branches: true, lpo_codes: true }));
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;
