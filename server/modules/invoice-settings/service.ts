import { and, asc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { compare } from '../../../domain/decimal';
import {
  financialYearOf,
  formatInvoiceNumber,
  INVOICE_REFUSALS,
  INVOICE_SETTINGS_MESSAGES,
  INVOICE_TEMPLATE_REFUSALS,
  invoiceSettingsCreateSchema,
  type CurrentRates,
  type InvoiceSettings,
  type InvoiceTemplate,
  type calculateTaxSchema,
  type currentRatesQuerySchema,
  type invoiceSettingsUpdateSchema,
  type invoiceTemplateCreateSchema,
  type invoiceTemplateUpdateSchema,
  type invoiceTotalsSchema,
  type taxConfigurationCreateSchema,
  type taxConfigurationUpdateSchema,
  taxTypeSchema,
} from '../../../domain/invoice';
import type { IndianState } from '../../../domain/india';
import { businessToday } from '../../../domain/rules/dates';
import { rupeesInWords } from '../../../domain/rules/numbers';
import { invoiceTotals, isIntraState } from '../../../domain/totals';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { invoiceNumberSequences, invoiceSettings, invoiceTemplates, taxConfigurations } from '../../db/schema';
import { badRequest, fieldError, type FieldErrors, throwIfAny } from '../../lib/http-error';
import { byFlag, byText, byValue, type ListSpec } from '../../lib/list';
import { lockRow, softDeleteRow, updateRow, withUniqueField } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { readCompanyProfile } from '../company/service';
import { gstRatesInForce } from '../invoices/tax';

/**
 * The configuration side of invoicing (business-areas.md §7 "Invoices", issue 20): the GST rates
 * (tax configurations), the PDF layouts (templates, one of them the default), the numbering and
 * defaults (settings), and the two calls an invoice form asks before saving: which rates apply
 * between two states, and what the lines would come to.
 */

type TaxConfigurationInput = z.output<typeof taxConfigurationCreateSchema>;
type TaxConfigurationChanges = Omit<z.output<typeof taxConfigurationUpdateSchema>, 'expected_version'>;
type TemplateInput = z.output<typeof invoiceTemplateCreateSchema>;
type TemplateChanges = Omit<z.output<typeof invoiceTemplateUpdateSchema>, 'expected_version'>;
type SettingsInput = z.output<typeof invoiceSettingsCreateSchema>;
type SettingsChanges = Omit<z.output<typeof invoiceSettingsUpdateSchema>, 'expected_version'>;
type CalculateTaxInput = z.output<typeof calculateTaxSchema>;
type InvoiceTotalsAnswer = z.input<typeof invoiceTotalsSchema>;
type Risk = 'low' | 'medium' | 'high';
/** A tax configuration as stored (its tax_type read as text). */
type TaxConfiguration = typeof taxConfigurations.$inferSelect;

// ---- Tax configurations ----------------------------------------------------------------

/** invoices/tax-configurations/: by type, then rate; `?tax_type=`, `?is_active=`, search by name. */
export const taxConfigurationList: ListSpec<typeof taxConfigurations> = {
  table: taxConfigurations,
  pageSize: 50,
  orderings: {
    id: taxConfigurations.id,
    name: byText(taxConfigurations.name),
    tax_type: taxConfigurations.tax_type,
    rate: taxConfigurations.rate,
    effective_from: taxConfigurations.effective_from,
    updated_at: taxConfigurations.updated_at,
  },
  defaultOrdering: 'tax_type,rate',
  search: [taxConfigurations.name],
  filters: { tax_type: byValue(taxConfigurations.tax_type, taxTypeSchema), is_active: byFlag(taxConfigurations.is_active) },
};

const auditTaxConfiguration =
  (action: string, risk: Risk = 'medium') =>
  (row: TaxConfiguration) => ({
    action: `invoice.tax_configuration.${action}`,
    target: `tax_configurations:${row.id}`,
    risk,
    metadata: { name: row.name, tax_type: row.tax_type, rate: row.rate, is_active: row.is_active, effective_from: row.effective_from },
  });

export function createTaxConfiguration(db: Db, actor: User, input: TaxConfigurationInput): Promise<TaxConfiguration> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [row] = await tx
        .insert(taxConfigurations)
        .values({ ...input, created_by: actor.id })
        .returning();
      return row!;
    },
    auditTaxConfiguration('create'),
  );
}

export function updateTaxConfiguration(db: Db, actor: User, id: number, changes: TaxConfigurationChanges, expected: number | undefined): Promise<TaxConfiguration> {
  return auditedWrite(db, actor, (tx) => updateRow(tx, taxConfigurations, id, changes, expected), auditTaxConfiguration('update'));
}

/** A rate removed stays in the history: invoices keep the rates their lines were made with. */
export function deleteTaxConfiguration(db: Db, actor: User, id: number, expected: number | undefined): Promise<TaxConfiguration> {
  return auditedWrite(db, actor, (tx) => softDeleteRow(tx, taxConfigurations, id, expected), auditTaxConfiguration('delete'));
}

// ---- Templates ---------------------------------------------------------------------------

/** invoices/templates/: by name; search by name. */
export const invoiceTemplateList: ListSpec<typeof invoiceTemplates> = {
  table: invoiceTemplates,
  pageSize: 50,
  orderings: { id: invoiceTemplates.id, name: byText(invoiceTemplates.name), is_default: invoiceTemplates.is_default, updated_at: invoiceTemplates.updated_at },
  defaultOrdering: 'name',
  search: [invoiceTemplates.name],
  filters: { is_default: byFlag(invoiceTemplates.is_default) },
};

const auditTemplate =
  (action: string) =>
  (row: InvoiceTemplate) => ({ action: `invoice.template.${action}`, target: `invoice_templates:${row.id}`, risk: 'low' as const, metadata: { name: row.name, is_default: row.is_default } });

/** The live default template, other than `except`, stops being the default (the unique index allows one). */
async function unsetDefault(tx: Db, except?: number): Promise<void> {
  await tx
    .update(invoiceTemplates)
    .set({ is_default: false })
    .where(and(eq(invoiceTemplates.is_default, true), isNull(invoiceTemplates.deleted_at), except === undefined ? undefined : ne(invoiceTemplates.id, except)));
}

async function hasDefault(tx: Db): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoiceTemplates.id })
    .from(invoiceTemplates)
    .where(and(eq(invoiceTemplates.is_default, true), isNull(invoiceTemplates.deleted_at)));
  return row !== undefined;
}

/** Two templates made the default at once: the unique index refuses the second, as a 400 on is_default. */
const oneDefault = <R>(write: () => Promise<R>) => withUniqueField('is_default', INVOICE_TEMPLATE_REFUSALS.defaultTaken, write);

/** POST invoices/templates/: the default one unsets the previous default; the first template becomes the default (decision 306). */
export function createTemplate(db: Db, actor: User, input: TemplateInput): Promise<InvoiceTemplate> {
  return auditedWrite(
    db,
    actor,
    (tx) =>
      oneDefault(async () => {
        const is_default = input.is_default || !(await hasDefault(tx));
        if (is_default) await unsetDefault(tx);
        const [row] = await tx
          .insert(invoiceTemplates)
          .values({ ...input, is_default, created_by: actor.id })
          .returning();
        return row!;
      }),
    auditTemplate('create'),
  );
}

/** PATCH invoices/templates/{id}/: made the default, the previous default is unset in the same transaction; the default cannot simply be unset. */
export function updateTemplate(db: Db, actor: User, id: number, changes: TemplateChanges, expected: number | undefined): Promise<InvoiceTemplate> {
  return auditedWrite(
    db,
    actor,
    (tx) =>
      oneDefault(async () => {
        const current = await lockRow(tx, invoiceTemplates, id, expected);
        if (changes.is_default === false && current.is_default) throw fieldError('is_default', INVOICE_TEMPLATE_REFUSALS.unsetDefault);
        if (changes.is_default === true && !current.is_default) await unsetDefault(tx, id);
        return updateRow(tx, invoiceTemplates, id, changes, expected);
      }),
    auditTemplate('update'),
  );
}

/** DELETE invoices/templates/{id}/: the default is kept until another is made the default. */
export function deleteTemplate(db: Db, actor: User, id: number, expected: number | undefined): Promise<InvoiceTemplate> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await lockRow(tx, invoiceTemplates, id, expected);
      if (current.is_default) throw badRequest({ non_field_errors: [INVOICE_TEMPLATE_REFUSALS.deleteDefault] });
      return softDeleteRow(tx, invoiceTemplates, id, expected);
    },
    auditTemplate('delete'),
  );
}

// ---- Settings ----------------------------------------------------------------------------

type SettingsRow = typeof invoiceSettings.$inferSelect;

/** The settings row, made with the defaults of domain/invoice.ts the first time it is asked for. */
async function settingsRow(db: Db): Promise<SettingsRow> {
  const { next_number: _, ...defaults } = invoiceSettingsCreateSchema.parse({});
  await db
    .insert(invoiceSettings)
    .values({ id: 1, ...defaults })
    .onConflictDoNothing();
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  return row!;
}

/** The last invoice number used in a financial year (0: none yet). */
async function lastNumberOf(db: Db, financialYear: string): Promise<number> {
  const [row] = await db.select({ last_number: invoiceNumberSequences.last_number }).from(invoiceNumberSequences).where(eq(invoiceNumberSequences.financial_year, financialYear));
  return row?.last_number ?? 0;
}

function settingsView(row: SettingsRow, financialYear: string, lastNumber: number): InvoiceSettings {
  const next_number = lastNumber + 1;
  const { txid: _, ...fields } = row;
  return { ...fields, financial_year: financialYear, next_number, next_invoice_number: formatInvoiceNumber(row, financialYear, next_number) };
}

/** GET invoices/settings/: the row, and the number the next approved invoice of the business day's financial year gets. */
export async function readInvoiceSettings(db: Db): Promise<InvoiceSettings> {
  const row = await settingsRow(db);
  const financialYear = financialYearOf(businessToday());
  return settingsView(row, financialYear, await lastNumberOf(db, financialYear));
}

/**
 * The next invoice number of a financial year: its sequence moves to `next - 1`, the row locked by
 * the upsert as an approval locks it, so an approval running at the same time either comes first
 * (and the number it took is then refused here) or waits. A number at or below one already used
 * is refused (decision 307).
 */
async function setNextNumber(tx: Db, financialYear: string, next: number): Promise<void> {
  const [moved] = await tx
    .insert(invoiceNumberSequences)
    .values({ financial_year: financialYear, last_number: next - 1 })
    .onConflictDoUpdate({
      target: invoiceNumberSequences.financial_year,
      set: { last_number: next - 1 },
      setWhere: lte(invoiceNumberSequences.last_number, next - 1),
    })
    .returning();
  if (!moved) throw fieldError('next_number', INVOICE_SETTINGS_MESSAGES.nextNumberUsed(await lastNumberOf(tx, financialYear)));
}

/** The settings as they would be with `changes`, checked whole; a rule broken by the saved values is named on the field sent. */
function checkMerged(row: SettingsRow, changes: SettingsChanges): void {
  const merged = invoiceSettingsCreateSchema.safeParse({ ...row, next_number: undefined, ...changes });
  if (merged.success) return;
  const problems: FieldErrors = {};
  for (const issue of merged.error.issues) {
    const path = issue.path.join('.');
    const field = path === 'prefix' && changes.prefix === undefined ? 'number_padding' : path;
    (problems[field] ??= []).push(issue.message);
  }
  throw badRequest(problems);
}

const auditSettings = (fields: string[]) => (view: InvoiceSettings) => ({
  action: 'invoice.settings.update',
  target: 'invoice_settings:1',
  risk: 'medium' as const,
  metadata: { fields, prefix: view.prefix, number_padding: view.number_padding, financial_year: view.financial_year, next_number: view.next_number },
});

/** PUT (whole) and PATCH (some) invoices/settings/: the row, and the current financial year's next number when sent. */
export function writeInvoiceSettings(db: Db, actor: User, changes: SettingsInput | SettingsChanges, expected: number | undefined): Promise<InvoiceSettings> {
  const { next_number, ...fields } = changes;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await settingsRow(tx);
      const current = await lockRow(tx, invoiceSettings, 1, expected);
      checkMerged(current, changes);
      const row = await updateRow(tx, invoiceSettings, 1, fields, expected);
      const financialYear = financialYearOf(businessToday());
      if (next_number !== undefined) await setNextNumber(tx, financialYear, next_number);
      return settingsView(row, financialYear, await lastNumberOf(tx, financialYear));
    },
    auditSettings(Object.keys(changes)),
  );
}

// ---- Rates and the form's figures ----------------------------------------------------------

const statesOf = async (db: Db, query: { customer_state: IndianState; company_state?: IndianState | undefined }) => ({
  customer: query.customer_state,
  company: query.company_state ?? (await readCompanyProfile(db)).state,
});

/** GET invoices/current_rates/: whether the supply is inside the state, the rates a line may carry today, and the configurations that apply. */
export async function currentRates(db: Db, query: z.output<typeof currentRatesQuerySchema>): Promise<CurrentRates> {
  const states = await statesOf(db, query);
  const intra_state = isIntraState(states.company, states.customer);
  const today = businessToday();
  const rows = await db
    .select()
    .from(taxConfigurations)
    .where(
      and(
        eq(taxConfigurations.is_active, true),
        lte(taxConfigurations.effective_from, today),
        isNull(taxConfigurations.deleted_at),
        inArray(taxConfigurations.tax_type, intra_state ? ['CGST', 'SGST'] : ['IGST']),
      ),
    )
    .orderBy(asc(taxConfigurations.rate), asc(taxConfigurations.tax_type), asc(taxConfigurations.id));
  const configurations = rows.map((row) => ({ ...row, tax_type: taxTypeSchema.parse(row.tax_type) }));
  return { intra_state, gst_rates: await gstRatesInForce(db, today), configurations };
}

/** POST invoices/calculate_tax/: the totals the invoice would get (domain/totals.ts), each line at a GST rate in force today. */
export async function calculateTax(db: Db, input: CalculateTaxInput): Promise<InvoiceTotalsAnswer> {
  const rates = await gstRatesInForce(db, businessToday());
  const problems: FieldErrors = {};
  input.items.forEach((item, i) => {
    if (!rates.some((rate) => compare(rate, item.tax_rate) === 0)) problems[`items.${i}.tax_rate`] = [INVOICE_REFUSALS.notGstRate(item.tax_rate, rates)];
  });
  throwIfAny(problems);
  const states = await statesOf(db, input);
  const totals = invoiceTotals(input.items, states.company, states.customer);
  return { ...totals, amount_in_words: rupeesInWords(totals.total_amount) };
}
