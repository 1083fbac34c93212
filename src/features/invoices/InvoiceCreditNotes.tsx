import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Text } from '@chakra-ui/react';
import { API } from '../../../domain/api-paths';
import { CREDIT_NOTE_STATUSES, creditNoteActionRefusal, type CreditNoteView } from '../../../domain/credit-note';
import { formatIndian } from '../../../domain/decimal';
import { isMaker, ownApprovalMessage } from '../../../domain/duty-rules';
import type { InvoiceView } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { formatDisplayDate } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import { api } from '../../data/api';
import { readFailure, refusedOffline, serverFailure } from '../../ui/connection';
import { Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';

export const CREDIT_NOTE_NOTICES = {
  approved: (number: string | null) => `Credit note approved as ${number ?? 'the next number'}.`,
  approveFailed: 'Failed to approve credit note',
} as const;

/** An invoice's credit notes (decision 330), newest first. */
const creditNotesKey = (invoice: number) => ['invoices', invoice, 'credit-notes'] as const;
const useCreditNotes = (invoice: number) =>
  useQuery({
    queryKey: creditNotesKey(invoice),
    queryFn: async () => (await api.get<{ count: number; results: CreditNoteView[] }>(API.invoices.creditNotes.list, { params: { invoice, page_size: 100 } })).data.results,
    enabled: invoice > 0,
  });

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
      const approved = (await api.post<CreditNoteView>(API.invoices.creditNotes.approve(note.id), { expected_version: note.version })).data;
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      notify({ type: 'positive', message: CREDIT_NOTE_NOTICES.approved(approved.credit_note_number) });
    } catch (error) {
      notify({ type: 'negative', message: CREDIT_NOTE_NOTICES.approveFailed, caption: serverFailure(error) });
    }
  };
  return (
    <Button size="xs" onClick={() => void approve()}>
      Approve
    </Button>
  );
}

/** The credit notes section of an invoice: number (a draft has none yet), date, reason, amount, status and the approve step. */
export default function InvoiceCreditNotes({ invoice, user }: { invoice: Pick<InvoiceView, 'id'>; user: User | null }) {
  const notes = useCreditNotes(invoice.id);
  const failure = readFailure(notes);
  return (
    <Section title="Credit notes">
      {notes.data ? (
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
            <ApproveNote key={note.id} note={note} user={user} />,
          ])}
        />
      ) : (
        <Text color="fg.muted">{failure ?? 'Loading…'}</Text>
      )}
    </Section>
  );
}
