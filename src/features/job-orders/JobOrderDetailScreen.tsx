import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Badge, Button, Card, DataList, Field, Flex, Heading, HStack, NativeSelect, Stack, Table, Text, Textarea, Wrap } from '@chakra-ui/react';
import { branchLabel } from '../../../domain/customer';
import type { DeliveryNote } from '../../../domain/delivery-note';
import {
  JOB_ORDER_BUCKETS,
  JOB_ORDER_STATUS_FLOW,
  JOB_ORDER_STATUSES,
  jobOrderBucketRefusal,
  jobOrderCancelRefusal,
  jobOrderCloseRefusal,
  jobOrderLabel,
  isJobOrderOpen,
  jobOrderStatusRefusal,
  type JobOrderBucket,
  type JobOrderStatus,
} from '../../../domain/job-order';
import { labelOf } from '../../../domain/options';
import { can, type PermissionSubject } from '../../../domain/permissions';
import { jobOrderScopeOf, mayEdit } from '../../../domain/row-rules';
import type { RequisitionListRow } from '../../../domain/requisition';
import { pathOf, type RouteName } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatIndian } from '../../../domain/decimal';
import { mirror } from '../../data/mirror/db';
import { useOnline } from '../../data/online';
import { enqueue, serverIdOf, usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { openDialog } from '../../ui/dialog';
import { RecordThread } from '../../ui/RecordThread';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { readFailure } from '../../ui/connection';
import { userLabel } from '../../ui/entity-labels';
import { useStatusHistory } from './api';
import { AdvanceAmountForm } from './AdvanceAmountForm';
import { CloseJobOrderForm, cancelJobOrder } from './closing';
import { STATUS_PALETTE, useJobOrder, type LocalJobOrder } from './data';
import { InvoiceDetailsForm } from './InvoiceDetailsForm';
import { MainFieldsForm } from './MainFieldsForm';
import { ProductsEditor } from './ProductsEditor';
import { CHANGE_SAVED, onlineBlock, RefusalAlert, versionOf, type Refusal } from './writes';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { changeJobOrderBucket, changeJobOrderStatus } from '../../data/operations';
import { InvoiceFromOrderLink } from '../../ui/InvoiceFromOrderLink';
import { PendingBadge } from '../../ui/PendingBadge';

const statusLabel = (status: string) => labelOf(JOB_ORDER_STATUSES, status);

/** The production layout opens its own requisition and delivery-note screens. */
const LINKED_OF: Readonly<Record<string, { requisition: RouteName; note: RouteName }>> = {
  'prod-joborder-detail': { requisition: 'foreman-requisition-detail', note: 'prod-dnote-detail' },
};
const LINKED = { requisition: 'requisition-detail', note: 'dnote-detail' } as const;

/** The legal next statuses, as buttons big enough for a gloved thumb; queued through the outbox. */
function StatusChange({ jobOrder }: { jobOrder: LocalJobOrder }) {
  const next = JOB_ORDER_STATUS_FLOW[jobOrder.status].filter((s) => jobOrderStatusRefusal(jobOrder, s) === null);
  if (!next.length) return null;
  const move = async (status: JobOrderStatus) => {
    const ok = await openDialog({ title: `Move to ${statusLabel(status)}?`, message: `Job order ${jobOrder.id > 0 ? jobOrder.id : ''} goes from ${statusLabel(jobOrder.status)} to ${statusLabel(status)}.`, okLabel: statusLabel(status) });
    if (!ok) return;
    await enqueue(changeJobOrderStatus, { id: jobOrder.id, status, ...versionOf(jobOrder) });
    notify({ type: 'positive', message: CHANGE_SAVED });
  };
  return (
    <Stack gap="3">
      <Heading size="md">Change status</Heading>
      <Wrap gap="3">
        {next.map((status) => (
          <Button key={status} size="xl" minH="14" variant={JOB_ORDER_STATUS_FLOW[jobOrder.status][0] === status ? 'solid' : 'outline'} onClick={() => void move(status)}>
            {statusLabel(status)}
          </Button>
        ))}
      </Wrap>
    </Stack>
  );
}

/** Another desk for the job order; a move back needs its reject remark, checked before anything is queued. */
function BucketChange({ jobOrder }: { jobOrder: LocalJobOrder }) {
  const [bucket, setBucket] = useState<JobOrderBucket | ''>('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedChanges(bucket !== '' || remark.trim() !== '');
  const move = async () => {
    if (!bucket) return setProblem('Choose a bucket.');
    const refusal = jobOrderBucketRefusal(jobOrder, bucket, remark);
    if (refusal) return setProblem(refusal);
    setProblem(null);
    await enqueue(changeJobOrderBucket, { id: jobOrder.id, bucket, reject_remark: remark.trim(), ...versionOf(jobOrder) });
    setBucket('');
    setRemark('');
    notify({ type: 'positive', message: CHANGE_SAVED });
  };
  return (
    <Stack gap="3" as="form" aria-label="Move to another bucket" onSubmit={(e) => (e.preventDefault(), void move())}>
      <Heading size="md">Move to another bucket</Heading>
      <Field.Root invalid={!!problem}>
        <Field.Label>New bucket</Field.Label>
        <NativeSelect.Root size="lg" maxW="sm">
          <NativeSelect.Field aria-label="New bucket" value={bucket} onChange={(e) => setBucket(e.target.value as JobOrderBucket | '')}>
            <option value="">Choose a bucket</option>
            {JOB_ORDER_BUCKETS.filter((b) => b.value !== jobOrder.bucket).map((b) => (
              <option key={b.value} value={b.value}>
                {b.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root invalid={!!problem}>
        <Field.Label>Reject remark</Field.Label>
        <Textarea size="lg" value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={1000} />
        <Field.HelperText>Needed when the job order goes back to an earlier bucket.</Field.HelperText>
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
      <Button type="submit" size="xl" minH="14" alignSelf="flex-start">
        Move
      </Button>
    </Stack>
  );
}

/** Who moved the job order where and when: the server keeps it, so it shows when online. */
function History({ jobOrder }: { jobOrder: LocalJobOrder }) {
  const history = useStatusHistory(jobOrder.id, jobOrder.version);
  const { data } = history;
  const error = readFailure(history);
  const shownStep = (kind: string, value: string | null) => (value === null ? '—' : kind === 'status' ? statusLabel(value) || value : value);
  if (error) return <Text color="fg.error">{error}</Text>;
  if (!data) return <Text color="fg.muted">Loading…</Text>;
  if (!data.length) return <Text color="fg.muted">No changes yet.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="History of the job order">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader>From</Table.ColumnHeader>
            <Table.ColumnHeader>To</Table.ColumnHeader>
            <Table.ColumnHeader>By</Table.ColumnHeader>
            <Table.ColumnHeader>Remark</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((step) => (
            <Table.Row key={step.id}>
              <Table.Cell>{formatDisplayDate(step.changed_at)}</Table.Cell>
              <Table.Cell>{step.kind === 'status' ? 'Status' : 'Bucket'}</Table.Cell>
              <Table.Cell>{shownStep(step.kind, step.from)}</Table.Cell>
              <Table.Cell>{shownStep(step.kind, step.to)}</Table.Cell>
              <Table.Cell>{step.changed_by_name ?? ''}</Table.Cell>
              <Table.Cell>{step.remark}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** What of a job order's related work a user may open (design, for one, reads none of it). */
function relatedShown(user: PermissionSubject | null | undefined) {
  return {
    requisitions: can(user, 'requisitions.read'),
    notes: can(user, 'delivery-notes.read'),
    expenses: can(user, 'job-order-expenses.read'),
    consumption: can(user, 'stock.read'),
  };
}
const showsRelated = (shown: ReturnType<typeof relatedShown>) => Object.values(shown).some(Boolean);

/** The requisitions and delivery notes of the job order the device holds, each opening its own screen; only what the user may read. */
function Related({ jobOrder, routes, shown }: { jobOrder: LocalJobOrder; routes: { requisition: RouteName; note: RouteName }; shown: ReturnType<typeof relatedShown> }) {
  const related = useLiveQuery(async () => {
    const [requisitions, notes] = await Promise.all([
      shown.requisitions ? mirror.rowsOf<RequisitionListRow>('requisitions').where('job_order').equals(jobOrder.id).toArray() : [],
      shown.notes ? mirror.rowsOf<DeliveryNote>('deliveryNotes').where('job_order').equals(jobOrder.id).toArray() : [],
    ]);
    return { requisitions: requisitions.filter((r) => !r.deleted_at), notes: notes.filter((n) => !n.deleted_at) };
  }, [jobOrder.id, shown.requisitions, shown.notes]);
  const links = (items: { id: number }[], route: RouteName, noun: string) =>
    items.length ? (
      <Wrap gap="3">
        {items.map((item) => (
          <Button key={item.id} asChild size="lg" variant="outline">
            <RouterLink to={pathOf(route, { id: item.id })}>{item.id > 0 ? `${noun} ${item.id}` : `New ${noun.toLowerCase()}`}</RouterLink>
          </Button>
        ))}
      </Wrap>
    ) : (
      <Text color="fg.muted">None on this device.</Text>
    );
  return (
    <Stack gap="3">
      {shown.requisitions && (
        <>
          <Heading size="md">Requisitions</Heading>
          {links(related?.requisitions ?? [], routes.requisition, 'Requisition')}
        </>
      )}
      {shown.notes && (
        <>
          <Heading size="md">Delivery notes</Heading>
          {links(related?.notes ?? [], routes.note, 'Delivery note')}
        </>
      )}
      {(shown.expenses || shown.consumption) && (
        <HStack wrap="wrap" gap="3">
          {shown.expenses && (
            <Button asChild size="lg" variant="outline">
              <RouterLink to={`${pathOf('job-expenses-home')}?job_order=${jobOrder.id}`}>Expenses</RouterLink>
            </Button>
          )}
          {shown.consumption && (
            <Button asChild size="lg" variant="outline">
              <RouterLink to={pathOf('stores-material-consumption', { id: jobOrder.id })}>Material consumption</RouterLink>
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}

/**
 * job-order-detail and its layout variants (production, acrylic, accounts, design): the job order
 * from the device; its status, bucket and main fields changed through the outbox (so the shop
 * floor and office staff change them offline); products, cancel, close and accounts' corrections
 * online; the history from the server.
 */
export default function JobOrderDetailScreen() {
  const id = Number(useParams().id);
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const online = useOnline();
  const { user, users } = useSession();
  const found = useJobOrder(id);
  const pending = usePendingIds('jobOrders');
  const [closing, setClosing] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // A job order made offline moves to its server number once sent: follow it.
  useEffect(() => {
    if (found?.jobOrder || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf(route?.name ?? 'job-order-detail', { id: serverId }), { replace: true }));
  }, [found, id, route?.name, navigate]);

  if (!found) return <Text>Loading…</Text>;
  const { jobOrder, products, customer, branch } = found;
  if (!jobOrder || jobOrder.deleted_at) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Job order {id} is not on this device. It may have been deleted, or the list has not loaded yet.</Alert.Title>
        {user && jobOrderScopeOf(user) === 'reached-design' && <Alert.Description>Design sees the job orders that reached its desk: this one may not have yet.</Alert.Description>}
      </Alert.Root>
    );
  }
  const saved = jobOrder.id > 0;
  const isPending = pending.has(jobOrder.id);
  const salesExecutive = userLabel(jobOrder.sales_executive, user ? [user, ...users] : users, jobOrder.sales_executive_name);
  const linked = LINKED_OF[route?.name ?? ''] ?? LINKED;
  const related = relatedShown(user);
  // Cancel and close wait until every change made on this device has reached the server.
  const canCancel = saved && !isPending && can(user, 'job-orders.cancel') && jobOrderCancelRefusal(jobOrder) === null;
  const canClose = saved && !isPending && can(user, 'job-orders.close') && jobOrderCloseRefusal(jobOrder) === null;
  const canMoveStatus = can(user, 'job-orders.status');
  const canMoveBucket = can(user, 'job-orders.bucket');
  // A sales executive edits only the job orders where they are the sales executive (domain/row-rules.ts).
  const canEdit = !!user && can(user, 'job-orders.write') && mayEdit('jobOrder', user, jobOrder) && isJobOrderOpen(jobOrder);
  // Accounts' corrections: the invoice once closed, the advance until cancelled.
  const canCorrectInvoice = saved && can(user, 'job-orders.close') && jobOrder.status === 'closed' && !jobOrder.cancelled_at;
  const canRecordAdvance = saved && can(user, 'job-orders.close') && !jobOrder.cancelled_at;
  const blocked = onlineBlock(online, isPending);
  const fields: [string, string][] = [
    ['Customer', customer || jobOrder.customer_name || '—'],
    ['Branch', branch ? branchLabel(branch) : jobOrder.branch ? String(jobOrder.branch) : '—'],
    ['Contact person', jobOrder.contact_person || '—'],
    ['Contact number', jobOrder.contact_number || '—'],
    ['Sales executive', salesExecutive],
    ['PO number', jobOrder.purchase_order || '—'],
    ['PO date', formatDisplayDate(jobOrder.purchase_order_date) || '—'],
    ['Value', formatIndian(jobOrder.total_value)],
    ['Advance', formatIndian(jobOrder.advance_amount)],
    ['Created', formatDisplayDate(jobOrder.created_at)],
    ...(jobOrder.reject_remark ? [['Reject remark', jobOrder.reject_remark] as [string, string]] : []),
    ...(jobOrder.cancelled_at ? [['Cancelled on', formatDisplayDate(jobOrder.cancelled_at)] as [string, string]] : []),
    ...(jobOrder.invoice ? [['Invoice', `${jobOrder.invoice} of ${formatDisplayDate(jobOrder.invoice_date)}, ${formatIndian(jobOrder.invoice_amount)}`] as [string, string]] : []),
    ...(jobOrder.closure_remarks ? [['Closure remarks', jobOrder.closure_remarks] as [string, string]] : []),
  ];

  return (
    <Stack gap="5" maxW="5xl">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          {saved ? `Job order ${jobOrderLabel(jobOrder)}` : 'New job order'}
        </Heading>
        {isPending && (
          <PendingBadge size="lg" />
        )}
        <Badge size="lg" colorPalette={jobOrder.cancelled_at ? 'red' : STATUS_PALETTE[jobOrder.status]} data-testid="job-order-status">
          {jobOrder.cancelled_at ? 'Cancelled' : statusLabel(jobOrder.status)}
        </Badge>
        <Badge size="lg" variant="outline" data-testid="job-order-bucket">
          {labelOf(JOB_ORDER_BUCKETS, jobOrder.bucket)}
        </Badge>
        {saved && !jobOrder.cancelled_at && <InvoiceFromOrderLink kind="job-order" id={jobOrder.id} />}
      </Flex>
      <DataList.Root orientation="horizontal">
        {fields.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Products</Heading>
            <ProductsEditor jobOrder={jobOrder} products={products} editable={saved && canEdit} blocked={blocked} />
          </Stack>
        </Card.Body>
      </Card.Root>

      {canEdit && <MainFieldsForm key={`main-${jobOrder.id}`} jobOrder={jobOrder} />}

      {!jobOrder.cancelled_at && jobOrder.status !== 'closed' && (canMoveStatus || canMoveBucket) && (
        <Card.Root>
          <Card.Body>
            <Stack gap="6">
              {canMoveStatus && <StatusChange jobOrder={jobOrder} />}
              {canMoveBucket && <BucketChange key={`${jobOrder.id}:${jobOrder.bucket}`} jobOrder={jobOrder} />}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}

      {refusal && <RefusalAlert refusal={refusal} />}
      {(canCancel || canClose) && (
        <Stack gap="3">
          {!online && <Text color="fg.muted">Cancelling and closing need a connection to the server.</Text>}
          <HStack wrap="wrap" gap="3">
            {canClose && (
              <Button size="xl" minH="14" colorPalette="green" disabled={!online} onClick={() => setClosing(true)}>
                Close job order
              </Button>
            )}
            {canCancel && (
              <Button size="xl" minH="14" variant="outline" colorPalette="red" disabled={!online} onClick={() => void cancelJobOrder(jobOrder).then(setRefusal)}>
                Cancel job order
              </Button>
            )}
          </HStack>
        </Stack>
      )}
      {closing && canClose && (
        <CloseJobOrderForm
          jobOrder={jobOrder}
          onDone={(result) => {
            setRefusal(result);
            if (!result) setClosing(false);
          }}
          onBack={() => setClosing(false)}
        />
      )}

      {canCorrectInvoice && <InvoiceDetailsForm key={`invoice-${jobOrder.id}`} jobOrder={jobOrder} blocked={blocked} />}
      {canRecordAdvance && <AdvanceAmountForm key={`advance-${jobOrder.id}`} jobOrder={jobOrder} blocked={blocked} />}

      {saved && showsRelated(related) && (
        <Card.Root>
          <Card.Body>
            <Related jobOrder={jobOrder} routes={linked} shown={related} />
          </Card.Body>
        </Card.Root>
      )}

      {saved && (
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Heading size="lg">History</Heading>
              {online ? <History jobOrder={jobOrder} /> : <Text color="fg.muted">The history shows here once this device is back online.</Text>}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      <RecordThread type="job-order" id={jobOrder.id} />
    </Stack>
  );
}
