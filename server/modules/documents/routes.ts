import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import type { CompanyProfile } from '../../../domain/company';
import { deliveryNoteDocument, graDocument, invoiceDocument, jobOrderDocument, lpoDocument, quotationDocument, salesOrderDocument } from '../../../domain/documents';
import { invoiceFileName, invoicePdfQuerySchema } from '../../../domain/invoice';
import { quotationFileName, quotationPrintQuerySchema } from '../../../domain/quotation';
import type { Permission } from '../../../domain/permissions';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/schemas';
import { readCompanyProfile } from '../company/service';
import { deliveryNoteView } from '../delivery-notes/service';
import { graView } from '../gras/service';
import { invoiceDocumentData, invoicePrintOptions } from '../invoices/document';
import { invoiceView } from '../invoices/queries';
import { lpoDocumentData } from '../lpos/document';
import { jobOrderView } from '../job-orders/service';
import { salesOrderDocumentData } from '../sales-orders/reports';
import { quotationDocumentData, quotationView } from '../quotations/service';
import { renderPdf } from './render';

/** The query of a document without print choices. */
const noChoices = z.object({}).strict();

/** One printable document: its path, who may read it (as its detail), its print choices (the query), its data and its definition. */
interface Printable {
  path: string;
  access: Permission;
  file: string;
  /** The download's name when it is not `{file}-{id}.pdf` (a quotation is named by its number and revision). */
  fileName?: (db: Db, id: number) => Promise<string>;
  query?: z.ZodType<Record<string, unknown>>;
  definition: (db: Db, company: CompanyProfile, id: number, query: Record<string, unknown>) => Promise<TDocumentDefinitions>;
}

/** A quotation's PDF, with the print choices of print_pdf/ (title, show_code, show_image, show_discount). */
const quotationPdf = async (db: Db, company: CompanyProfile, id: number, query: Record<string, unknown>) => quotationDocument(company, await quotationDocumentData(db, id), query);

/** A quotation's PDF is named by its number and revision, as the mail to the customer names it. */
const quotationPdfName = async (db: Db, id: number) => quotationFileName(await quotationView(db, id));

/** An invoice's PDF with the print choices of generate_pdf/ (template, include_payments). */
const invoicePdf = async (db: Db, company: CompanyProfile, id: number, query: Record<string, unknown>) =>
  invoiceDocument(company, await invoiceDocumentData(db, await invoiceView(db, id)), await invoicePrintOptions(db, query as z.output<typeof invoicePdfQuerySchema>));

/** The documents of rows the API has. */
const PRINTABLE: readonly Printable[] = [
  { path: API.invoices.pdf.pattern, access: 'invoices.read', file: 'Invoice', fileName: async (db, id) => invoiceFileName(await invoiceView(db, id)), query: invoicePdfQuerySchema, definition: invoicePdf },
  { path: API.lpos.pdf.pattern, access: 'lpos.read', file: 'LPO', definition: async (db, company, id) => lpoDocument(company, await lpoDocumentData(db, id)) },
  { path: API.gras.pdf.pattern, access: 'gras.read', file: 'GRA', definition: async (db, company, id) => graDocument(company, await graView(db, id)) },
  { path: API.deliveryNotes.pdf.pattern, access: 'delivery-notes.read', file: 'Delivery-Note', definition: async (db, company, id) => deliveryNoteDocument(company, await deliveryNoteView(db, id)) },
  { path: API.jobOrders.pdf.pattern, access: 'job-orders.read', file: 'Job-Order', definition: async (db, company, id) => jobOrderDocument(company, await jobOrderView(db, id)) },
  { path: API.salesOrders.pdf.pattern, access: 'sales-orders.read', file: 'Sales-Order', definition: async (db, company, id) => salesOrderDocument(company, await salesOrderDocumentData(db, id)) },
  { path: API.quotations.pdf.pattern, access: 'quotations.read', file: 'Quotation', fileName: quotationPdfName, query: quotationPrintQuerySchema, definition: quotationPdf },
  { path: API.quotations.printPdf.pattern, access: 'quotations.read', file: 'Quotation', fileName: quotationPdfName, query: quotationPrintQuerySchema, definition: quotationPdf },
];

const sendPdf = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${fileName}"`).header('cache-control', 'private, no-store').send(bytes);

/** GET …/{id}/pdf/: the row's document, rendered from the same definition the browser uses offline. */
export default async function documentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const doc of PRINTABLE) {
    app.get(doc.path, { config: { access: doc.access }, schema: { tags: ['documents'], params: idParams, querystring: doc.query ?? noChoices, produces: ['application/pdf'] } }, async (req, reply) => {
      const definition = await doc.definition(app.db, await readCompanyProfile(app.db), req.params.id, req.query);
      const fileName = doc.fileName ? await doc.fileName(app.db, req.params.id) : `${doc.file}-${req.params.id}.pdf`;
      return sendPdf(reply, fileName, await renderPdf(definition));
    });
  }
}
