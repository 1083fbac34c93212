import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { addressesOf } from '../../../domain/customer';
import { lpoActionRefusal, lpoCancelSchema, lpoCloseSchema, lpoSendSchema, type LpoAction, type LpoLine, type LpoView } from '../../../domain/lpo';
import type { Vendor } from '../../../domain/vendor';
import { materialUnitLabel } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';
import { useSession } from '../../data/session';
import { readFailure, refusedOffline, serverFailure } from '../../ui/connection';
import { DetailTitle, Facts, Failure, Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { approveLpo, cancelLpo, closeLpo, lpoQuery, removeLpoLine, sendLpo, useLpo } from './api';
import { LpoStatusBadge, lpoTitle } from './parts';

export const LPO_NOTICES = {
  approved: 'LPO approved.',
  sent: (to: readonly string[]) => `LPO sent to ${to.join(', ')}.`,
  closed: 'LPO closed short.',
  cancelled: 'LPO cancelled.',
  failed: 'The LPO was not changed',
  lineRemoved: (material: string) => `${material} taken off the LPO.`,
} as const;

/** The verdict of the send schema on the addresses typed: true, or its first message. */
function addressesVerdict(typed: string): string | true {
  const parsed = lpoSendSchema.safeParse({ email_addresses: addressesOf(typed) });
  return parsed.success || parsed.error.issues[0]!.message;
}

/** The verdict of a schema's remarks field on what was typed: true, or its first message. */
const remarksVerdict = (check: (typed: string) => { success: boolean; error?: { issues: { message: string }[] } }) => (typed: string) => {
  const parsed = check(typed);
  return parsed.success || parsed.error!.issues[0]!.message;
};

/**
 * The steps this user may take on the LPO in its status (lpoActionRefusal says which the state
 * machine allows): Approve, Send to vendor, Close short, Cancel. Each posts the version shown;
 * a refusal (above the threshold, the author approving, a stale version) shows the server's words.
 */
function LpoActions({ lpo }: { lpo: LpoView }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = (action: LpoAction) => lpoActionRefusal(action, lpo.status) === null;
  const mayWrite = can(user, 'lpos.write');
  const mayApprove = can(user, 'lpos.approve') || can(user, 'lpos.approve-above-threshold');
  const title = lpoTitle(lpo.id);

  const run = async (action: () => Promise<LpoView>, done: string) => {
    try {
      const view = await action();
      queryClient.setQueryData(lpoQuery(lpo.id).queryKey, view);
      void queryClient.invalidateQueries({ queryKey: ['lpos'] });
      notify({ type: 'positive', message: done });
      return view;
    } catch (error) {
      notify({ type: 'negative', message: LPO_NOTICES.failed, caption: serverFailure(error) });
      return undefined;
    }
  };

  const approve = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Approve ${title}?`, message: `${lpo.vendor_name}, ₹ ${formatIndian(lpo.total_amount)}. Once approved its lines cannot change.`, okLabel: 'Approve' });
    if (ok) await run(() => approveLpo(lpo), LPO_NOTICES.approved);
  };
  const send = async () => {
    if (refusedOffline()) return;
    const vendor = await mirror.rowsOf<Vendor>('vendors').get(lpo.vendor);
    const typed = await openDialog({
      title: `Send ${title} to ${lpo.vendor_name}?`,
      message: 'The LPO’s PDF is mailed to these addresses and the LPO is marked sent.',
      okLabel: 'Send',
      prompt: { label: 'E-mail addresses', initial: vendor?.email ?? '', validate: addressesVerdict },
    });
    if (typed === false) return;
    const to = addressesOf(typed);
    await run(() => sendLpo(lpo, to), LPO_NOTICES.sent(to));
  };
  const close = async () => {
    if (refusedOffline()) return;
    const remarks = await openDialog({
      title: `Close ${title} short?`,
      message: 'What has not come yet will not be received against it.',
      okLabel: 'Close short',
      prompt: { label: 'Why the rest will not come', validate: remarksVerdict((remarks) => lpoCloseSchema.safeParse({ remarks })) },
    });
    if (remarks !== false) await run(() => closeLpo(lpo, remarks.trim()), LPO_NOTICES.closed);
  };
  const cancel = async () => {
    if (refusedOffline()) return;
    const remarks = await openDialog({
      title: `Cancel ${title}?`,
      message: 'It moves to the cancelled LPOs.',
      okLabel: 'Cancel LPO',
      cancelLabel: 'Keep it',
      type: 'negative',
      prompt: { label: 'Cancellation remarks', validate: remarksVerdict((cancellation_remarks) => lpoCancelSchema.safeParse({ cancellation_remarks })) },
    });
    if (remarks !== false && (await run(() => cancelLpo(lpo, remarks.trim()), LPO_NOTICES.cancelled))) navigate(pathOf('lpos-cancelled'));
  };

  const buttons = [
    mayApprove && allowed('approve') && { label: 'Approve', onClick: approve },
    mayWrite && allowed('send') && { label: lpo.status === 'sent' ? 'Send again' : 'Send to vendor', onClick: send },
    mayWrite && allowed('close') && { label: 'Close short', onClick: close },
    mayWrite && allowed('cancel') && { label: 'Cancel LPO', onClick: cancel, danger: true },
  ].filter((b) => b !== false);
  if (!buttons.length) return null;
  return (
    <Wrap gap="3" role="group" aria-label="LPO actions">
      {buttons.map((b) => (
        <Button key={b.label} size="lg" minH="11" variant={'danger' in b ? 'outline' : 'solid'} colorPalette={'danger' in b ? 'red' : undefined} onClick={() => void b.onClick()}>
          {b.label}
        </Button>
      ))}
    </Wrap>
  );
}

const quantity = (value: string) => formatIndian(value, QUANTITY_PLACES);

/** A draft's line taken off, after asking; the server refuses the last line (cancel the LPO instead) in its words. */
function RemoveLine({ lpo, line }: { lpo: LpoView; line: LpoLine }) {
  const queryClient = useQueryClient();
  const remove = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Take ${line.material_name} off ${lpoTitle(lpo.id)}?`, message: 'The LPO total goes down by its amount.', okLabel: 'Take off', cancelLabel: 'Keep it', type: 'negative' });
    if (!ok) return;
    try {
      await removeLpoLine(line);
      await queryClient.invalidateQueries({ queryKey: ['lpos'] });
      notify({ type: 'positive', message: LPO_NOTICES.lineRemoved(line.material_name) });
    } catch (error) {
      notify({ type: 'negative', message: LPO_NOTICES.failed, caption: serverFailure(error) });
    }
  };
  return (
    <Button size="lg" minH="11" variant="outline" colorPalette="red" onClick={() => void remove()}>
      Remove {line.material_name}
    </Button>
  );
}

function LpoBody({ lpo }: { lpo: LpoView }) {
  const { user } = useSession();
  const editable = can(user, 'lpos.write') && lpoActionRefusal('edit', lpo.status) === null;
  const facts: [string, string][] = [
    ['Vendor', lpo.vendor_name],
    ['LPO date', formatDisplayDate(lpo.lpo_date)],
    ['Expected by', lpo.expected_date ? formatDisplayDate(lpo.expected_date) : '—'],
    ['Created by', lpo.created_by_name],
    ['Approved by', lpo.approved_by ? `${lpo.approved_by_name}${lpo.approved_at ? `, ${formatDisplayDate(lpo.approved_at)}` : ''}` : 'Not yet approved'],
    ['Total', `₹ ${formatIndian(lpo.total_amount)}`],
  ];
  if (lpo.requisition) facts.push(['Requisition', String(lpo.requisition)]);
  if (lpo.sent_at) facts.push(['Sent to vendor', formatDisplayDate(lpo.sent_at)]);
  if (lpo.remarks) facts.push(['Remarks', lpo.remarks]);
  if (lpo.close_remarks) facts.push(['Closed short because', lpo.close_remarks]);
  if (lpo.cancellation_remarks) facts.push(['Cancellation remarks', lpo.cancellation_remarks]);
  return (
    <>
      <Facts facts={facts} />
      <LpoActions lpo={lpo} />
      <Section title="Materials">
        <SimpleTable
          label="LPO lines"
          headers={['Material', 'Quantity', 'Received', 'Rate (₹)', 'Amount (₹)', ...(editable ? ['Change'] : [])]}
          numeric={[1, 2, 3, 4]}
          empty="No materials."
          rows={lpo.lpo_items.map((line) => [
            line.material_name,
            `${quantity(line.quantity)} ${materialUnitLabel(line.material_unit)}`,
            quantity(line.quantity_received),
            formatIndian(line.rate),
            formatIndian(line.amount),
            ...(editable ? [<RemoveLine key="remove" lpo={lpo} line={line} />] : []),
          ])}
        />
        <Text fontWeight="semibold" textAlign="end">
          Total ₹ {formatIndian(lpo.total_amount)}
        </Text>
      </Section>
    </>
  );
}

/** lpo-detail: the LPO as the server has it, its lines and the steps its status allows this user. */
export default function LpoDetailScreen() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const result = useLpo(id);
  const failure = readFailure(result);
  const lpo = result.data;
  return (
    <Stack gap="4" maxW="6xl">
      <DetailTitle title={lpoTitle(id)}>
        {lpo && <LpoStatusBadge status={lpo.status} />}
        <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('lpos-home'))}>
          All LPOs
        </Button>
      </DetailTitle>
      {lpo && <LpoBody lpo={lpo} />}
      {!lpo && failure && <Failure text={failure} />}
      {!lpo && !failure && <Text color="fg.muted">Loading…</Text>}
    </Stack>
  );
}
