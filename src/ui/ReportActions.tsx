import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { businessToday } from '../../domain/rules/dates';
import { downloadPdf } from '../data/documents';
import { saveFile } from './download';
import { notify } from './notify';
import { reportDocument, reportFileName, reportWorkbook, type ReportFile } from './report-export';

/** The spec-styled notice when a file could not be made. */
const EXPORT_FAILED = 'The export could not be made';

/**
 * A report's files and print (decision 375): the spreadsheet and the PDF are written in the
 * browser from the same rows and totals the server answered (every page of them), so they carry
 * the figures on the screen; Print prints the screen without the menus and the filters.
 */
export function ReportActions({ title, file }: { title: string; file: () => Promise<ReportFile> }) {
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const make = (kind: 'xlsx' | 'pdf') => async () => {
    setBusy(kind);
    try {
      const report = await file();
      const name = reportFileName(title, businessToday(), kind);
      if (kind === 'xlsx') saveFile(name, await reportWorkbook(report));
      else await downloadPdf(reportDocument(report), name);
    } catch (error) {
      notify({ type: 'negative', message: EXPORT_FAILED, caption: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="2" wrap="wrap" _print={{ display: 'none' }}>
      <Button variant="outline" loading={busy === 'xlsx'} onClick={make('xlsx')}>
        Export xlsx
      </Button>
      <Button variant="outline" loading={busy === 'pdf'} onClick={make('pdf')}>
        Export PDF
      </Button>
      <Button variant="outline" onClick={() => window.print()}>
        Print
      </Button>
    </HStack>
  );
}
