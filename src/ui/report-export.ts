import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { approximateNumber, formatIndian } from '../../domain/decimal';
import { labelOf, type Option } from '../../domain/options';
import { formatDisplayDate } from '../../domain/rules/dates';
import { formatCount } from '../../domain/rules/numbers';
import { DOCUMENT_FONT } from '../../domain/documents/layout';

/** How a field shows: as sent, an exact decimal in Indian grouping, a whole count, a DD-MM-YYYY date, or its option's label; empty when the API sends none. */
export type FieldFormat = 'text' | 'number' | 'count' | 'date' | readonly Option[];

/** A report row as the API sends it; columns pick their fields by name. */
export type ReportRow = Record<string, unknown>;

/** A column as a file writes it: the row field, its header and how it shows. */
export interface ExportColumn {
  field: string;
  header: string;
  format: FieldFormat;
}

/** A report as it leaves the screen (decision 375): its title, what it covers, its columns, its rows and the totals row. */
export interface ReportFile {
  title: string;
  /** The filters in force, in words ("From 01-09-2026 to 31-10-2026"). */
  subtitle: string;
  columns: readonly ExportColumn[];
  rows: readonly ReportRow[];
  totals?: ReportRow | undefined;
}

export function shown(value: unknown, format: FieldFormat): string {
  if (value == null) return '';
  if (format === 'number') return formatIndian(value as string);
  if (format === 'count') return formatCount(Number(value));
  if (format === 'date') return formatDisplayDate(value as string);
  if (format === 'text') return String(value);
  return labelOf(format, value as string);
}

/** The file's name: the title and the day it was made ("revenue-2026-12-07.xlsx"). */
export const reportFileName = (title: string, today: string, extension: 'xlsx' | 'pdf') => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${today}.${extension}`;

/** .xlsx: a title row, what it covers, the header, a row per report row, then the totals; figures as numbers with two places, dates as dates. */
export async function reportWorkbook(file: ReportFile): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FabOps';
  const sheet = workbook.addWorksheet(file.title.slice(0, 31));
  sheet.addRow([file.title]).font = { bold: true, size: 14 };
  sheet.addRow([file.subtitle]);
  sheet.addRow(file.columns.map((c) => c.header)).font = { bold: true };
  const cell = (row: ReportRow, c: ExportColumn) => {
    const value = row[c.field];
    if (value == null) return null;
    if (c.format === 'number') return approximateNumber(value as string);
    if (c.format === 'count') return Number(value);
    if (c.format === 'date') return new Date(`${value as string}T00:00:00Z`);
    return shown(value, c.format);
  };
  for (const row of file.rows) sheet.addRow(file.columns.map((c) => cell(row, c)));
  if (file.totals) sheet.addRow(file.columns.map((c) => cell(file.totals!, c))).font = { bold: true };
  file.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = c.format === 'text' ? 28 : 16;
    if (c.format === 'number') column.numFmt = '#,##0.00';
    if (c.format === 'date') column.numFmt = 'dd-mm-yyyy';
  });
  return new Blob([await workbook.xlsx.writeBuffer()], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** The PDF: the same table, landscape A4, the header repeated on every page, the totals in bold. */
export function reportDocument(file: ReportFile): TDocumentDefinitions {
  const numeric = (c: ExportColumn) => c.format === 'number' || c.format === 'count';
  const line = (row: ReportRow, bold = false) => file.columns.map((c) => ({ text: shown(row[c.field], c.format), alignment: numeric(c) ? ('right' as const) : ('left' as const), bold }));
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 36],
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 8 },
    info: { title: file.title },
    content: [
      { text: file.title, fontSize: 14, bold: true },
      { text: file.subtitle, margin: [0, 2, 0, 8] },
      {
        table: {
          headerRows: 1,
          widths: file.columns.map((c) => (c.format === 'text' ? '*' : 'auto')),
          body: [file.columns.map((c) => ({ text: c.header, bold: true, alignment: numeric(c) ? ('right' as const) : ('left' as const) })), ...file.rows.map((row) => line(row)), ...(file.totals ? [line(file.totals, true)] : [])],
        },
        layout: 'lightHorizontalLines',
      },
    ],
    footer: (page, pages) => ({ text: `Page ${page} of ${pages}`, alignment: 'center', fontSize: 8 }),
  };
}
