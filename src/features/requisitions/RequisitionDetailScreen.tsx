import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, DataList, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { isMaker, ownApprovalMessage } from '../../../domain/duty-rules';
import { materialUnitLabel } from '../../../domain/material';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { REQUISITION_STATES, REQUISITION_TYPES, requisitionActionRefusal, requisitionState, type RequisitionAction } from '../../../domain/requisition';
import { materialNamesTypeOf, mayEdit, type MaterialNamesType } from '../../../domain/row-rules';
import { pathOf } from '../../../domain/routes';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { compare, formatIndian, max, sign, sub } from '../../../domain/decimal';
import { plainQuantity, reserveMaterialSchema, STOCK_MESSAGES } from '../../../domain/stock';
import { api } from '../../data/api';
import { enqueue, serverIdOf, usePendingIds, useRefusedRows } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { openDialog } from '../../ui/dialog';
import { refusedOffline, serverFailure, withConnection } from '../../ui/connection';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { STATE_PALETTE, useRequisition, type LocalRequisition, type ShownLine } from './data';
import { MaterialPicker } from '../../ui/MaterialPicker';
import { addRequisitionLine, changeRequisitionLine, recordStockTransaction, removeRequisitionLine } from '../../data/operations';
import { API } from '../../../domain/api-paths';
import { PendingBadge } from '../../ui/PendingBadge';
import { DetailTitle, Notice, notOnDevice } from '../../ui/detail';
import { RecordThread } from '../../ui/RecordThread';

export const ISSUE_QUEUED = 'Issue saved. Stock and the requisition update as soon as the server confirms it.';

const remaining = (line: ShownLine) => max(sub(line.quantity, line.quantity_issued), '0');
/** A quantity typed by a user: more than zero, at most 3 decimals. */
const QUANTITY = /^\d{1,11}(\.\d{1,3})?$/;
const quantityProblem = (value: string, most?: string) => {
  if (!QUANTITY.test(value.trim()) || sign(value) <= 0) return 'Enter a quantity greater than 0, up to 3 decimals.';
  if (most !== undefined && compare(value, most) > 0) return `At most ${formatIndian(most, 3)} remain to be issued.`;
  return true;
};

/** Approve, close and cancel are decisions taken with the server (they need its checks); offline they say so. */
async function decide(requisition: LocalRequisition, action: 'approve' | 'close' | 'cancel'): Promise<void> {
  const reason =
    action === 'approve'
      ? await openDialog({ title: 'Approve this requisition?', message: `Stores can then issue material against requisition ${requisition.id}.`, okLabel: 'Approve', type: 'positive' })
      : await openDialog({
          title: action === 'close' ? 'Close this requisition?' : 'Cancel this requisition?',
          message: action === 'close' ? 'Nothing more is issued against it; what was issued stays on the job.' : 'It is withdrawn; stores will not serve it.',
          okLabel: action === 'close' ? 'Close requisition' : 'Cancel requisition',
          cancelLabel: 'Back',
          type: 'negative',
          prompt: { label: 'Reason', validate: (v) => (v.trim() ? true : 'A reason is required.') },
        });
  if (reason === false) return;
  const calls = {
    approve: () => api.put(API.requisitions.approve(requisition.id), {}),
    close: () => api.patch(API.requisitions.close(requisition.id), { reason }),
    cancel: () => api.delete(API.requisitions.detail(requisition.id), { data: { reason } }),
  };
  await withConnection(async () => {
    await calls[action]();
    notify({ type: 'positive', message: { approve: 'Requisition approved.', close: 'Requisition closed.', cancel: 'Requisition cancelled.' }[action] });
    await reloadData(['requisitions', 'requisitionDetails']);
  });
}

/**
 * Holds material for a line (0 releases it). Online only: whether the material is free is the
 * server's to say at that moment, and what is held must not depend on when a tablet syncs.
 */
async function reserve(id: number, line: ShownLine): Promise<void> {
  if (refusedOffline()) return;
  const most = remaining(line);
  const quantity = await openDialog({
    title: `Reserve ${line.material_name}`,
    message: `Held for this requisition, so no other issue takes it: up to ${formatIndian(most, 3)} ${materialUnitLabel(line.material_unit)}. 0 releases what is held.`,
    okLabel: 'Reserve',
    prompt: {
      label: 'Quantity to hold',
      initial: plainQuantity(line.quantity_reserved),
      validate: (value) => {
        const parsed = reserveMaterialSchema.shape.quantity.safeParse(value);
        if (!parsed.success) return parsed.error.issues[0]!.message;
        return compare(parsed.data, most) > 0 ? STOCK_MESSAGES.reserveBeyondLine : true;
      },
    },
  });
  if (quantity === false) return;
  try {
    await api.post(API.materials.reserve, { requisition_detail: id, quantity: quantity.trim() });
    notify({ type: 'positive', message: sign(quantity) === 0 ? `${line.material_name}: reservation released.` : `${line.material_name}: ${plainQuantity(quantity.trim())} reserved.` });
    await reloadData(['requisitionDetails']);
  } catch (error) {
    notify({ type: 'negative', message: serverFailure(error) });
  }
}

function LineRow({ line, requisition, canIssue, canReserve, canChange, canRemove, pending, refused }: { line: ShownLine; requisition: LocalRequisition; canIssue: boolean; canReserve: boolean; canChange: boolean; canRemove: boolean; pending: boolean; refused: string[] | undefined }) {
  const left = remaining(line);
  // The box holds what is still to issue until the user types another quantity.
  const [typed, setTyped] = useState<string | null>(null);
  const quantity = typed ?? plainQuantity(left);
  const [problem, setProblem] = useState<string | null>(null);
  const lineId = line.id;

  const issue = async () => {
    const verdict = quantityProblem(quantity, left);
    if (verdict !== true) return setProblem(verdict);
    setProblem(null);
    await enqueue(recordStockTransaction, {
      material: line.material,
      transaction_type: 'issue',
      quantity: `-${quantity.trim()}`,
      transaction_date: businessToday(),
      requisition: requisition.id,
      requisition_detail: line.id,
      job_order: requisition.job_order,
    });
    setTyped(null);
    notify({ type: 'positive', message: ISSUE_QUEUED });
  };

  const change = async () => {
    const value = await openDialog({ title: `Change ${line.material_name}`, message: 'The quantity this requisition asks for.', okLabel: 'Change', prompt: { label: 'Quantity', initial: line.quantity, validate: (v) => quantityProblem(v) } });
    if (value === false || line.id === null) return;
    await enqueue(changeRequisitionLine, { id: line.id, quantity: value.trim(), ...(line.version ? { expected_version: line.version } : {}) });
  };

  const removeLine = async () => {
    const ok = await openDialog({ title: `Remove ${line.material_name}?`, message: 'It is taken off this requisition.', okLabel: 'Remove', type: 'negative' });
    if (ok && line.id !== null) await enqueue(removeRequisitionLine, { id: line.id, ...(line.version ? { expected_version: line.version } : {}) });
  };

  return (
    <Table.Row data-pending={pending || undefined}>
      <Table.Cell>
        {line.material_name}
        {pending && <PendingBadge />}
        {refused && (
          <Text color="fg.error" fontSize="sm" role="status">
            A change here was refused: {refused.join(' ')} See Sync to fix or discard it.
          </Text>
        )}
      </Table.Cell>
      <Table.Cell data-label="Unit">{materialUnitLabel(line.material_unit)}</Table.Cell>
      <Table.Cell textAlign="end" data-label="Asked">
        {formatIndian(line.quantity)}
      </Table.Cell>
      <Table.Cell textAlign="end" data-label="Reserved">
        {formatIndian(line.quantity_reserved)}
      </Table.Cell>
      <Table.Cell textAlign="end" data-label="Issued">
        {formatIndian(line.quantity_issued)}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="2">
          {canIssue && line.id !== null && sign(left) > 0 && (
            <HStack>
              <Input size="lg" w="32" inputMode="decimal" aria-label={`Issue quantity of ${line.material_name}`} value={quantity} onChange={(e) => setTyped(e.target.value)} />
              <Button size="lg" onClick={issue}>
                Issue
              </Button>
            </HStack>
          )}
          {problem && <Text color="fg.error">{problem}</Text>}
          {canReserve && lineId !== null && (sign(left) > 0 || sign(line.quantity_reserved) > 0) && (
            <Button size="lg" variant="outline" alignSelf="flex-start" onClick={() => void reserve(lineId, line)}>
              Reserve
            </Button>
          )}
          {canChange && line.id !== null && (
            <HStack>
              <Button size="lg" variant="outline" onClick={change}>
                Change
              </Button>
              {canRemove && sign(line.quantity_issued) === 0 && sign(line.quantity_reserved) === 0 && (
                <Button size="lg" variant="outline" colorPalette="red" onClick={removeLine}>
                  Remove
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}

function AddLine({ requisition, exclude, pickFrom }: { requisition: LocalRequisition; exclude: ReadonlySet<number>; pickFrom: MaterialNamesType }) {
  const [material, setMaterial] = useState<{ id: number; name: string } | null>(null);
  const [quantity, setQuantity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    const verdict = quantityProblem(quantity);
    if (verdict !== true || !material) return setProblem(verdict === true ? 'Pick a material.' : verdict);
    await enqueue(addRequisitionLine, { requisition: requisition.id, material: material.id, quantity: quantity.trim() });
    setMaterial(null);
    setQuantity('');
    setProblem(null);
  };
  return (
    <Stack gap="3" aria-label="Add a material">
      {material ? (
        <HStack align="flex-end">
          <Text flex="1" fontWeight="semibold">
            {material.name}
          </Text>
          <Input size="lg" w="32" inputMode="decimal" aria-label={`Quantity of ${material.name}`} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          <Button size="lg" onClick={add}>
            Add
          </Button>
          <Button size="lg" variant="outline" onClick={() => setMaterial(null)}>
            Back
          </Button>
        </HStack>
      ) : (
        <MaterialPicker label="Add a material" type={pickFrom} exclude={exclude} onPick={(m) => setMaterial(m)} />
      )}
      {problem && <Text color="fg.error">{problem}</Text>}
    </Stack>
  );
}

/** A requisition with its materials: stores issues against it, the requester changes it, managers decide on it. */
export default function RequisitionDetailScreen() {
  const id = Number(useParams().id);
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const { user } = useSession();
  const found = useRequisition(id);
  const pendingLines = usePendingIds('requisitionDetails');
  const refusedLines = useRefusedRows('requisitionDetails', user?.id);
  const pendingRequisitions = usePendingIds('requisitions');

  // A requisition made offline moves to its server number once sent: follow it.
  useEffect(() => {
    if (found?.requisition || id >= 0 || !route) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf(route.name, { id: serverId }), { replace: true }));
  }, [found, id, route, navigate]);

  const exclude = useMemo(() => new Set(found?.lines.map((l) => l.material)), [found]);
  if (!found) return <Text>Loading…</Text>;
  const { requisition, lines } = found;
  if (!requisition) {
    return (
      <Notice text={notOnDevice(`Requisition ${id}`, 'It may belong to another department')} />
    );
  }

  const state = requisitionState(requisition, lines);
  const allowed = (action: RequisitionAction) => requisitionActionRefusal(action, state, requisition.requisition_type) === null;
  const offline = requisition.id < 0;
  const canIssue = !offline && can(user, 'stock.write') && allowed('issue');
  const canReserve = !offline && can(user, 'stock.write') && allowed('reserve');
  // Whose requisition it is decides too (domain/row-rules.ts): stores change only what is issued and reserved.
  const mayChangeRow = (fields?: readonly string[]) => !!user && can(user, 'requisitions.write') && mayEdit('requisition', user, requisition, fields);
  const canChange = mayChangeRow(['requisition_items']) && allowed('change-items');
  const issueRefusal = can(user, 'stock.write') ? requisitionActionRefusal('issue', state, requisition.requisition_type) : null;

  return (
    <Stack gap="5">
      <DetailTitle title={offline ? 'New requisition' : `Requisition ${requisition.id}`} pending={pendingRequisitions.has(requisition.id)}>
        <Badge size="lg" colorPalette={STATE_PALETTE[state]}>
          {labelOf(REQUISITION_STATES, state)}
        </Badge>
      </DetailTitle>
      <DataList.Root orientation="horizontal">
        {[
          ['Type', labelOf(REQUISITION_TYPES, requisition.requisition_type)],
          ['Job order', requisition.job_order_label ?? 'None (consumables)'],
          ['Customer', requisition.customer_name ?? ''],
          ['Requested by', requisition.requested_by_name],
          ['Date', formatDisplayDate(requisition.created_at)],
          ...(requisition.close_reason ? [['Closed because', requisition.close_reason]] : []),
          ...(requisition.cancel_reason ? [['Cancelled because', requisition.cancel_reason]] : []),
        ].map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {issueRefusal && state === 'open' && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{issueRefusal}</Alert.Title>
        </Alert.Root>
      )}

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Materials</Heading>
            <Table.ScrollArea>
              <Table.Root size="md" aria-label="Materials of the requisition" css={FOLDING_TABLE}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Material</Table.ColumnHeader>
                    <Table.ColumnHeader>Unit</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Asked</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Reserved</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Issued</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {lines.map((line, index) => (
                    <LineRow key={line.id ?? `new-${index}`} line={line} requisition={requisition} canIssue={canIssue} canReserve={canReserve} canChange={canChange && !offline}
                      // The last material is not removed: the requisition is cancelled instead.
                      canRemove={lines.length > 1}
                      pending={line.id === null || pendingLines.has(line.id)}
                      refused={line.id === null ? undefined : refusedLines.get(line.id)} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            {canChange && user && <AddLine requisition={requisition} exclude={exclude} pickFrom={materialNamesTypeOf(user)} />}
          </Stack>
        </Card.Body>
      </Card.Root>

      {!offline && (
        <HStack wrap="wrap">
          {can(user, 'requisitions.approve') &&
            allowed('approve') &&
            (isMaker('requisition', requisition, user) ? (
              <Text color="fg.muted">{ownApprovalMessage('requisition')}</Text>
            ) : (
              <Button size="lg" colorPalette="green" onClick={() => decide(requisition, 'approve')}>
                Approve
              </Button>
            ))}
          {can(user, 'requisitions.close') && allowed('close') && (
            <Button size="lg" variant="outline" onClick={() => decide(requisition, 'close')}>
              Close
            </Button>
          )}
          {mayChangeRow() && allowed('cancel') && (
            <Button size="lg" variant="outline" colorPalette="red" onClick={() => decide(requisition, 'cancel')}>
              Cancel requisition
            </Button>
          )}
        </HStack>
      )}
      <RecordThread type="requisition" id={requisition.id} />
    </Stack>
  );
}
