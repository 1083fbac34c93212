import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES, sum } from '../../../domain/decimal';
import { graCancelSchema, graItemUpdateSchema, type GraView } from '../../../domain/gra';
import { materialUnitLabel } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';
import type { MirrorRow } from '../../data/mirror/db';
import type { LocalGra } from '../../data/operations';
import { serverIdOf, usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { readFailure, refusedOffline, serverFailure, withConnection } from '../../ui/connection';
import { DetailTitle, Facts, Failure, Notice, notOnDevice, Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { FormStack } from '../../ui/form';
import { notify } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { cancelGra, correctGraLine, removeGraLine, useServerGra } from './api';
import { graTitle, lpoTitle, useGra, type GraDetailLine } from './data';

export const GRA_CANCELLED = 'GRA cancelled. Its goods have left stock again.';
export const GRA_LINE_NOTICES = {
  corrected: (material: string) => `${material} corrected. Stock follows what is now accepted.`,
  removed: (material: string) => `${material} taken off the GRA. What it accepted has left stock.`,
  failed: 'The line was not changed',
} as const;

/** After a cancellation: what the receipts touched loads again. */
const TOUCHED = ['gras', 'graItems', 'materials', 'lpoItems'] as const;

/**
 * Cancels a GRA with the reason the user gives. Online only: the server reverses the receipts and
 * refuses (with its words) when the goods were already issued onward.
 */
async function cancel(gra: LocalGra): Promise<boolean> {
  if (refusedOffline()) return false;
  const reason = await openDialog({
    title: `Cancel ${graTitle(gra.id)}?`,
    message: 'Its receipts are reversed: what it accepted leaves stock, and its LPO expects the goods again.',
    okLabel: 'Cancel GRA',
    cancelLabel: 'Back',
    type: 'negative',
    prompt: { label: 'Reason', validate: (v) => graCancelSchema.safeParse({ cancellation_remarks: v }).error?.issues[0]?.message ?? true },
  });
  if (reason === false) return false;
  const answer = await withConnection(() => cancelGra(gra.id, reason.trim(), gra.version));
  if (!answer) return false;
  const { gra_items: _, lpo_date: _d, ...row } = answer as GraView;
  await mirror.rows('gras').put(row as unknown as MirrorRow);
  notify({ type: 'positive', message: GRA_CANCELLED });
  void reloadData(TOUCHED);
  return true;
}

/** A mirrored line the server can change: it has an id and a version. */
type ServerLine = GraDetailLine & { id: number; version?: number };

/** After a line's correction or removal: the line as the server answered, and what it touched loads again. */
async function afterLineChange(row: unknown, refresh: () => Promise<void>) {
  await mirror.rows('graItems').put(row as MirrorRow);
  await refresh();
  void reloadData(TOUCHED);
}

/** The refresh of what a change of a GRA moves that the screens read from the server (the LPOs, a GRA read from there). */
function useServerRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['gras'] }), queryClient.invalidateQueries({ queryKey: ['lpos'] })]);
  };
}

interface Typed {
  quantity_received: string;
  quantity_accepted: string;
}
const FIELDS = ['quantity_received', 'quantity_accepted'] as const;

/**
 * A line's received and accepted quantities corrected (PATCH gra_items/{id}/ at the line's
 * version). The schema's messages and the server's (over-receipt beyond the tolerance, stock
 * already issued onward) show on the field they concern, the others as the notice's caption.
 */
function CorrectLine({ line, onDone }: { line: ServerLine; onDone: () => void }) {
  const refresh = useServerRefresh();
  const [typed, setTyped] = useState<Typed>({ quantity_received: line.quantity_received, quantity_accepted: line.quantity_accepted });
  const [errors, setErrors] = useState<Partial<Record<keyof Typed, string>>>({});
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(typed.quantity_received !== line.quantity_received || typed.quantity_accepted !== line.quantity_accepted);
  const save = async () => {
    if (refusedOffline()) return;
    const changes = { quantity_received: typed.quantity_received.trim(), quantity_accepted: typed.quantity_accepted.trim() || typed.quantity_received.trim() };
    const parsed = graItemUpdateSchema.safeParse(changes);
    const found: Partial<Record<keyof Typed, string>> = {};
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as keyof Typed] ??= issue.message;
    setErrors(found);
    if (!parsed.success) return;
    setSaving(true);
    try {
      await afterLineChange(await correctGraLine(line, changes), refresh);
      notify({ type: 'positive', message: GRA_LINE_NOTICES.corrected(line.material_name) });
      onDone();
    } catch (error) {
      const placed: Partial<Record<keyof Typed, string>> = {};
      const rest = applyServerErrors<Typed>(error, (field, { message }) => (placed[field as keyof Typed] = message), FIELDS);
      setErrors(placed);
      if (rest) notify({ type: 'negative', message: GRA_LINE_NOTICES.failed, caption: rest });
    } finally {
      setSaving(false);
    }
  };
  const unit = materialUnitLabel(line.material_unit);
  const field = (name: keyof Typed, label: string) => (
    <Field.Root invalid={!!errors[name]} maxW={{ md: '56' }}>
      <Field.Label>
        {label} ({unit})
      </Field.Label>
      <Input size="lg" inputMode="decimal" value={typed[name]} onChange={(e) => setTyped({ ...typed, [name]: e.target.value })} />
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Card.Root>
      <Card.Body>
        <FormStack gap="4" onSubmit={(e) => (e.preventDefault(), save())} aria-label={`Correct ${line.material_name}`}>
          <Heading size="md">Correct {line.material_name}</Heading>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            {field('quantity_received', 'Received')}
            {field('quantity_accepted', 'Accepted')}
          </Stack>
          <Text color="fg.muted" textStyle="sm">
            Stock and the LPO follow the accepted quantity; left empty, all that was received is accepted.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button type="submit" size="lg" minH="11" loading={saving}>
              Save correction
            </Button>
            <Button size="lg" minH="11" variant="outline" onClick={onDone}>
              Back
            </Button>
          </HStack>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A line taken off the GRA after asking (DELETE gra_items/{id}/ at its version); the server's refusal (the last line, goods issued onward) is the notice's caption. */
function useRemoveLine(gra: { id: number }) {
  const refresh = useServerRefresh();
  return async (line: ServerLine) => {
    if (refusedOffline()) return;
    const ok = await openDialog({
      title: `Take ${line.material_name} off ${graTitle(gra.id)}?`,
      message: `What it accepted (${formatIndian(line.quantity_accepted, QUANTITY_PLACES)} ${materialUnitLabel(line.material_unit)}) leaves stock, and its LPO expects it again.`,
      okLabel: 'Take off',
      cancelLabel: 'Keep it',
      type: 'negative',
    });
    if (!ok) return;
    try {
      await afterLineChange(await removeGraLine(line), refresh);
      notify({ type: 'positive', message: GRA_LINE_NOTICES.removed(line.material_name) });
    } catch (error) {
      notify({ type: 'negative', message: GRA_LINE_NOTICES.failed, caption: serverFailure(error) });
    }
  };
}

/** The lines of the GRA; while it is live and this user may, each with Correct and Take off. */
function GraLines({ gra, lines, changeable }: { gra: { id: number }; lines: readonly GraDetailLine[]; changeable: boolean }) {
  const [correcting, setCorrecting] = useState<number | null>(null);
  const remove = useRemoveLine(gra);
  const editable = (line: GraDetailLine): line is ServerLine => changeable && line.id !== undefined;
  const current = lines.find((line): line is ServerLine => editable(line) && line.id === correcting);
  return (
    <Section title="Goods received">
      <SimpleTable
        label="Lines of the GRA"
        headers={['Material', 'Received', 'Accepted', 'Rate', 'Amount', ...(changeable ? ['Change'] : [])]}
        numeric={[1, 2, 3, 4]}
        empty="No lines."
        rows={lines.map((line) => {
          const unit = materialUnitLabel(line.material_unit);
          const cells = [line.material_name, `${formatIndian(line.quantity_received, 3)} ${unit}`, `${formatIndian(line.quantity_accepted, 3)} ${unit}`, formatIndian(line.rate), formatIndian(line.amount)];
          if (!changeable) return cells;
          return [
            ...cells,
            editable(line) ? (
              <HStack key="change" gap="2" wrap="wrap">
                <Button size="lg" minH="11" variant="outline" aria-label={`Correct ${line.material_name}`} onClick={() => setCorrecting(line.id)}>
                  Correct
                </Button>
                <Button size="lg" minH="11" variant="outline" colorPalette="red" aria-label={`Take ${line.material_name} off`} onClick={() => void remove(line)}>
                  Take off
                </Button>
              </HStack>
            ) : (
              ''
            ),
          ];
        })}
      />
      {lines.length > 1 && <Text textAlign="end" fontWeight="semibold">Total {formatIndian(sum(lines.map((l) => l.amount)))}</Text>}
      {current && <CorrectLine key={current.id} line={current} onDone={() => setCorrecting(null)} />}
    </Section>
  );
}

/**
 * gra-detail: a GRA from the device (one made offline too, pending until the server has it): the
 * vendor's papers, its LPO, the lines with what was accepted at what rate, Cancel GRA, and each
 * line's correction or removal while the GRA is live. A GRA the device does not hold (one
 * cancelled before the device loaded its GRAs, opened from the cancelled list) is read from the
 * server. A cancelled GRA is read-only, with when and why it was cancelled.
 */
export default function GraDetailScreen() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { user } = useSession();
  const found = useGra(id);
  const pending = usePendingIds('gras').has(id);
  const missing = found !== undefined && found.gra === null && id > 0;
  const fromServer = useServerGra(id, missing);
  const gra = found?.gra ?? (missing ? fromServer.data : undefined) ?? null;
  // A GRA made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (gra || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf('gra-detail', { id: serverId }), { replace: true }));
  }, [gra, id, navigate]);

  const back = (
    <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('gra-home'))}>
      All GRAs
    </Button>
  );
  const failure = missing ? readFailure(fromServer) : null;
  if (!found || (missing && fromServer.isPending && !failure)) return <Text color="fg.muted">Loading…</Text>;
  if (!gra)
    return (
      <Stack gap="4">
        {failure ? <Failure text={failure} /> : <Notice text={notOnDevice('This GRA')} />}
        {back}
      </Stack>
    );
  const lines = found.gra ? found.lines : (fromServer.data?.gra_items ?? []);
  const live = can(user, 'gras.write') && id > 0 && !pending && !gra.cancelled_at;
  return (
    <Stack gap="4" maxW="6xl">
      <DetailTitle title={graTitle(gra.id)} pending={pending || id < 0}>
        {gra.cancelled_at && <Badge colorPalette="red" size="lg">Cancelled</Badge>}
        {live && (
          <Button size="lg" minH="11" colorPalette="red" variant="outline" onClick={() => void cancel(gra).then((done) => done && navigate(pathOf('gra-home')))}>
            Cancel GRA
          </Button>
        )}
        {back}
      </DetailTitle>
      <Facts
        facts={[
          ['Date', formatDisplayDate(gra.gra_date)],
          ['Vendor', gra.vendor_name],
          ['LPO', gra.lpo !== null ? lpoTitle(gra.lpo) : 'Without LPO'],
          ...(gra.without_lpo_reason ? [['Why without an LPO', gra.without_lpo_reason] as const] : []),
          ['Invoice number', gra.invoice_number || '—'],
          ['Challan number', gra.challan_number || '—'],
          ...(gra.remarks ? [['Remarks', gra.remarks] as const] : []),
          ...(gra.cancelled_at
            ? [
                ['Cancelled on', formatDisplayDate(gra.cancelled_at)] as const,
                ['Cancellation reason', gra.cancellation_remarks ?? ''] as const,
              ]
            : []),
        ]}
      />
      <GraLines gra={gra} lines={lines} changeable={live} />
    </Stack>
  );
}
