import { and, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { approximateNumber } from '../../../domain/decimal';
import { invoiceDocument } from '../../../domain/documents';
import { INVOICE_STATUSES, type InvoiceListRow } from '../../../domain/invoice';
import { INVOICE_EXPORT_COLUMNS, invoiceExportFormatSchema, type InvoiceExportFormat } from '../../../domain/invoice-bulk';
import { labelOf } from '../../../domain/options';
import { MAX_PAGE_SIZE } from '../../../domain/query-params';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { badRequest, invalidPk } from '../../lib/http-error';
import { filter, listPage, type ListQuery, type ListSpec } from '../../lib/list';
import { readCompanyProfile } from '../company/service';
import { renderPdf } from '../documents/render';
import { invoiceDocumentData, invoicePrintOptions } from './document';
import { describeInvoices, invoiceList, invoiceView } from './queries';

/**
 * The invoices as files (business-areas.md §7 "Invoices"): export/ writes the filtered list to CSV
 * or .xlsx, bulk_generate_pdf/ puts the chosen invoices' PDFs into one PDF.
 */

/** export/: the list's filters, ordering and search, and the file's format (CSV unless asked). */
export const invoiceExportList: ListSpec<typeof invoices> = {
  ...invoiceList,
  filters: { ...invoiceList.filters, format: filter(invoiceExportFormatSchema, () => undefined) },
};

/** Every row the list's query selects, page after page, as the list shows them. */
async function invoiceExportRows(db: Db, request: FastifyRequest, query: ListQuery): Promise<InvoiceListRow[]> {
  const rows: InvoiceListRow[] = [];
  for (let page = 1; ; page++) {
    const slice = await listPage(db, request, invoiceExportList, { ...query, page, limit: MAX_PAGE_SIZE });
    rows.push(...describeInvoices(slice.results));
    if (rows.length >= slice.count || !slice.results.length) break;
  }
  return rows;
}

type Column = (typeof INVOICE_EXPORT_COLUMNS)[number];

/** A cell as a person reads it: the status's label, a draft's number as "Draft". */
function shown(row: InvoiceListRow, [, field]: Column): string | number {
  if (field === 'status') return labelOf(INVOICE_STATUSES, row.status);
  if (field === 'invoice_number') return row.invoice_number ?? 'Draft';
  return row[field];
}

/** CSV: dates as the UI shows them (DD-MM-YYYY), money as the exact decimal text. */
function invoicesCsv(rows: readonly InvoiceListRow[]): string {
  return toCsv(
    INVOICE_EXPORT_COLUMNS.map(([header]) => header),
    rows.map((row) => INVOICE_EXPORT_COLUMNS.map((column) => (column[2] === 'date' ? formatDisplayDate(row[column[1]] as string) : shown(row, column)))),
  );
}

const NUMBER_FORMATS: Partial<Record<Column[2], string>> = { money: '#,##0.00', date: 'dd-mm-yyyy', number: '0' };

/** .xlsx: one sheet, money as numbers (so the sheet adds and sorts them), dates as dates. */
async function invoicesWorkbook(rows: readonly InvoiceListRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FabOps';
  const sheet = workbook.addWorksheet('Invoices', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = INVOICE_EXPORT_COLUMNS.map(([header, key, kind]) => ({ header, key, width: kind === 'text' ? 24 : 14, style: NUMBER_FORMATS[kind] ? { numFmt: NUMBER_FORMATS[kind] } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      INVOICE_EXPORT_COLUMNS.map((column) => {
        const [, field, kind] = column;
        if (kind === 'money') return approximateNumber(row[field] as string);
        if (kind === 'date') return new Date(`${row[field] as string}T00:00:00Z`);
        return shown(row, column);
      }),
    );
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: INVOICE_EXPORT_COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const EXPORT_FILES: Record<InvoiceExportFormat, { contentType: string; write: (rows: readonly InvoiceListRow[]) => Promise<Buffer | string> | string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', write: invoicesCsv },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', write: invoicesWorkbook },
};

/** export/?format=csv|xlsx and the list's filters: the file, its type and its name of the day ("invoices-2026-11-28.csv"). */
export async function invoicesExport(db: Db, request: FastifyRequest, query: ListQuery) {
  const { format = 'csv', ...filters } = query as ListQuery & { format?: InvoiceExportFormat };
  const file = EXPORT_FILES[format];
  return { contentType: file.contentType, fileName: `invoices-${businessToday()}.${format}`, body: await file.write(await invoiceExportRows(db, request, filters)) };
}

/**
 * bulk_generate_pdf/: each invoice rendered as generate_pdf/ renders it, the pages put one after
 * the other in the order given, in one PDF to print or file (decision 324).
 */
export async function bulkInvoicePdf(db: Db, input: { invoice_ids: number[]; template?: number | undefined; include_payments: boolean }): Promise<Buffer> {
  const found = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(inArray(invoices.id, input.invoice_ids), isNull(invoices.deleted_at)));
  const missing = input.invoice_ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) throw badRequest({ invoice_ids: missing.map(invalidPk) });
  const options = await invoicePrintOptions(db, input);
  const company = await readCompanyProfile(db);
  const merged = await PDFDocument.create();
  merged.setTitle(`Invoices ${input.invoice_ids.length}`);
  for (const id of input.invoice_ids) {
    const pdf = await PDFDocument.load(await renderPdf(invoiceDocument(company, await invoiceDocumentData(db, await invoiceView(db, id)), options)));
    for (const page of await merged.copyPages(pdf, pdf.getPageIndices())) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}
