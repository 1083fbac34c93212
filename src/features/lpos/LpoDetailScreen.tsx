import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { addressesOf } from '../../../domain/customer';
import { lpoActionRefusal, lpoCancelSchema, lpoCloseSchema, lpoItemUpdateSchema, lpoSendSchema, type LpoAction, type LpoLine, type LpoView } from '../../../domain/lpo';
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
import { downloadFromApi } from '../../ui/download';
import { FormActions, FormStack } from '../../ui/form';
import { notify } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { approveLpo, cancelLpo, changeLpoLine, closeLpo, lpoQuery, removeLpoLine, sendLpo, useLpo } from './api';
import { LpoLineFields, LpoStatusBadge, LpoTotalsLine, lpoTitle, optionalDate } from './parts';

export const LPO_NOTICES = {
  approved: 'LPO approved.',
  sent: (to: readonly string[]) => `LPO sent to ${to.join(', ')}.`,
  closed: 'LPO closed short.',
  cancelled: 'LPO cancelled.',
  failed: 'The LPO was not changed',
  lineRemoved: (material: string) => `${material} taken off the LPO.`,
  lineChanged: (material: string) => `${material} changed.`,
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
    <Button size="lg" minH="11" variant="outline" colorPalette="red" aria-label={`Remove ${line.material_name}`} onClick={() => void remove()}>
      Remove
    </Button>
  );
}

type LineChangeInput = z.input<typeof lpoItemUpdateSchema>;
type LineChange = z.output<typeof lpoItemUpdateSchema>;
const LINE_FIELDS = ['quantity', 'rate', 'tax_rate', 'expected_date'] as const;

/**
 * A draft's line changed (PUT item-details/{id}/ at the line's version): its quantity, rate, GST %
 * and its own expected date. The server's 400s (an expected date before the LPO date) show on
 * their fields, anything else above the buttons.
 */
function LineEditor({ line, onDone }: { line: LpoLine; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, setError, setFocus } = useForm<LineChangeInput, unknown, LineChange>({
    resolver: zodResolver(lpoItemUpdateSchema),
    defaultValues: { quantity: line.quantity, rate: line.rate, tax_rate: line.tax_rate, expected_date: line.expected_date },
  });
  const [problem, setProblem] = useState<string | null>(null);
  // The form opens below the lines: focusing its first field brings it into view.
  useEffect(() => setFocus('quantity'), [setFocus]);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (changes) => {
    if (refusedOffline()) return;
    setProblem(null);
    try {
      await changeLpoLine(line, changes);
      await queryClient.invalidateQueries({ queryKey: ['lpos'] });
      notify({ type: 'positive', message: LPO_NOTICES.lineChanged(line.material_name) });
      onDone();
    } catch (error) {
      setProblem(applyServerErrors(error, setError, LINE_FIELDS));
    }
  });
  return (
    <FormStack onSubmit={onSubmit} aria-label={`Change ${line.material_name}`} borderTopWidth="1px" pt="3">
      <Text fontWeight="semibold">Change {line.material_name}</Text>
      <HStack gap="3" align="flex-start" wrap="wrap">
        <LpoLineFields
          name={line.material_name}
          registrations={{ quantity: register('quantity'), rate: register('rate'), tax_rate: register('tax_rate'), expected_date: register('expected_date', optionalDate) }}
          errors={{ quantity: errors.quantity, rate: errors.rate, tax_rate: errors.tax_rate, expected_date: errors.expected_date }}
        />
      </HStack>
      {problem && <Failure text={problem} />}
      <FormActions save="Save line" saving={formState.isSubmitting} onCancel={onDone} />
    </FormStack>
  );
}

/** What a draft's line offers: change it, or take it off (short words: the row names the material). */
function LineChanges({ lpo, line, onChange }: { lpo: LpoView; line: LpoLine; onChange: () => void }) {
  return (
    <Wrap gap="2" justify="flex-end">
      <Button size="lg" minH="11" variant="outline" aria-label={`Change ${line.material_name}`} onClick={onChange}>
        Change
      </Button>
      <RemoveLine lpo={lpo} line={line} />
    </Wrap>
  );
}

function LpoBody({ lpo }: { lpo: LpoView }) {
  const { user } = useSession();
  const editable = can(user, 'lpos.write') && lpoActionRefusal('edit', lpo.status) === null;
  const [changing, setChanging] = useState<number | null>(null);
  const changed = editable ? lpo.lpo_items.find((line) => line.id === changing) : undefined;
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
          headers={['Material', 'Quantity', 'Received', 'Rate (₹)', 'GST %', 'Expected by', 'Amount (₹)', ...(editable ? ['Change'] : [])]}
          numeric={[1, 2, 3, 4, 6]}
          empty="No materials."
          rows={lpo.lpo_items.map((line) => [
            line.material_name,
            `${quantity(line.quantity)} ${materialUnitLabel(line.material_unit)}`,
            quantity(line.quantity_received),
            formatIndian(line.rate),
            formatIndian(line.tax_rate),
            // A line without its own date is due with the LPO.
            formatDisplayDate(line.expected_date ?? lpo.expected_date) || '—',
            formatIndian(line.amount),
            ...(editable ? [<LineChanges key="change" lpo={lpo} line={line} onChange={() => setChanging(line.id)} />] : []),
          ])}
        />
        {changed && <LineEditor key={changed.id} line={changed} onDone={() => setChanging(null)} />}
        <LpoTotalsLine totals={lpo} />
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
        {lpo && (
          <Button size="lg" minH="11" variant="outline" onClick={() => void downloadFromApi(API.lpos.pdf(lpo.id), {}, `LPO-${lpo.id}.pdf`)}>
            Download PDF
          </Button>
        )}
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
