import { Button, Stack, Text } from '@chakra-ui/react';
import { INVOICE_UNISSUED_STATUSES, type InvoiceView } from '../../../domain/invoice';
import { refusedOffline } from '../../ui/connection';
import { Section } from '../../ui/detail';
import { downloadWith } from '../../ui/download';
import { INVOICE_FAILURES, invoiceEinvoice } from './api';

/** The file name of an invoice's e-invoice: its number, '/' made '-' for a file system. */
const einvoiceName = (invoice: Pick<InvoiceView, 'id' | 'invoice_number'>) => `${(invoice.invoice_number ?? `invoice-${invoice.id}`).replaceAll('/', '-')}-einvoice.json`;

/**
 * The GST e-invoice (INV-01, decision 331) of an issued B2B invoice (the customer's GSTIN on it),
 * downloaded as JSON for the accountant's tool; when the server refuses it (a missing PIN, an
 * HSN the portal refuses), its 400 message is the caption of the failure.
 */
export function InvoiceEinvoice({ invoice }: { invoice: InvoiceView }) {
  if (INVOICE_UNISSUED_STATUSES.includes(invoice.status) || !invoice.customer_gstin) return null;
  const download = () => {
    if (!refusedOffline()) void downloadWith(() => invoiceEinvoice(invoice.id), einvoiceName(invoice), INVOICE_FAILURES.einvoice);
  };
  return (
    <Section title="E-invoice">
      <Stack gap="2" align="start">
        <Text color="fg.muted">The INV-01 JSON of this B2B invoice, to register with the GST portal (IRN and signed QR code) through the accountant&apos;s tool.</Text>
        <Button size="lg" minH="11" variant="outline" onClick={download}>
          Download e-invoice JSON
        </Button>
      </Stack>
    </Section>
  );
}
