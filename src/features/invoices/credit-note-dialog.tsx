import { Input, Table, Text, Textarea } from '@chakra-ui/react';
import { z } from 'zod';
import { creditNoteCreateSchema, quantityLeftToCredit, type CreditNoteCreate, type CreditNoteView } from '../../../domain/credit-note';
import { decimalInput, displayDateInput } from '../../../domain/entity';
import { formatIndian, QUANTITY_PLACES, sign } from '../../../domain/decimal';
import { INVOICE_UNITS, type InvoiceView } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { DATE_TYPING } from '../../ui/form';
import { DialogField, StepDialog, useDialogForm, type StepOutcome } from './action-dialogs';

/** The form's field of an invoice line's quantity to take back. */
const lineField = (line: number) => `line.${line}`;

/** A quantity typed: empty or 0 takes nothing back of the line. */
const typedQuantity = z.preprocess((typed) => (typeof typed === 'string' && typed.trim() === '' ? '0' : typed), decimalInput({ digits: 14, scale: 3, min: 0 }));

/** The typed date, reason and quantities as POST credit-notes/ takes them: the lines with a quantity above 0. */
function creditFormSchema(invoice: Pick<InvoiceView, 'id' | 'items'>) {
  const quantities = Object.fromEntries(invoice.items.map((line) => [lineField(line.id), typedQuantity]));
  return z
    .object({ credit_note_date: displayDateInput, reason: z.string(), ...quantities })
    .transform(
      (typed): CreditNoteCreate => ({
        invoice: invoice.id,
        ...(typed.credit_note_date ? { credit_note_date: typed.credit_note_date } : {}),
        reason: typed.reason,
        items: invoice.items.flatMap((line) => {
          const quantity = (typed as Record<string, string>)[lineField(line.id)]!;
          return sign(quantity) > 0 ? [{ invoice_item: line.id, quantity }] : [];
        }),
      }),
    )
    .pipe(creditNoteCreateSchema);
}

/** The server's messages of the posted lines (items.{k}…) put under the invoice lines they name. */
function underLines(outcome: StepOutcome, posted: CreditNoteCreate): StepOutcome {
  if (outcome === null) return null;
  return Object.fromEntries(
    Object.entries(outcome).map(([field, message]) => {
      const k = /^items\.(\d+)/.exec(field)?.[1];
      const line = k === undefined ? undefined : posted.items[Number(k)]?.invoice_item;
      return [line === undefined ? field : lineField(line), message];
    }),
  );
}

/**
 * Raise a credit note (decision 330): its date and reason, and of each invoice line the quantity
 * to take back, to begin with what the earlier credit notes left of it. The server works out the
 * GST and the totals and checks nothing is credited twice.
 */
export function CreditNoteDialog({ invoice, notes, title, onSubmit, onClose }: { invoice: InvoiceView; notes: readonly CreditNoteView[]; title: string; onSubmit: (note: CreditNoteCreate) => Promise<StepOutcome>; onClose: () => void }) {
  const earlier = notes.flatMap((note) => note.items);
  const left = new Map(invoice.items.map((line) => [line.id, quantityLeftToCredit(line, earlier)]));
  const form = useDialogForm(creditFormSchema(invoice), {
    credit_note_date: formatDisplayDate(businessToday()),
    reason: '',
    ...Object.fromEntries(invoice.items.map((line) => [lineField(line.id), left.get(line.id)!])),
  });
  return (
    <StepDialog
      title={`Raise a credit note against ${title}`}
      message="Goods returned or a price corrected: the quantities taken back start as what is left to credit of each line. The credit note is a draft until another approver approves it."
      okLabel="Raise credit note"
      form={form}
      onSubmit={(note: CreditNoteCreate) => onSubmit(note).then((outcome) => underLines(outcome, note))}
      onClose={onClose}
    >
      <DialogField label="Credit note date" required message={form.messageOf('credit_note_date')}>
        <Input size="lg" {...DATE_TYPING} value={form.values.credit_note_date} onChange={(e) => form.set('credit_note_date')(e.target.value)} />
      </DialogField>
      <DialogField label="Reason" required message={form.messageOf('reason')}>
        <Textarea autoFocus value={form.values.reason} maxLength={1000} onChange={(e) => form.set('reason')(e.target.value)} />
      </DialogField>
      <Table.Root size="sm" aria-label="Lines to take back">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Line</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Left to credit</Table.ColumnHeader>
            <Table.ColumnHeader>Take back</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoice.items.map((line) => {
            const field = lineField(line.id);
            return (
              <Table.Row key={line.id}>
                <Table.Cell>{line.description}</Table.Cell>
                <Table.Cell textAlign="end">{`${formatIndian(left.get(line.id)!, QUANTITY_PLACES)} ${labelOf(INVOICE_UNITS, line.unit)}`}</Table.Cell>
                <Table.Cell minW="32">
                  <DialogField label={`Quantity of ${line.description}`} message={form.messageOf(field)}>
                    <Input size="lg" inputMode="decimal" value={form.values[field]} onChange={(e) => form.set(field)(e.target.value)} />
                  </DialogField>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {!form.verdict.success && form.verdict.error.issues.some((issue) => issue.path[0] === 'items' && issue.path.length === 1) && <Text color="fg.muted">Take back some of at least one line.</Text>}
    </StepDialog>
  );
}
