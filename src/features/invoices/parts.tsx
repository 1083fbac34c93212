import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { compare, formatIndian } from '../../../domain/decimal';
import { daysOverdue, type InvoiceItem, type InvoiceListRow, type InvoiceView } from '../../../domain/invoice';
import { businessToday } from '../../../domain/rules/dates';
import { rupeesInWords } from '../../../domain/rules/numbers';

import { mirror } from '../../data/mirror/db';
import { reloadData } from '../../data/preload';
import { readFailure } from '../../ui/connection';
import { useInvoice } from './api';

/** What an invoice change touches on the device: the list's row and the lines. */
export const INVOICE_DATA: readonly DataType[] = ['invoices', 'invoiceItems', 'customers'];

/** The list and the detail read the device again after the server changed an invoice. */
export const reloadInvoices = () => void reloadData(['invoices', 'invoiceItems']);

/** An invoice's number once approved; a draft has none yet. */
export const invoiceNumberOf = (invoice: Pick<InvoiceListRow, 'invoice_number'>) => invoice.invoice_number ?? 'Draft';

/** How an invoice is named in a heading: "Invoice INV-26-27/00042", or "Draft invoice 17" before it has a number. */
export const invoiceTitle = (invoice: Pick<InvoiceListRow, 'id' | 'invoice_number'>) => (invoice.invoice_number ? `Invoice ${invoice.invoice_number}` : `Draft invoice ${invoice.id}`);

/** Days past due on the business day, worked out when shown (the synced flag is as of the sync). */
export const overdueDays = (invoice: Pick<InvoiceListRow, 'due_date' | 'outstanding_amount' | 'status'>) => daysOverdue(invoice, businessToday());

export const overdueLabel = (days: number) => `Overdue ${days} ${days === 1 ? 'day' : 'days'}`;

export function OverdueBadge({ days }: { days: number }) {
  return days > 0 ? <Badge colorPalette="red">{overdueLabel(days)}</Badge> : null;
}

/**
 * The GST rates a line may carry when the server cannot say (offline): the GST 2.0 slabs (nil,
 * 5, 18 and 40 %; 12 and 28 % retired) the demo's tax configurations hold. Online the form offers
 * the rates in force from invoices/current_rates/, and the server checks each line against the
 * configurations in force on the invoice date, naming the rates it takes in its 400 (decision 308).
 */
export const GST_SLABS = ['0', '5', '18', '40'] as const;

/** A rate as the select offers it: "18.00" is "18", "2.50" is "2.5". */
export const rateChoice = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

/** The rates offered on a line: those in force (the slabs when unknown), and a rate a draft already carries (the server says if it is no longer taken). */
export function rateOptions(inForce: readonly string[] | undefined, carried: readonly string[]) {
  const rates = [...new Set([...(inForce ?? GST_SLABS).map(rateChoice), ...carried.map(rateChoice)])].sort(compare);
  return rates.map((rate) => ({ value: rate, label: `${rate} %` }));
}

type Summary = Pick<InvoiceView, 'taxable_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount' | 'round_off' | 'total_amount'>;

/**
 * An invoice's tax summary as domain/totals.ts works it out (the same the server stores): the
 * taxable value, CGST and SGST inside the state or IGST across, the round off, the grand total
 * and the amount in words.
 */
export function TaxSummary({ totals, intraState, label = 'Invoice totals' }: { totals: Summary; intraState: boolean; label?: string }) {
  const rows: [string, string][] = [
    ['Taxable value', totals.taxable_amount],
    ...(intraState
      ? ([
          ['CGST', totals.cgst_amount],
          ['SGST', totals.sgst_amount],
        ] as [string, string][])
      : ([['IGST', totals.igst_amount]] as [string, string][])),
    ['Round off', totals.round_off],
    ['Total', totals.total_amount],
  ];
  return (
    <Stack gap="1" alignSelf="end" minW={{ base: 'full', md: '80' }} aria-label={label} role="group">
      {rows.map(([name, value]) => (
        <HStack key={name} justify="space-between" fontWeight={name === 'Total' ? 'bold' : 'normal'}>
          <Text>{name}</Text>
          <Text data-testid={`total-${name.toLowerCase().replaceAll(' ', '-')}`}>₹ {formatIndian(value)}</Text>
        </HStack>
      ))}
      <Text color="fg.muted" data-testid="amount-in-words">
        {rupeesInWords(totals.total_amount)}
      </Text>
    </Stack>
  );
}

/** The invoice as the device holds it (the list's row and its mirrored lines), or null when it holds none. */
function useInvoiceOnDevice(id: number): InvoiceView | null | undefined {
  return useLiveQuery(async () => {
    const row = await mirror.rowsOf<InvoiceListRow>('invoices').get(id);
    if (!row || row.deleted_at) return null;
    const items = (await mirror.rowsOf<InvoiceItem>('invoiceItems').where('invoice').equals(id).toArray()).filter((line) => !line.deleted_at).sort((a, b) => a.id - b.id);
    return { ...row, approved_by_name: '', amount_in_words: rupeesInWords(row.total_amount), items };
  }, [id]);
}

/**
 * An invoice as the server has it, else (offline, or the server failing) as the device holds it:
 * `fromDevice` says which, `failure` why the server did not answer.
 */
export function useInvoiceView(id: number) {
  const server = useInvoice(id);
  const device = useInvoiceOnDevice(id);
  const failure = readFailure(server);
  const invoice = server.data ?? (failure ? (device ?? undefined) : undefined);
  return { invoice, fromDevice: !server.data && !!invoice, failure, waitingForDevice: device === undefined };
}
