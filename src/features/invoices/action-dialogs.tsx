import { useState, type ReactNode } from 'react';
import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { z } from 'zod';
import { formatIndian } from '../../../domain/decimal';
import { displayDateInput } from '../../../domain/entity';
import { invoiceReasonSchema, invoiceSendSchema, type InvoiceReason, type InvoiceSend, type InvoiceView } from '../../../domain/invoice';
import { invoiceMarkPaidSchema, RECEIPT_MODES, type InvoiceMarkPaid } from '../../../domain/receipt';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { DATE_TYPING, SelectOptions } from '../../ui/form';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

/**
 * The dialogs of the invoice's steps that ask for more than a yes: cancel and void (a reason and
 * notes), send and remind (the addresses and a note), mark paid (how the money came). Each checks
 * what is typed with the step's schema of domain/ and keeps OK disabled until it passes; a 400's
 * field messages come back under their fields.
 */

/** What a submitted dialog hears back: null when the step was taken (the dialog closes), else the server's messages by field (the dialog stays). */
export type StepOutcome = Record<string, string> | null;

type Values = Record<string, string>;

/** The typed values checked by `schema` on every change; a field's message shows once it was changed (or the server named it). */
export function useDialogForm<S extends z.ZodType>(schema: S, initial: Values) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<Record<string, string>>({});
  const verdict = schema.safeParse(values);
  useUnsavedChanges(Object.keys(values).some((field) => values[field] !== initial[field]));
  const messageOf = (field: string) => {
    if (server[field]) return server[field];
    if (verdict.success || !touched.has(field)) return undefined;
    return verdict.error.issues.find((issue) => issue.path[0] === field)?.message;
  };
  const set = (field: string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    setServer(({ [field]: _, ...rest }) => rest);
  };
  return { values, verdict, messageOf, set, setServer };
}

export function DialogField({ label, message, helper, required, children }: { label: string; message: string | undefined; helper?: string; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={!!message} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

interface FrameProps<T> {
  title: string;
  message: string;
  okLabel: string;
  danger?: boolean;
  form: ReturnType<typeof useDialogForm>;
  onSubmit: (value: T) => Promise<StepOutcome>;
  onClose: () => void;
  children: ReactNode;
}

/** A step's dialog: a form whose OK (large, for a finger) waits for valid input and for the server. */
export function StepDialog<T>({ title, message, okLabel, danger = false, form, onSubmit, onClose, children }: FrameProps<T>) {
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.verdict.success || busy) return;
    setBusy(true);
    const outcome = await onSubmit(form.verdict.data as T);
    setBusy(false);
    if (outcome === null) onClose();
    else form.setServer(outcome);
  };
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && !busy && onClose()} role={danger ? 'alertdialog' : 'dialog'} size={{ base: 'full', md: 'md' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{message}</Text>
                  {children}
                  {form.messageOf('non_field_errors') && <Text color="fg.error">{form.messageOf('non_field_errors')}</Text>}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button size="lg" minH="11" variant="outline" onClick={onClose} disabled={busy}>
                  {danger ? 'Keep it' : 'Cancel'}
                </Button>
                <Button size="lg" minH="11" type="submit" colorPalette={danger ? 'red' : undefined} disabled={!form.verdict.success} loading={busy}>
                  {okLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const REASON_WORDS = {
  cancel: { title: 'Cancel', ok: 'Cancel invoice', message: 'Nothing is owed on it after; its number stays in the register.' },
  void: { title: 'Void', ok: 'Void invoice', message: 'The customer has it: it stays in the register as void, with nothing owed.' },
} as const;

/** Cancel or void: the reason is required (invoiceReasonSchema), notes are optional. */
export function ReasonDialog({ step, title, onSubmit, onClose }: { step: 'cancel' | 'void'; title: string; onSubmit: (why: InvoiceReason) => Promise<StepOutcome>; onClose: () => void }) {
  const form = useDialogForm(invoiceReasonSchema, { reason: '', notes: '' });
  const words = REASON_WORDS[step];
  return (
    <StepDialog title={`${words.title} ${title}?`} message={words.message} okLabel={words.ok} danger form={form} onSubmit={onSubmit} onClose={onClose}>
      <DialogField label="Reason" required message={form.messageOf('reason')}>
        <Input size="lg" autoFocus value={form.values.reason} maxLength={1000} onChange={(e) => form.set('reason')(e.target.value)} />
      </DialogField>
      <DialogField label="Notes" message={form.messageOf('notes')}>
        <Textarea value={form.values.notes} maxLength={2000} onChange={(e) => form.set('notes')(e.target.value)} />
      </DialogField>
    </StepDialog>
  );
}

/** Addresses as typed: separated by commas, semicolons or spaces. */
export const typedAddresses = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/** The send form: the addresses typed in one box, checked one by one as send/ checks them. */
const sendFormSchema = z.object({
  email_addresses: z.string().transform(typedAddresses).pipe(invoiceSendSchema.shape.email_addresses.unwrap()),
  notes: invoiceSendSchema.shape.notes,
});

const SEND_WORDS = {
  send: { title: 'Send', ok: 'Send', message: 'The invoice goes as a PDF to these addresses; an approved invoice is marked sent.' },
  reminder: { title: 'Remind the customer of', ok: 'Send reminder', message: 'A payment reminder goes with the invoice attached, saying how much is still owed and for how long.' },
} as const;

/** Send or remind: the addresses (the customer's address to begin with; none typed: the customer's) and a note for the mail. */
export function SendDialog({ step, title, customerEmail, onSubmit, onClose }: { step: 'send' | 'reminder'; title: string; customerEmail: string; onSubmit: (mail: InvoiceSend) => Promise<StepOutcome>; onClose: () => void }) {
  const form = useDialogForm(sendFormSchema, { email_addresses: customerEmail, notes: '' });
  const words = SEND_WORDS[step];
  return (
    <StepDialog title={`${words.title} ${title}`} message={words.message} okLabel={words.ok} form={form} onSubmit={onSubmit} onClose={onClose}>
      <DialogField label="E-mail addresses" helper="Separate several with commas. Left empty, it goes to the customer's address." message={form.messageOf('email_addresses')}>
        <Input size="lg" type="text" inputMode="email" autoFocus value={form.values.email_addresses} onChange={(e) => form.set('email_addresses')(e.target.value)} />
      </DialogField>
      <DialogField label="Notes" helper="Written above the invoice's text in the mail." message={form.messageOf('notes')}>
        <Textarea value={form.values.notes} maxLength={2000} onChange={(e) => form.set('notes')(e.target.value)} />
      </DialogField>
    </StepDialog>
  );
}

/** How the rest was received: the day typed DD-MM-YYYY, the mode and its reference (invoiceMarkPaidSchema). */
const markPaidFormSchema = z
  .object({ receipt_date: displayDateInput, mode: z.string(), reference: z.string(), remarks: z.string() })
  .transform((typed): InvoiceMarkPaid => ({ ...typed, receipt_date: typed.receipt_date ?? '', mode: typed.mode as InvoiceMarkPaid['mode'] }))
  .pipe(invoiceMarkPaidSchema);

/** Mark paid: what is outstanding (or `message` says what) recorded as received today (or the day typed), by the mode chosen. */
export function MarkPaidDialog({ invoice, title, message, onSubmit, onClose }: { invoice: InvoiceView; title: string; message?: string; onSubmit: (payment: InvoiceMarkPaid) => Promise<StepOutcome>; onClose: () => void }) {
  const form = useDialogForm(markPaidFormSchema, { receipt_date: formatDisplayDate(businessToday()), mode: 'bank_transfer', reference: '', remarks: '' });
  return (
    <StepDialog
      title={`Mark ${title} paid?`}
      message={message ?? `₹ ${formatIndian(invoice.outstanding_amount)} still owed by ${invoice.customer_name} is recorded as received, as one receipt against this invoice.`}
      okLabel="Mark paid"
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <DialogField label="Received on" required message={form.messageOf('receipt_date')}>
        <Input size="lg" {...DATE_TYPING} value={form.values.receipt_date} onChange={(e) => form.set('receipt_date')(e.target.value)} />
      </DialogField>
      <DialogField label="Mode" required message={form.messageOf('mode')}>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field value={form.values.mode} onChange={(e) => form.set('mode')(e.target.value)}>
            <SelectOptions blank={null} options={RECEIPT_MODES} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </DialogField>
      <DialogField label="Reference" helper="The cheque number or the transaction id (not needed for cash)." message={form.messageOf('reference')}>
        <Input size="lg" value={form.values.reference} maxLength={100} onChange={(e) => form.set('reference')(e.target.value)} />
      </DialogField>
      <DialogField label="Remarks" message={form.messageOf('remarks')}>
        <Textarea value={form.values.remarks} maxLength={1000} onChange={(e) => form.set('remarks')(e.target.value)} />
      </DialogField>
    </StepDialog>
  );
}
