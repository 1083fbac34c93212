import { useState } from 'react';
import { Alert, Button, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { BULK_INVOICE_MESSAGES, bulkCancelSchema, bulkResultMessage, type BulkInvoiceResult, type InvoiceExportFormat } from '../../../domain/invoice-bulk';
import type { InvoiceListRow } from '../../../domain/invoice';
import { can } from '../../../domain/permissions';
import type { User } from '../../../domain/user';
import { useOnline } from '../../data/online';
import { NEEDS_CONNECTION, refusedOffline, serverFailure } from '../../ui/connection';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import type { Selection } from '../../ui/selection';
import { BULK_FAILURES, downloadInvoicePdfs, exportInvoices, runBulk, type BulkAction } from './bulk';
import { invoiceTitle, reloadInvoices } from './parts';

type Row = Pick<InvoiceListRow, 'id' | 'invoice_number'>;

const many = (count: number) => `${count} ${count === 1 ? 'invoice' : 'invoices'}`;

/** The reason typed in the cancel dialog, checked as the server checks it. */
function reasonVerdict(reason: string): string | true {
  const parsed = bulkCancelSchema.shape.reason.safeParse(reason);
  return parsed.success || parsed.error.issues[0]!.message;
}

/** What each action asks before it runs: a confirmation, or (cancel) the reason. */
async function confirm(action: BulkAction, count: number): Promise<string | false> {
  if (action === 'cancel') {
    return openDialog({
      title: `Cancel ${many(count)}?`,
      message: 'Each approved invoice is cancelled with this reason and nothing is owed on it after; the others are listed with why they were not.',
      okLabel: 'Cancel invoices',
      cancelLabel: 'Keep them',
      type: 'negative',
      prompt: { label: 'Reason', validate: reasonVerdict },
    });
  }
  const ok = await openDialog(
    action === 'approve'
      ? { title: `Approve ${many(count)}?`, message: 'Each draft gets the next invoice number of its financial year, in the order they were raised, and its lines are frozen.', okLabel: 'Approve' }
      : { title: `Send ${many(count)}?`, message: "Each invoice's PDF is mailed to its customer's e-mail address.", okLabel: 'Send' },
  );
  return ok ? '' : false;
}

/** The outcome of the last bulk action: '{n} successful, {m} failed', and each refusal with why. */
function Outcome({ result, named }: { result: BulkInvoiceResult; named: (id: number) => string }) {
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading size="md">{bulkResultMessage(result.successful.length, result.failed.length)}</Heading>
        {result.failed.length > 0 && (
          <Stack as="ul" aria-label="Failed invoices" gap="1" ps="5">
            {result.failed.map((failure) => (
              <li key={failure.id}>
                {named(failure.id)}: {failure.reason}
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The invoices list's actions on the chosen invoices (approve, send, cancel with a reason, their
 * PDFs in one file) and the export of the filtered list. Each needs the server: offline it says so
 * and the invoices can still be chosen.
 */
export function InvoiceBulkBar({ user, rows, selection, filters }: { user: User | null; rows: readonly Row[] | undefined; selection: Selection; filters: Record<string, string> }) {
  const online = useOnline();
  const [busy, setBusy] = useState<BulkAction | 'pdf' | InvoiceExportFormat | null>(null);
  const [result, setResult] = useState<BulkInvoiceResult | null>(null);
  const ids = [...selection.chosen];
  const named = (id: number) => {
    const row = rows?.find((r) => r.id === id);
    return row ? invoiceTitle(row) : `Invoice ${id}`;
  };

  const chosenOnline = () => {
    if (!ids.length) {
      notify({ type: 'warning', message: BULK_INVOICE_MESSAGES.noneSelected });
      return false;
    }
    return !refusedOffline();
  };

  const act = async (action: BulkAction) => {
    if (!chosenOnline()) return;
    const reason = await confirm(action, ids.length);
    if (reason === false) return;
    setBusy(action);
    try {
      const done = await runBulk(action, ids, reason.trim());
      setResult(done);
      notify({ type: done.failed.length ? 'warning' : 'positive', message: bulkResultMessage(done.successful.length, done.failed.length) });
      selection.toggle(
        done.successful.map((s) => s.id),
        false,
      );
      reloadInvoices();
    } catch (error) {
      notify({ type: 'negative', message: BULK_FAILURES[action], caption: serverFailure(error) });
    } finally {
      setBusy(null);
    }
  };

  const download = async (what: 'pdf' | InvoiceExportFormat) => {
    if (what === 'pdf' ? !chosenOnline() : refusedOffline()) return;
    setBusy(what);
    await (what === 'pdf' ? downloadInvoicePdfs(ids) : exportInvoices(what, filters));
    setBusy(null);
  };

  const button = (label: string, key: NonNullable<typeof busy>, onClick: () => Promise<void>, look: 'solid' | 'outline' | 'danger' = 'solid') => (
    <Button
      minH="11"
      variant={look === 'solid' ? 'solid' : 'outline'}
      colorPalette={look === 'danger' ? 'red' : undefined}
      loading={busy === key}
      disabled={!online || (busy !== null && busy !== key)}
      onClick={() => void onClick()}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="3">
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{NEEDS_CONNECTION} Approving, sending and cancelling invoices, their PDFs and the export need the server; the invoices shown are those on this device.</Alert.Title>
        </Alert.Root>
      )}
      <Wrap gap="3" align="center" role="group" aria-label="Bulk actions">
        <Text fontWeight="medium">{ids.length} selected</Text>
        <Button minH="11" variant="ghost" disabled={!ids.length} onClick={selection.clear}>
          Clear selection
        </Button>
        {can(user, 'invoices.approve') && button('Approve', 'approve', () => act('approve'))}
        {can(user, 'invoices.write') && button('Send', 'send', () => act('send'))}
        {can(user, 'invoices.write') && button('Cancel', 'cancel', () => act('cancel'), 'danger')}
        <HStack gap="3">
          {button('PDFs', 'pdf', () => download('pdf'), 'outline')}
          {button('Export CSV', 'csv', () => download('csv'), 'outline')}
          {button('Export Excel', 'xlsx', () => download('xlsx'), 'outline')}
        </HStack>
      </Wrap>
      {result && <Outcome result={result} named={named} />}
    </Stack>
  );
}
