import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { materialUnitLabel } from '../../../domain/material';
import { quotationReference, type QuotationLineSnapshot, type QuotationListRow, type QuotationSnapshot } from '../../../domain/quotation';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useSession } from '../../data/session';
import { branchLabelOf, userLabel } from '../../ui/entity-labels';
import { Facts, SimpleTable, type RowMark } from '../../ui/detail';
import { QuotationStatusBadge } from '../../ui/QuotationStatusBadge';
import { PendingBadge } from '../../ui/PendingBadge';

/** A line as the items table shows it: a live item, or a line as a revision kept it. */
export type QuotationLine = Pick<QuotationLineSnapshot, 'code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'gross_price'>;
/** The figures at the foot of a quotation, as the server computed them (decision 209). */
export type QuotationTotals = Pick<QuotationSnapshot, 'subtotal' | 'discount_total' | 'tax_rate' | 'tax_amount' | 'total_amount'>;

export const ITEM_HEADERS = ['Product', 'Description', 'Quantity', 'Unit', 'Rate', 'Discount', 'Gross price'] as const;
const ITEM_NUMERIC = [2, 4, 5, 6];

/** The cells of a line; `changed` names the fields to show in bold (a comparison). */
export function lineCells(line: QuotationLine, changed: readonly string[] = []): ReactNode[] {
  const cell = (field: keyof QuotationLine, text: string) =>
    changed.includes(field) ? (
      <Text as="span" fontWeight="bold" data-changed>
        {text}
      </Text>
    ) : (
      text
    );
  return [
    cell('code', line.code || '—'),
    cell('description', line.description),
    cell('quantity', formatIndian(line.quantity, QUANTITY_PLACES)),
    cell('unit', materialUnitLabel(line.unit)),
    cell('unit_price', formatIndian(line.unit_price)),
    cell('discount', formatIndian(line.discount)),
    cell('gross_price', formatIndian(line.gross_price)),
  ];
}

/** A quotation's lines: product (its code), description, quantity, unit, rate, discount and gross price, as the server sent them. */
export function ItemsTable({
  lines,
  label,
  marks,
  changed,
  extra,
}: {
  lines: readonly QuotationLine[];
  label: string;
  marks?: readonly (RowMark | null)[];
  /** Each line's changed fields (a comparison), shown in bold. */
  changed?: readonly (readonly string[])[];
  extra?: { header: string; cells: readonly ReactNode[] };
}) {
  const rows = lines.map((line, i) => [...lineCells(line, changed?.[i]), ...(extra ? [extra.cells[i]] : [])]);
  return <SimpleTable label={label} headers={extra ? [...ITEM_HEADERS, extra.header] : ITEM_HEADERS} rows={rows} numeric={ITEM_NUMERIC} marks={marks} empty="No items." />;
}

/** Subtotal, discounts, the tax at the quotation's one rate, and the total: the server's figures, shown, never added up here. */
export function Totals({ totals }: { totals: QuotationTotals }) {
  const lines: [string, string][] = [
    ['Subtotal', formatIndian(totals.subtotal)],
    ['Discount', formatIndian(totals.discount_total)],
    [`Tax (${formatIndian(totals.tax_rate)}%)`, formatIndian(totals.tax_amount)],
    ['Total', formatIndian(totals.total_amount)],
  ];
  return (
    <DataList.Root orientation="horizontal" aria-label="Totals" ms={{ md: 'auto' }} maxW="md" w="full">
      {lines.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="flex-end" fontWeight={label === 'Total' ? 'bold' : undefined}>
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The quotation's header: its number, customer and branch, sales executive, date, status and issuing entity. */
export function QuotationHeader({ quotation, pending }: { quotation: QuotationListRow; pending: boolean }) {
  const { user, users } = useSession();
  const branch = useLiveQuery(() => branchLabelOf(quotation.branch), [quotation.branch]);
  const known = [...users, ...(user ? [user] : [])];
  const facts: [string, ReactNode][] = [
    ['Number', quotation.number ? quotationReference(quotation) : 'Not numbered yet'],
    ['Customer', quotation.customer_name || `No. ${quotation.customer}`],
    ['Branch', branch ?? '—'],
    ['Sales executive', userLabel(quotation.sales_exec, known, quotation.sales_exec_name)],
    ['Date', formatDisplayDate(quotation.quotation_date)],
    ['Entity', quotation.monarch_entity || '—'],
    ['Subject', quotation.subject || '—'],
  ];
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <QuotationStatusBadge status={quotation.status} size="lg" />
        {pending && (
          <PendingBadge size="lg" />
        )}
      </HStack>
      <Facts facts={facts} />
      {quotation.terms && <Text whiteSpace="pre-wrap">Terms: {quotation.terms}</Text>}
    </Stack>
  );
}
