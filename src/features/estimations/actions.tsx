import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Wrap } from '@chakra-ui/react';
import { EDITABLE_ESTIMATION_STATUSES, estimationQuotationSchema, estimationRejectSchema } from '../../../domain/estimation';
import type { EstimationView } from '../../../domain/estimation';
import { isMaker } from '../../../domain/duty-rules';
import { QUOTATION_MESSAGES } from '../../../domain/quotation';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { useSession } from '../../data/session';
import { refusedOffline, serverFailure } from '../../ui/connection';
import { openDialog } from '../../ui/dialog';
import { useMonarchEntities } from '../../ui/monarch-entities';
import { notify } from '../../ui/notify';
import { approveEstimation, cancelEstimation, estimationQuery, quoteEstimation, rejectEstimation, submitEstimation } from './api';

/** What the estimation's steps tell the user; a failure carries the server's reason below. */
export const ESTIMATION_NOTICES = {
  submitted: 'Estimation sent for approval.',
  approved: 'Estimation approved.',
  rejected: 'Estimation rejected: it is back in costing.',
  quoted: 'Quotation made from the estimation.',
  cancelled: 'Estimation cancelled.',
  failed: 'The estimation was not changed',
  savesWaiting: 'Costing changes on this device are still being sent: submit once they reach the server, so the costing approved is the one you saved.',
} as const;

/** The verdict of a schema on one typed field: true, or its first message. */
const verdict = (parsed: { success: boolean; error?: { issues: { message: string }[] } }) => parsed.success || parsed.error!.issues[0]!.message;

/**
 * The steps the estimation's status allows the signed-in user (issue 21 §2): Submit a costing
 * (in costing or rejected, estimations.write), Approve or Reject it (waiting, estimations.approve,
 * never its author: the duty rule `estimation`), make a quotation of an approved one with a margin
 * (estimations.quote), and Cancel. Each needs the server; a submission also waits for the
 * costing saves still on the device (`pending`), or it would send an older costing for approval.
 */
export function EstimationActions({ estimation, pending }: { estimation: EstimationView; pending: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = estimation.status;
  const writer = can(user, 'estimations.write');
  const maySubmit = writer && (EDITABLE_ESTIMATION_STATUSES as readonly string[]).includes(status) && estimation.products.length > 0;
  const mayDecide = status === 'submitted' && can(user, 'estimations.approve') && !isMaker('estimation', estimation, user);
  const mayQuote = status === 'approved' && can(user, 'estimations.quote');
  const entities = useMonarchEntities(mayQuote);
  const mayCancel = writer && status !== 'quoted';
  const reference = `EST-${estimation.id}`;

  const run = async (action: () => Promise<EstimationView | void>, done: string) => {
    try {
      const view = await action();
      if (view) queryClient.setQueryData(estimationQuery(estimation.id).queryKey, view);
      void queryClient.invalidateQueries({ queryKey: ['estimations'] });
      notify({ type: 'positive', message: done });
      return true;
    } catch (error) {
      notify({ type: 'negative', message: ESTIMATION_NOTICES.failed, caption: serverFailure(error) });
      return false;
    }
  };

  const submit = async () => {
    if (refusedOffline()) return;
    if (pending) {
      notify({ type: 'warning', message: ESTIMATION_NOTICES.savesWaiting });
      return;
    }
    const ok = await openDialog({ title: `Submit estimation ${reference}?`, message: 'The costing goes to a costing manager for approval and is kept as a version.', okLabel: 'Submit' });
    if (ok) await run(() => submitEstimation(estimation), ESTIMATION_NOTICES.submitted);
  };
  const approve = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Approve estimation ${reference}?`, message: 'The costing is kept as approved and may then become a quotation.', okLabel: 'Approve' });
    if (ok) await run(() => approveEstimation(estimation), ESTIMATION_NOTICES.approved);
  };
  const reject = async () => {
    if (refusedOffline()) return;
    const reason = await openDialog({
      title: `Reject estimation ${reference}?`,
      message: 'It goes back to costing; the designer sees why.',
      okLabel: 'Reject',
      type: 'negative',
      prompt: { label: 'Reason', validate: (value) => verdict(estimationRejectSchema.safeParse({ reason: value })) },
    });
    if (reason !== false) await run(() => rejectEstimation(estimation, { reason: reason.trim() }), ESTIMATION_NOTICES.rejected);
  };
  const quote = async () => {
    if (refusedOffline()) return;
    const margin = await openDialog({
      title: `Make a quotation from estimation ${reference}?`,
      message: 'Each product becomes a line of a draft quotation at its unit price plus the margin.',
      okLabel: 'Make quotation',
      prompt: { label: 'Margin %', initial: '0', validate: (value) => verdict(estimationQuotationSchema.safeParse({ margin_percent: value.trim() })) },
    });
    if (margin === false) return;
    // Once the company has named its issuing entities, the quotation must name one (decision 217).
    const named = entities.data ?? [];
    const entity = named.length
      ? await openDialog({
          title: `Which entity issues the quotation of ${reference}?`,
          message: 'The quotation is made out in the name of the company entity chosen.',
          okLabel: 'Make quotation',
          prompt: { label: 'Monarch entity', choices: named.map((name) => ({ value: name, label: name })), validate: (value) => value !== '' || QUOTATION_MESSAGES.monarchEntityRequired },
        })
      : '';
    if (entity === false) return;
    try {
      const quotation = await quoteEstimation(estimation, { margin_percent: margin.trim(), ...(entity && { monarch_entity: entity }) });
      void queryClient.invalidateQueries({ queryKey: ['estimations'] });
      notify({ type: 'positive', message: ESTIMATION_NOTICES.quoted });
      navigate(pathOf('quotation-detail', { id: quotation }));
    } catch (error) {
      notify({ type: 'negative', message: ESTIMATION_NOTICES.failed, caption: serverFailure(error) });
    }
  };
  const cancel = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Cancel estimation ${reference}?`, message: 'It moves to the cancelled estimations.', okLabel: 'Cancel estimation', cancelLabel: 'Keep it', type: 'negative' });
    if (ok && (await run(() => cancelEstimation(estimation), ESTIMATION_NOTICES.cancelled))) navigate(pathOf('estimations-cancelled'));
  };

  if (!maySubmit && !mayDecide && !mayQuote && !mayCancel) return null;
  return (
    <Wrap gap="3" role="group" aria-label="Estimation actions">
      {maySubmit && (
        <Button size="lg" minH="11" colorPalette="teal" onClick={() => void submit()}>
          Submit for approval
        </Button>
      )}
      {mayDecide && (
        <>
          <Button size="lg" minH="11" colorPalette="green" onClick={() => void approve()}>
            Approve
          </Button>
          <Button size="lg" minH="11" variant="outline" colorPalette="red" onClick={() => void reject()}>
            Reject
          </Button>
        </>
      )}
      {mayQuote && (
        <Button size="lg" minH="11" colorPalette="teal" onClick={() => void quote()}>
          Make quotation
        </Button>
      )}
      {mayCancel && (
        <Button size="lg" minH="11" variant="outline" colorPalette="red" onClick={() => void cancel()}>
          Cancel estimation
        </Button>
      )}
    </Wrap>
  );
}
