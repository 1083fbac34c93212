import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PendingBadge } from '../../ui/PendingBadge';
import { DetailTitle } from '../../ui/detail';
import { Alert, Badge, Button, Card, DataList, Field, Heading, HStack, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { DELIVERY_NOTE_STATUSES, deliveryNoteEditable, nextDeliveryNoteStep } from '../../../domain/delivery-note';
import { jobOrderLabel } from '../../../domain/job-order';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatIndian, sum, toQuantity } from '../../../domain/decimal';
import { api } from '../../data/api';
import { enqueue, serverIdOf, usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { openDialog } from '../../ui/dialog';
import { withConnection } from '../../ui/connection';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { NOTE_STATUS_PALETTE, quantityProblem, useDeliverables, useNote, type LocalNote, type ShownLine } from './data';
import { noteScreensOf } from './routes';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { RecordThread } from '../../ui/RecordThread';
import { changeDeliveryNoteQuantity, removeDeliveryNoteItem, updateDeliveryNote } from '../../data/operations';
import { API } from '../../../domain/api-paths';
import { printDeliveryNote } from './print';

export const CHANGES_SAVED = 'Changes saved on this device; they are sent to the server as soon as it can be reached.';
export const PRODUCT_REMOVED = 'Product removed from the delivery note.';
const versionOf = (version: number | null) => (version ? { expected_version: version } : {});

/**
 * Approve, ready to dispatch and delete are decisions the server takes at that moment (its checks,
 * the note's state): online calls whose answer's message is shown as a positive notice.
 */
async function act(note: LocalNote, action: 'approve' | 'ready' | 'delete'): Promise<boolean> {
  const confirmed = await openDialog(
    {
      approve: { title: 'Approve this delivery note?', message: 'It becomes final: its location and quantities can no longer change.', okLabel: 'Approve', type: 'positive' as const },
      ready: { title: 'Ready to dispatch?', message: 'The goods of this note are packed and can leave.', okLabel: 'Ready to dispatch', type: 'positive' as const },
      delete: { title: 'Delete this delivery note?', message: 'It moves to the cancelled delivery notes; its quantities are free for other notes.', okLabel: 'Delete note', cancelLabel: 'Back', type: 'negative' as const },
    }[action],
  );
  if (!confirmed) return false;
  const body = { expected_version: note.version };
  const calls = {
    approve: () => api.patch<{ message: string }>(API.deliveryNotes.approval(note.id), body),
    ready: () => api.patch<{ message: string }>(API.deliveryNotes.readyToDispatch(note.id), body),
    delete: () => api.put<{ message: string }>(API.deliveryNotes.delete(note.id), body),
  };
  const done = await withConnection(async () => {
    const { data } = await calls[action]();
    notify({ type: 'positive', message: data.message, ...(action === 'delete' ? { position: 'center' } : {}) });
    await reloadData(['deliveryNotes', 'deliveryNoteItems']);
    return true;
  });
  return done ?? false;
}

function LineRow({ note, line, most, editable, removable, pending }: { note: LocalNote; line: ShownLine; most: string | undefined; editable: boolean; removable: boolean; pending: boolean }) {
  const change = async () => {
    const value = await openDialog({
      title: `Change ${line.product}`,
      message: most === undefined ? 'The quantity this note delivers.' : `The quantity this note delivers: at most ${most}.`,
      okLabel: 'Change',
      prompt: { label: 'Quantity', initial: line.quantity, validate: (v) => quantityProblem(v, most) },
    });
    if (value === false || line.id === null) return;
    await enqueue(changeDeliveryNoteQuantity, { id: line.id, quantity: value.trim(), ...versionOf(line.version) });
    notify({ type: 'positive', message: CHANGES_SAVED });
  };
  const remove = async () => {
    const ok = await openDialog({ title: `Remove ${line.product}?`, message: 'It is taken off this delivery note.', okLabel: 'Remove', type: 'negative' });
    if (!ok || line.id === null) return;
    await enqueue(removeDeliveryNoteItem, { id: line.id, delivery_note: note.id, ...versionOf(line.version) });
    notify({ type: 'positive', message: PRODUCT_REMOVED, position: 'center' });
  };
  return (
    <Table.Row data-pending={pending || undefined}>
      <Table.Cell>
        {line.product}
        {pending && <PendingBadge />}
      </Table.Cell>
      <Table.Cell textAlign="end">{formatIndian(line.ordered_quantity)}</Table.Cell>
      <Table.Cell textAlign="end" data-testid="line-quantity">
        {formatIndian(line.quantity)}
      </Table.Cell>
      <Table.Cell>
        {editable && line.id !== null && (
          <HStack wrap="wrap">
            <Button size="lg" variant="outline" onClick={change}>
              Change quantity
            </Button>
            {removable && (
              <Button size="lg" variant="outline" colorPalette="red" onClick={remove}>
                Remove
              </Button>
            )}
          </HStack>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** Delivery location and remarks of a draft note, saved through the outbox with the version the user saw. */
function EditFields({ note }: { note: LocalNote }) {
  const [location, setLocation] = useState(note.delivery_location);
  const [remarks, setRemarks] = useState(note.remarks);
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedChanges(location !== note.delivery_location || remarks !== note.remarks);
  const changed = location !== note.delivery_location || remarks !== note.remarks;
  const save = async () => {
    if (!location.trim()) return setProblem('Enter where the goods go.');
    setProblem(null);
    await enqueue(updateDeliveryNote, {
      id: note.id,
      ...(location !== note.delivery_location ? { delivery_location: location } : {}),
      ...(remarks !== note.remarks ? { remarks } : {}),
      ...(note.id > 0 ? { expected_version: note.version } : {}),
    });
    notify({ type: 'positive', message: CHANGES_SAVED });
  };
  return (
    <Stack gap="3" as="form" aria-label="Delivery location and remarks" onSubmit={(e) => (e.preventDefault(), void save())}>
      <Field.Root invalid={!!problem} required>
        <Field.Label>Delivery location</Field.Label>
        <Input size="lg" value={location} onChange={(e) => setLocation(e.target.value)} maxLength={255} />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
      <Field.Root>
        <Field.Label>Remarks</Field.Label>
        <Textarea size="lg" value={remarks} onChange={(e) => setRemarks(e.target.value)} maxLength={1000} />
      </Field.Root>
      <Button type="submit" size="lg" alignSelf="flex-start" disabled={!changed}>
        Save changes
      </Button>
    </Stack>
  );
}

/** A delivery note with its products: production edits a draft, approves it; packing marks it ready. */
export default function DeliveryNoteDetailScreen() {
  const id = Number(useParams().id);
  const route = useCurrentRoute();
  const screens = noteScreensOf(route?.name);
  const navigate = useNavigate();
  const { user } = useSession();
  const found = useNote(id);
  const deliverables = useDeliverables(found?.note?.job_order ?? null, id);
  const pendingLines = usePendingIds('deliveryNoteItems');
  const pendingNotes = usePendingIds('deliveryNotes');

  // A note made offline moves to its server number once sent: follow it.
  useEffect(() => {
    if (found?.note || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf(screens.detail, { id: serverId }), { replace: true }));
  }, [found, id, screens.detail, navigate]);

  if (!found) return <Text>Loading…</Text>;
  const { note, lines, customer, job } = found;
  if (!note || note.deleted_at) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Delivery note {id} is not on this device. It may have been deleted, or the list has not loaded yet.</Alert.Title>
      </Alert.Root>
    );
  }
  const offline = note.id < 0;
  // Who moves the note on: the step's button for them, who it waits for to everyone else.
  const next = nextDeliveryNoteStep(note.status);
  const editable = can(user, 'delivery-notes.write') && deliveryNoteEditable(note);
  const remaining = new Map((deliverables ?? []).map((d) => [d.product.id, d.remaining]));
  const total = toQuantity(sum(lines.map((l) => l.quantity)));

  return (
    <Stack gap="5" maxW="5xl">
      <DetailTitle title={offline ? 'New delivery note' : `Delivery note ${note.id}`} pending={pendingNotes.has(note.id)}>
        <Badge size="lg" colorPalette={NOTE_STATUS_PALETTE[note.status]}>
          {labelOf(DELIVERY_NOTE_STATUSES, note.status)}
        </Badge>
      </DetailTitle>
      <DataList.Root orientation="horizontal">
        {[
          ['Job order', job ? jobOrderLabel(job) : String(note.job_order)],
          ['Customer', customer],
          ['Delivery date', formatDisplayDate(note.delivery_date)],
          ['Delivery location', note.delivery_location],
          ['Remarks', note.remarks || '—'],
          ...(note.approved_at ? [['Approved on', formatDisplayDate(note.approved_at)]] : []),
        ].map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>

      {editable && (
        <Card.Root>
          <Card.Body>
            <EditFields key={`${note.id}:${note.version}:${note.delivery_location}:${note.remarks}`} note={note} />
          </Card.Body>
        </Card.Root>
      )}

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Products</Heading>
            <Table.ScrollArea>
              <Table.Root size="md" aria-label="Products of the delivery note">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Product</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Ordered</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">On this note</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {lines.map((line, index) => (
                    <LineRow
                      key={line.id ?? `new-${index}`}
                      note={note}
                      line={line}
                      most={remaining.get(line.job_order_item)}
                      editable={editable && !offline && deliverables !== undefined}
                      // The last product is not removed: the note is deleted instead.
                      removable={lines.length > 1}
                      pending={line.id === null || pendingLines.has(line.id)}
                    />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Text color="fg.muted">Total quantity on this note: {formatIndian(total)}</Text>
          </Stack>
        </Card.Body>
      </Card.Root>

      {!offline && (
        <HStack wrap="wrap">
          <Button size="lg" variant="outline" onClick={() => void printDeliveryNote(note, lines, job, customer)}>
            Print
          </Button>
          {next && can(user, next.permission) && next.to !== 'dispatched' && (
            <Button size="lg" colorPalette={next.to === 'approved' ? 'green' : 'orange'} onClick={() => void act(note, next.to === 'approved' ? 'approve' : 'ready')}>
              {next.action}
            </Button>
          )}
          {next && can(user, next.permission) && next.to === 'dispatched' && (
            <Button asChild size="lg" colorPalette="orange">
              <RouterLink to={pathOf('jobs-ready-to-dispatch')}>{next.action}</RouterLink>
            </Button>
          )}
          {note.status !== 'dispatched' && can(user, 'delivery-notes.write') && (
            <Button size="lg" variant="outline" colorPalette="red" onClick={() => void act(note, 'delete').then((done) => done && navigate(pathOf(screens.home)))}>
              Delete note
            </Button>
          )}
        </HStack>
      )}
      {!offline && next && !can(user, next.permission) && (
        <Text color="fg.muted" role="status">
          {next.waiting}.
        </Text>
      )}
      <RecordThread type="delivery-note" id={note.id} />
    </Stack>
  );
}
