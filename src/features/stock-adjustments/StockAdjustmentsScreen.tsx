import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Card, Field, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { isMaker, ownApprovalMessage } from '../../../domain/duty-rules';
import type { DataType } from '../../../domain/data-types';
import { materialUnitLabel, type Material } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { approximateNumber, formatIndian } from '../../../domain/decimal';
import { STOCK_ADJUSTMENT_STATUSES, stockAdjustmentCreateSchema, type StockAdjustment, type StockAdjustmentStatus } from '../../../domain/stock';
import { api } from '../../data/api';
import { mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { enqueue, usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable } from '../../ui/DataTable';
import { openDialog } from '../../ui/dialog';
import { FormStack, TextField } from '../../ui/form';
import { Freshness } from '../../ui/Freshness';
import { MaterialPicker } from '../../ui/MaterialPicker';
import { withConnection } from '../../ui/connection';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { badgeColumn } from '../../ui/badge-column';
import { requestStockAdjustment } from '../../data/operations';
import { API } from '../../../domain/api-paths';

/** business-areas.md §9: stock lists show 15 rows a page. */
const PAGE_SIZE = 15;
const NEWEST_FIRST = [{ id: 'date', desc: true }];
const DATA: readonly DataType[] = ['stockAdjustments', 'materials'];
const STATUS_PALETTE: Readonly<Record<StockAdjustmentStatus, string>> = { pending: 'orange', approved: 'green', rejected: 'red' };

export const ADJUSTMENT_REQUESTED = 'Adjustment requested. Stock changes once a stores manager approves it.';
export const ADJUSTMENT_REQUESTED_OFFLINE = 'Adjustment request saved on this device. It is sent when the connection is back.';

type AdjustmentInput = z.input<typeof stockAdjustmentCreateSchema>;
type AdjustmentValues = z.output<typeof stockAdjustmentCreateSchema>;

/** The request form: the material, the signed correction and why. Queued, so it works offline. */
function AdjustmentForm({ onDone }: { onDone: () => void }) {
  const [material, setMaterial] = useState<Material | null>(null);
  const { register, handleSubmit, setValue, formState, reset } = useForm<AdjustmentInput, unknown, AdjustmentValues>({ resolver: zodResolver(stockAdjustmentCreateSchema), defaultValues: { quantity: '', reason: '', remarks: '' } });
  useUnsavedChanges(formState.isDirty);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (adjustment) => {
    await enqueue(requestStockAdjustment, adjustment);
    notify({ type: 'positive', message: navigator.onLine ? ADJUSTMENT_REQUESTED : ADJUSTMENT_REQUESTED_OFFLINE });
    reset();
    onDone();
  });
  return (
    <Card.Root>
      <Card.Body>
        <FormStack onSubmit={onSubmit} aria-label="Request a stock adjustment">
          <Heading size="md">Request a stock adjustment</Heading>
          {material ? (
            <HStack>
              <Text flex="1" fontWeight="semibold">
                {material.name} · on hand {formatIndian(material.quantity)} {materialUnitLabel(material.unit)}
              </Text>
              <Button variant="outline" onClick={() => setMaterial(null)}>
                Change material
              </Button>
            </HStack>
          ) : (
            <Field.Root invalid={!!errors.material}>
              <MaterialPicker
                exclude={new Set()}
                onPick={(m) => {
                  setMaterial(m);
                  setValue('material', m.id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                }}
              />
              {errors.material?.message && <Field.ErrorText>{errors.material.message}</Field.ErrorText>}
            </Field.Root>
          )}
          <TextField label="Quantity" required inputMode="decimal" helper="Positive adds to stock, negative takes away (e.g. -3)." registration={register('quantity')} error={errors.quantity} />
          <TextField label="Reason" required registration={register('reason')} error={errors.reason} />
          <TextField label="Remarks" registration={register('remarks')} error={errors.remarks} />
          <HStack>
            <Button type="submit" loading={formState.isSubmitting}>
              Request adjustment
            </Button>
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </HStack>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Approve or reject: a stores manager's decision, taken with the server (it checks free stock). */
async function decide(adjustment: StockAdjustment, decision: 'approve' | 'reject'): Promise<void> {
  const ok = await openDialog({
    title: decision === 'approve' ? 'Approve this adjustment?' : 'Reject this adjustment?',
    message: decision === 'approve' ? 'The stock ledger gets the correction now.' : 'Stock stays as it is.',
    okLabel: decision === 'approve' ? 'Approve' : 'Reject',
    type: decision === 'approve' ? 'positive' : 'negative',
  });
  if (!ok) return;
  await withConnection(async () => {
    await api.post(API.stockAdjustments[decision](adjustment.id), {});
    notify({ type: 'positive', message: decision === 'approve' ? 'Adjustment approved.' : 'Adjustment rejected.' });
    await reloadData(DATA);
  });
}

interface AdjustmentRow {
  adjustment: StockAdjustment;
  date: string;
  material: string;
  quantity: string;
  reason: string;
  status: StockAdjustmentStatus;
}

/** Stock adjustments (stock-adjustments-home, and its create route with the form open). */
export default function StockAdjustmentsScreen() {
  const route = useCurrentRoute();
  const { user } = useSession();
  const [requesting, setRequesting] = useState(route?.name === 'stock-adjustment-create');
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('stockAdjustments');
  const found = useLiveQuery(async () => {
    const adjustments = await mirror.rowsOf<StockAdjustment>('stockAdjustments').toArray();
    const materials = (await mirror.rowsOf<Material>('materials').bulkGet(adjustments.map((a) => a.material))) as (Material | undefined)[];
    return adjustments.map((adjustment, i) => ({ adjustment, material: materials[i] }));
  }, []);
  const rows = useMemo<AdjustmentRow[] | undefined>(
    () =>
      found?.map(({ adjustment, material }) => ({
        adjustment,
        date: adjustment.created_at,
        material: material?.name ?? `Material ${adjustment.material}`,
        quantity: adjustment.quantity,
        reason: adjustment.reason,
        status: adjustment.status,
      })),
    [found],
  );
  const decides = can(user, 'stock-adjustments.decide');

  const columns = useMemo<ColumnDef<AdjustmentRow, unknown>[]>(
    () => [
      { id: 'date', header: 'Date', accessorKey: 'date', cell: ({ row }) => formatDisplayDate(row.original.date) },
      { id: 'material', header: 'Material', accessorKey: 'material' },
      { id: 'quantity', header: 'Quantity', accessorFn: (r) => approximateNumber(r.quantity), cell: ({ row }) => formatIndian(row.original.quantity), meta: { numeric: true } },
      { id: 'reason', header: 'Reason', accessorKey: 'reason' },
      badgeColumn({ id: 'status', header: 'Status', allLabel: 'All statuses', options: STOCK_ADJUSTMENT_STATUSES, palette: STATUS_PALETTE, value: (r) => r.status }),
      ...(decides
        ? [
            {
              id: 'decide',
              header: '',
              enableSorting: false,
              cell: ({ row }: { row: { original: AdjustmentRow } }) =>
                row.original.status === 'pending' && row.original.adjustment.id > 0 ? (
                  <HStack>
                    {isMaker('stock-adjustment', row.original.adjustment, user) ? (
                      <Text fontSize="sm" color="fg.muted">
                        {ownApprovalMessage('stock-adjustment')}
                      </Text>
                    ) : (
                      <Button size="sm" colorPalette="green" onClick={() => decide(row.original.adjustment, 'approve')}>
                        Approve
                      </Button>
                    )}
                    <Button size="sm" variant="outline" colorPalette="red" onClick={() => decide(row.original.adjustment, 'reject')}>
                      Reject
                    </Button>
                  </HStack>
                ) : null,
            } satisfies ColumnDef<AdjustmentRow, unknown>,
          ]
        : []),
    ],
    [decides, user],
  );

  return (
    <Stack gap="4">
      <Flex align="center" gap="3">
        <Heading size="xl" flex="1">
          Stock adjustments
        </Heading>
        {can(user, 'stock-adjustments.request') && !requesting && <Button onClick={() => setRequesting(true)}>Request adjustment</Button>}
      </Flex>
      {requesting && <AdjustmentForm onDone={() => setRequesting(false)} />}
      <LocalDataTable
        columns={columns}
        rows={rows}
        pageSize={PAGE_SIZE}
        rowKey={(r) => r.adjustment.id}
        search="Search adjustments"
        initialSorting={NEWEST_FIRST}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        empty="No stock adjustments."
      />
    </Stack>
  );
}
