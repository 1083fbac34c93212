import { useEffect, useState } from 'react';
import { Box, Button, Field, NativeSelect, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { invoiceFileName, type InvoiceView } from '../../../domain/invoice';
import { NEEDS_CONNECTION, refusedOffline } from '../../ui/connection';
import { fileFailure } from '../../ui/download';
import { SelectOptions } from '../../ui/form';
import { notify } from '../../ui/notify';
import { INVOICE_FAILURES, invoicePdf, useInvoiceTemplates, type InvoicePrint } from './api';

/**
 * The invoice's PDF as generate_pdf/ prints it, with its two choices (a template of
 * invoices/templates/, else the default one; the payments received or not): fetched with the
 * session's token, shown in the page from an object URL (an <object>, which says what to do where
 * the browser shows no PDFs), and downloadable from the same bytes.
 * The URL is let go when another preview replaces it or the screen closes.
 */
export function InvoicePdfPreview({ invoice }: { invoice: InvoiceView }) {
  const [print, setPrint] = useState<InvoicePrint>({ template: null, include_payments: false });
  const [preview, setPreview] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const templates = useInvoiceTemplates(true);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const show = async () => {
    if (refusedOffline()) return;
    setLoading(true);
    try {
      setPreview(URL.createObjectURL(await invoicePdf(invoice.id, print)));
    } catch (error) {
      notify({ type: 'negative', message: INVOICE_FAILURES.pdf, caption: await fileFailure(error, NEEDS_CONNECTION) });
    } finally {
      setLoading(false);
    }
  };
  const choices = (templates.data ?? []).map((t) => ({ value: t.id, label: t.is_default ? `${t.name} (default)` : t.name }));
  return (
    <Stack gap="3">
      <Wrap gap="4" align="end">
        <Field.Root maxW="sm">
          <Field.Label>Template</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field value={print.template ?? ''} onChange={(e) => setPrint((current) => ({ ...current, template: e.target.value ? Number(e.target.value) : null }))}>
              <SelectOptions blank="Default template" options={choices} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {templates.isError && <Field.HelperText>{INVOICE_FAILURES.templates}: the default template is used.</Field.HelperText>}
        </Field.Root>
        <Switch.Root size="lg" minH="11" checked={print.include_payments} onCheckedChange={(e) => setPrint((current) => ({ ...current, include_payments: e.checked }))}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Include payments received</Switch.Label>
        </Switch.Root>
      </Wrap>
      <Wrap gap="3">
        <Button size="lg" minH="11" variant="outline" loading={loading} onClick={() => void show()}>
          {preview ? 'Preview again' : 'Preview PDF'}
        </Button>
        {preview && (
          <Button asChild size="lg" minH="11" variant="outline">
            <a href={preview} download={invoiceFileName(invoice)}>
              Download PDF
            </a>
          </Button>
        )}
      </Wrap>
      {preview ? (
        <Box borderWidth="1px" rounded="md" overflow="hidden">
          <object title="Invoice PDF preview" data={preview} type="application/pdf" style={{ display: 'block', width: '100%', height: '70vh' }}>
            <Text p="4">This browser does not show PDFs in the page: download it instead.</Text>
          </object>
        </Box>
      ) : (
        <Text color="fg.muted">The PDF is made by the server with the choices above.</Text>
      )}
    </Stack>
  );
}
