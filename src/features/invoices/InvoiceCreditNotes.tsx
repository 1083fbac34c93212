import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { CREDIT_NOTE_STATUSES, CREDITABLE_INVOICE_STATUSES, creditNoteActionRefusal, type CreditNoteView } from '../../../domain/credit-note';
import { formatIndian } from '../../../domain/decimal';
import { isMaker, ownApprovalMessage } from '../../../domain/duty-rules';
import type { InvoiceView } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { isIntraState } from '../../../domain/totals';
import type { User } from '../../../domain/user';
import { readFailure, refusedOffline, serverFailure } from '../../ui/connection';
import { Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { approveCreditNote, createCreditNote, deleteCreditNote, INVOICE_FAILURES, useCreditNotes } from './api';
import { CreditNoteDialog } from './credit-note-dialog';
import { invoiceTitle, TaxSummary } from './parts';
import { takeStep } from './steps';

export const CREDIT_NOTE_NOTICES = {
  approved: (number: string | null) => `Credit note approved as ${number ?? 'the next number'}.`,
  approveFailed: 'Failed to approve credit note',
  raised: 'Credit note raised as a draft: another approver approves it.',
  deleted: 'Draft credit note deleted.',
} as const;

/** The approve step of a draft note: another user holding invoices.approve; its maker reads why not. */
function ApproveNote({ note, user }: { note: CreditNoteView; user: User | null }) {
  const queryClient = useQueryClient();
  if (creditNoteActionRefusal('approve', note.status) !== null || !can(user, 'invoices.approve')) return null;
  if (isMaker('credit-note', note, user)) return <Text color="fg.muted">{ownApprovalMessage('credit-note')}</Text>;
  const approve = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: 'Approve the credit note?', message: `₹ ${formatIndian(note.total_amount)} against ${note.invoice_number ?? 'the invoice'}. It gets the next credit note number and lowers what the customer owes.`, okLabel: 'Approve' });
    if (!ok) return;
    try {
      const approved = await approveCreditNote(note);
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      notify({ type: 'positive', message: CREDIT_NOTE_NOTICES.approved(approved.credit_note_number) });
    } catch (error) {
      notify({ type: 'negative', message: CREDIT_NOTE_NOTICES.approveFailed, caption: serverFailure(error) });
    }
  };
  return (
    <Button size="sm" minH="11" onClick={() => void approve()}>
      Approve
    </Button>
  );
}

/** The delete step of a draft note (an approved one stays in the register), for invoices.write. */
function DeleteNote({ note, user }: { note: CreditNoteView; user: User | null }) {
  const queryClient = useQueryClient();
  if (creditNoteActionRefusal('delete', note.status) !== null || !can(user, 'invoices.write')) return null;
  const remove = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: 'Delete the draft credit note?', message: `₹ ${formatIndian(note.total_amount)}: ${note.reason}. It has no number yet.`, okLabel: 'Delete draft', cancelLabel: 'Keep it', type: 'negative' });
    if (ok) await takeStep(queryClient, note.invoice, () => deleteCreditNote(note), INVOICE_FAILURES.deleteCreditNote, () => CREDIT_NOTE_NOTICES.deleted);
  };
  return (
    <Button size="sm" minH="11" variant="outline" colorPalette="red" onClick={() => void remove()}>
      Delete
    </Button>
  );
}

/**
 * The credit notes section of an invoice: number (a draft has none yet), date, reason, amount,
 * status and the approve and delete steps; on an issued invoice that may be credited, Raise credit
 * note, after which the totals the server worked out for the new note show.
 */
export default function InvoiceCreditNotes({ invoice, user }: { invoice: InvoiceView; user: User | null }) {
  const queryClient = useQueryClient();
  const notes = useCreditNotes(invoice.id);
  const failure = readFailure(notes);
  const [raising, setRaising] = useState(false);
  const [raised, setRaised] = useState<CreditNoteView | null>(null);
  const mayRaise = can(user, 'invoices.write') && CREDITABLE_INVOICE_STATUSES.includes(invoice.status);
  const raise = () => {
    if (!refusedOffline()) setRaising(true);
  };
  return (
    <Section title="Credit notes">
      {notes.data ? (
        <Stack gap="3">
          <SimpleTable
            label="Credit notes"
            headers={['Number', 'Date', 'Reason', 'Amount', 'Status', '']}
            numeric={[3]}
            empty="No credit notes."
            rows={notes.data.map((note) => [
              note.credit_note_number ?? 'Draft',
              formatDisplayDate(note.credit_note_date),
              note.reason,
              `₹ ${formatIndian(note.total_amount)}`,
              labelOf(CREDIT_NOTE_STATUSES, note.status),
              <HStack key={note.id} gap="2" wrap="wrap">
                <ApproveNote note={note} user={user} />
                <DeleteNote note={note} user={user} />
              </HStack>,
            ])}
          />
          {raised && (
            <Stack gap="1">
              <Text fontWeight="semibold">The credit note raised, as the server worked it out:</Text>
              <TaxSummary totals={raised} intraState={isIntraState(raised.company_state, raised.customer_state)} label="Credit note totals" />
            </Stack>
          )}
          {mayRaise && (
            <Button alignSelf="start" size="lg" minH="11" variant="outline" onClick={raise}>
              Raise credit note
            </Button>
          )}
        </Stack>
      ) : (
        <Text color="fg.muted">{failure ?? 'Loading…'}</Text>
      )}
      {raising && notes.data && (
        <CreditNoteDialog
          invoice={invoice}
          notes={notes.data}
          title={invoiceTitle(invoice)}
          onClose={() => setRaising(false)}
          onSubmit={(note) =>
            takeStep(queryClient, invoice.id, () => createCreditNote(note), INVOICE_FAILURES.creditNote, (created) => {
              setRaised(created);
              return CREDIT_NOTE_NOTICES.raised;
            })
          }
        />
      )}
    </Section>
  );
}
