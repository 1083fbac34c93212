import { useState } from 'react';
import { Box, Field, Heading, List, NativeSelect, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import { quotationReference, type QuotationLineSnapshot, type QuotationView } from '../../../domain/quotation';
import type { FieldChange, QuotationDiff } from '../../../domain/quotation-diff';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { readFailure } from '../../ui/connection';
import { Failure, type RowMark } from '../../ui/detail';
import { SelectOptions } from '../../ui/form';
import { useComparison, useRevision } from './api';
import { ItemsTable, Totals } from './parts';

/** The names a comparison gives the fields that changed. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  code: 'Product',
  description: 'Description',
  quantity: 'Quantity',
  unit: 'Unit',
  unit_price: 'Rate',
  discount: 'Discount',
  gross_price: 'Gross price',
  image_path: 'Image',
  customer: 'Customer',
  branch: 'Branch',
  sales_exec: 'Sales executive',
  lead: 'Lead',
  monarch_entity: 'Entity',
  quotation_date: 'Date',
  subject: 'Subject',
  terms: 'Terms',
  tax_rate: 'Tax rate',
  subtotal: 'Subtotal',
  discount_total: 'Discount total',
  tax_amount: 'Tax',
  total_amount: 'Total',
};
const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

const revisionLabel = (v: QuotationView['versions'][number]) => `Revision ${v.revision}${v.current ? ' (current)' : v.saved_at ? ` · replaced ${formatDisplayDate(v.saved_at)}` : ''}`;

function RevisionSelect({ label, value, versions, onChange }: { label: string; value: number; versions: QuotationView['versions']; onChange: (revision: number) => void }) {
  return (
    <Field.Root maxW="xs">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
          <SelectOptions blank={null} options={versions.map((v) => ({ value: String(v.revision), label: revisionLabel(v) }))} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** One earlier revision as the customer was offered it: its lines and totals. */
function RevisionView({ quotation, revision }: { quotation: QuotationView; revision: number }) {
  const result = useRevision(quotation.id, revision);
  const failure = readFailure(result);
  if (failure) return <Failure text={failure} />;
  if (!result.data) return <Text color="fg.muted">Loading…</Text>;
  return (
    <Stack gap="3">
      <ItemsTable lines={result.data.items} label={`Items of revision ${revision}`} />
      <Totals totals={result.data} />
    </Stack>
  );
}

/** The revision shown above the current lines: the current one (the detail's own items), or one picked from those kept. */
export function VersionPicker({ quotation, shown, onShow }: { quotation: QuotationView; shown: number; onShow: (revision: number) => void }) {
  return (
    <Stack gap="3">
      <RevisionSelect label="Revision shown" value={shown} versions={quotation.versions} onChange={onShow} />
      {shown !== quotation.revision && <RevisionView quotation={quotation} revision={shown} />}
    </Stack>
  );
}

/** Lines are the same line when their ids agree; lines kept without an id are compared whole. */
const sameLine = (a: QuotationLineSnapshot, b: QuotationLineSnapshot) => (a.id !== null ? a.id === b.id : JSON.stringify(a) === JSON.stringify(b));

/** How each line of one side differs from the other side, and which of its fields changed. */
function marksOf(lines: readonly QuotationLineSnapshot[], diff: QuotationDiff, side: 'from' | 'to') {
  const gone = side === 'from' ? diff.removed : diff.added;
  return lines.map((line) => {
    const changed = diff.changed.find((c) => sameLine(c[side], line));
    if (changed) return { mark: 'changed' as RowMark, fields: changed.fields.map((f) => f.field) };
    if (gone.some((g) => sameLine(g, line))) return { mark: (side === 'from' ? 'removed' : 'added') as RowMark, fields: [] };
    return { mark: null, fields: [] };
  });
}

const MARK_TEXT: Readonly<Record<RowMark, string>> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

const shownValue = (change: FieldChange, value: FieldChange['from']) => (value === null || value === '' ? '—' : ['tax_rate', 'subtotal', 'discount_total', 'tax_amount', 'total_amount'].includes(change.field) ? formatIndian(String(value)) : String(value));

/** One side of the comparison: a revision's lines, each marked as the diff says. */
function Side({ quotation, revision, diff, side }: { quotation: QuotationView; revision: number; diff: QuotationDiff; side: 'from' | 'to' }) {
  const result = useRevision(quotation.id, revision);
  const failure = readFailure(result);
  if (failure) return <Failure text={failure} />;
  if (!result.data) return <Text color="fg.muted">Loading…</Text>;
  const marks = marksOf(result.data.items, diff, side);
  return (
    <Stack gap="2" data-side={side}>
      <Heading size="md">Revision {revision}</Heading>
      <ItemsTable
        lines={result.data.items}
        label={`Revision ${revision}`}
        marks={marks.map((m) => m.mark)}
        changed={marks.map((m) => m.fields)}
        extra={{ header: 'Change', cells: marks.map((m) => (m.mark ? `${MARK_TEXT[m.mark]}${m.fields.length ? `: ${m.fields.map(fieldLabel).join(', ')}` : ''}` : '')) }}
      />
      <Totals totals={result.data} />
    </Stack>
  );
}

/**
 * Two revisions side by side (GET {id}/compare/, domain/quotation-diff.ts): the lines removed,
 * added and changed are marked on their side, the header fields that changed are listed, and the
 * change of the total is given.
 */
export function Comparison({ quotation }: { quotation: QuotationView }) {
  const revisions = quotation.versions.map((v) => v.revision);
  const [from, setFrom] = useState(revisions.at(-2) ?? quotation.revision);
  const [to, setTo] = useState(quotation.revision);
  const result = useComparison(quotation.id, from, to);
  const failure = readFailure(result);
  const diff = result.data;
  return (
    <Stack gap="3">
      <Wrap gap="3" align="end">
        <RevisionSelect label="Compare revision" value={from} versions={quotation.versions} onChange={setFrom} />
        <RevisionSelect label="With revision" value={to} versions={quotation.versions} onChange={setTo} />
      </Wrap>
      {failure && <Failure text={failure} />}
      {diff && (
        <>
          <Text aria-label="Summary of changes">
            {quotationReference({ number: quotation.number, revision: diff.to })}: total changes by {formatIndian(diff.total_change)} from revision {diff.from}.
          </Text>
          {diff.header.length > 0 && (
            <List.Root ps="5" aria-label="Header changes">
              {diff.header.map((change) => (
                <List.Item key={change.field}>
                  {fieldLabel(change.field)}: {shownValue(change, change.from)} → {shownValue(change, change.to)}
                </List.Item>
              ))}
            </List.Root>
          )}
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <Box minW="0">
              <Side quotation={quotation} revision={diff.from} diff={diff} side="from" />
            </Box>
            <Box minW="0">
              <Side quotation={quotation} revision={diff.to} diff={diff} side="to" />
            </Box>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
