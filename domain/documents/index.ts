/**
 * The documents (PDF) of the office areas as pdfmake definitions: pure functions from domain
 * data and the company profile to a docDefinition, rendered by server/modules/documents on the
 * server and by src/data/documents in the browser (offline too).
 */
export { DOCUMENT_FONT, DOCUMENT_FONT_FILES, DOCUMENT_MESSAGES, rupees, type DocumentParty } from './layout';
export { invoiceDocument, quotationDocument, type InvoicePrintOptions, salesOrderDocument, type InvoiceDocumentData, type QuotationDocumentData, type QuotationPrintOptions, type SalesOrderDocumentData } from './sales';
export { graDocument, lpoDocument, type LpoDocumentData } from './purchasing';
export { deliveryNoteDocument, jobOrderDocument, type DeliveryNoteDocumentData } from './production';
