import type { Content, ContentTable, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { CompanyProfile } from '../company';
import { formatIndian, QUANTITY_PLACES, type Decimal } from '../decimal';
import { labelOf } from '../options';
import { INDIAN_STATES } from '../india';
import { formatDisplayDate } from '../rules/dates';

/**
 * The frame every document shares: the letterhead from the company profile, a title with the
 * document's particulars, the party it is addressed to, a table of lines, totals and notes, and
 * "Page n of m" at the foot of every page. Pure data: the server and the browser render the same
 * definition with pdfmake.
 */

/** The font both renderers register, and its files (pdfmake's own Roboto, which has the rupee sign ₹). */
export const DOCUMENT_FONT = 'Roboto';
export const DOCUMENT_FONT_FILES = { normal: 'Roboto-Regular.ttf', bold: 'Roboto-Medium.ttf', italics: 'Roboto-Regular.ttf', bolditalics: 'Roboto-Medium.ttf' } as const;

/** The spec's notice when a document cannot be made (business-areas.md §8). */
export const DOCUMENT_MESSAGES = { failed: 'Failed to generate PDF' } as const;

/** An amount with the rupee sign and Indian grouping: "₹1,23,456.78". */
export const rupees = (amount: Decimal): string => `₹${formatIndian(amount)}`;
/** An amount in a table column (the column header carries the ₹): "1,23,456.78". */
export const money = (amount: Decimal): string => formatIndian(amount);
/** A quantity with Indian grouping at its three places: "1,250.500". */
export const quantity = (value: Decimal): string => formatIndian(value, QUANTITY_PLACES);
/** DD-MM-YYYY, or a dash when there is no date. */
export const day = (iso: string | null | undefined): string => formatDisplayDate(iso) || '—';

/** Whom a document is addressed to (customer or vendor), as far as it is known. */
export interface DocumentParty {
  name: string;
  address?: string;
  gstin?: string;
  state?: string;
  phone?: string;
}

export interface DocumentColumn {
  header: string;
  width: number | '*' | 'auto';
  /** Figures are right-aligned. */
  figure?: boolean;
}

/** A table cell: text, or a picture (a PNG or JPEG data URL: the renderers read no files or URLs). */
export type DocumentCell = string | { readonly image: string };

/** How large a picture in a table may be drawn (points). */
const CELL_IMAGE_FIT: [number, number] = [60, 60];

export interface DocumentFrame {
  /** "Tax Invoice", "Quotation", ... */
  title: string;
  /** The document's number as people quote it, in the file name and the footer. */
  reference: string;
  /** Label and value pairs beside the title: number, dates, references. */
  particulars: readonly (readonly [string, string])[];
  party?: { heading: string; party: DocumentParty };
  columns: readonly DocumentColumn[];
  rows: readonly (readonly DocumentCell[])[];
  /** Label and value pairs under the table; the last one is the grand total, in bold. */
  totals?: readonly (readonly [string, string])[];
  notes?: readonly (readonly [string, string])[];
  /** A word across every page (DRAFT, CANCELLED) when the document is not final. */
  watermark?: string;
}

const partyLines = (p: DocumentParty): Content[] =>
  [
    { text: p.name || '—', bold: true },
    p.address ? { text: p.address } : null,
    p.state && p.state !== 'N/A' ? { text: `State: ${labelOf(INDIAN_STATES, p.state)}` } : null,
    p.gstin ? { text: `GSTIN: ${p.gstin}` } : null,
    p.phone ? { text: `Phone: ${p.phone}` } : null,
  ].filter((c): c is Exclude<typeof c, null> => c !== null);

/** The letterhead: logo (when there is one), name, address, GSTIN and contacts, then a rule. */
export function letterhead(company: CompanyProfile): Content[] {
  const contacts = [company.phone && `Phone: ${company.phone}`, company.email && `E-mail: ${company.email}`].filter(Boolean).join(' | ');
  const details: Content[] = [
    { text: company.name || 'Company name not set', style: 'companyName' },
    company.address ? { text: company.address } : null,
    company.gstin ? { text: `GSTIN: ${company.gstin}` } : null,
    contacts ? { text: contacts } : null,
  ].filter((c): c is Exclude<typeof c, null> => c !== null);
  return [
    { columns: company.logo ? [{ image: company.logo, fit: [90, 60], width: 100 }, { stack: details }] : [{ stack: details }], columnGap: 10 },
    { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 0.8 }], margin: [0, 0, 0, 10] },
  ];
}

function itemsTable(columns: readonly DocumentColumn[], rows: readonly (readonly DocumentCell[])[]): ContentTable {
  const header: TableCell[] = columns.map((c) => ({ text: c.header, style: 'tableHeader', alignment: c.figure ? 'right' : 'left' }));
  const body: TableCell[][] = rows.map((row) =>
    row.map((cell, i): TableCell => (typeof cell === 'string' ? { text: cell, alignment: columns[i]?.figure ? 'right' : 'left' } : { image: cell.image, fit: CELL_IMAGE_FIT })),
  );
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: columns.map((c) => c.width), body: [header, ...body] },
    layout: 'lightHorizontalLines',
    margin: [0, 8, 0, 8],
  };
}

function totalsTable(totals: readonly (readonly [string, string])[]): Content {
  return {
    columns: [
      { text: '', width: '*' },
      {
        width: 'auto',
        table: { body: totals.map(([label, value], i) => (i === totals.length - 1 ? [{ text: label, bold: true }, { text: value, bold: true, alignment: 'right' }] : [label, { text: value, alignment: 'right' }])) },
        layout: 'noBorders',
      },
    ],
  };
}

/** The whole definition: letterhead, particulars, party, lines, totals, notes, page numbers. */
export function documentDefinition(company: CompanyProfile, frame: DocumentFrame): TDocumentDefinitions {
  const particulars: ContentTable = { table: { body: frame.particulars.map(([label, value]) => [{ text: label, color: '#555555' }, { text: value, bold: true }]) }, layout: 'noBorders' };
  const content = [
    ...letterhead(company),
    { columns: [{ text: frame.title, style: 'title', width: '*' }, { ...particulars, width: 'auto' }] },
    frame.party ? { stack: [{ text: frame.party.heading, style: 'label' }, ...partyLines(frame.party.party)], margin: [0, 10, 0, 0] } : null,
    itemsTable(frame.columns, frame.rows),
    frame.totals?.length ? totalsTable(frame.totals) : null,
    ...(frame.notes ?? []).filter(([, text]) => text.trim() !== '').map(([label, text]): Content => ({ stack: [{ text: label, style: 'label' }, { text }], margin: [0, 8, 0, 0] })),
  ].filter((c) => c !== null) as Content[];
  return {
    info: { title: `${frame.title} ${frame.reference}`, author: company.name || undefined },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    watermark: frame.watermark ? { text: frame.watermark, opacity: 0.12, bold: true } : undefined,
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `${frame.title} ${frame.reference}`, alignment: 'left' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
      fontSize: 8,
      color: '#555555',
    }),
    content,
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 9, lineHeight: 1.2 },
    styles: {
      companyName: { fontSize: 16, bold: true },
      title: { fontSize: 16, bold: true, margin: [0, 4, 0, 0] },
      label: { fontSize: 8, bold: true, color: '#555555' },
      tableHeader: { bold: true, fillColor: '#eeeeee' },
    },
  };
}
