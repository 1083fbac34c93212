import { useEffect, useState } from 'react';
import { Box, Button, Field, Input, Stack, Switch, Wrap } from '@chakra-ui/react';
import { API } from '../../../domain/api-paths';
import { quotationFileName, type QuotationView } from '../../../domain/quotation';
import { serverFailure } from '../../ui/connection';
import { downloadFromApi } from '../../ui/download';
import { notify } from '../../ui/notify';
import { DEFAULT_PRINT_OPTIONS, printParams, quotationPdf, type PrintOptions } from './api';

const FLAGS: readonly [keyof Omit<PrintOptions, 'title'>, string][] = [
  ['show_code', 'Show product codes'],
  ['show_image', 'Show item images'],
  ['show_discount', 'Show discounts'],
];


/**
 * The quotation's PDF with the four print choices of print_pdf/ (a title, and whether codes,
 * images and discounts show): previewed in the page from the server's bytes, or downloaded.
 */
export function PrintPanel({ quotation }: { quotation: QuotationView }) {
  const [options, setOptions] = useState<PrintOptions>(DEFAULT_PRINT_OPTIONS);
  const [preview, setPreview] = useState<string | null>(null);
  // The preview's blob URL is let go when another replaces it or the screen closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const show = async () => {
    try {
      setPreview(URL.createObjectURL(await quotationPdf(quotation.id, options)));
    } catch (error) {
      notify({ type: 'negative', message: serverFailure(error) });
    }
  };
  return (
    <Stack gap="3">
      <Wrap gap="4" align="end">
        <Field.Root maxW="sm">
          <Field.Label>Title</Field.Label>
          <Input size="lg" placeholder="Quotation" value={options.title} maxLength={200} onChange={(e) => setOptions((current) => ({ ...current, title: e.target.value }))} />
        </Field.Root>
        {FLAGS.map(([flag, label]) => (
          <Switch.Root key={flag} size="lg" minH="11" checked={options[flag]} onCheckedChange={(e) => setOptions((current) => ({ ...current, [flag]: e.checked }))}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{label}</Switch.Label>
          </Switch.Root>
        ))}
      </Wrap>
      <Wrap gap="3">
        <Button size="lg" minH="11" variant="outline" onClick={() => void show()}>
          Preview PDF
        </Button>
        <Button size="lg" minH="11" variant="outline" onClick={() => void downloadFromApi(API.quotations.printPdf(quotation.id), printParams(options), quotationFileName(quotation))}>
          Download PDF
        </Button>
      </Wrap>
      {preview && (
        <Box borderWidth="1px" rounded="md" overflow="hidden">
          <iframe title="Quotation PDF preview" src={preview} style={{ width: '100%', height: '70vh', border: 0 }} />
        </Box>
      )}
    </Stack>
  );
}
