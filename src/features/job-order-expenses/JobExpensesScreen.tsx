import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, Field, HStack, NativeSelect, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { isMaker, ownApprovalMessage } from '../../../domain/duty-rules';
import {
  JOB_ORDER_EXPENSE_CATEGORIES,
  JOB_ORDER_EXPENSE_MESSAGES,
  JOB_ORDER_EXPENSE_STATUSES,
  jobOrderExpenseDecidable,
  jobOrderExpenseEditable,
  type JobOrderExpense,
  type JobOrderExpenseStatus,
  type JobOrderExpenseSummary,
} from '../../../domain/job-order-expense';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { mayEdit } from '../../../domain/row-rules';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { approximateNumber, formatIndian } from '../../../domain/decimal';
import { api } from '../../data/api';
import { useMirrorStatus } from '../../data/mirror/status';
import { useOnline } from '../../data/online';
import { enqueue, usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { openDialog } from '../../ui/dialog';
import { SelectOptions } from '../../ui/form';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { NETWORK_ERROR_MESSAGE } from '../../ui/server-errors';
import { serverFailure } from '../../ui/connection';
import { useExpenseSummary } from './api';
import { EXPENSE_DATA, EXPENSE_STATUS_PALETTE, SAVED_OFFLINE, useExpenseRows, useJobOrderOptions } from './data';
import { badgeColumn } from '../../ui/badge-column';
import { API } from '../../../domain/api-paths';
import { deleteJobOrderExpense } from '../../data/operations';

/** business-areas.md §9: job order lists show 15 rows a page. */
const PAGE_SIZE = 15;
const NEWEST_FIRST = [{ id: 'date', desc: true }];

interface Row {
  expense: JobOrderExpense;
  date: string;
  jobOrder: string;
  category: string;
  description: string;
  status: JobOrderExpenseStatus;
}

const failureCaption = (error: unknown) => serverFailure(error, NETWORK_ERROR_MESSAGE);

/** Approve or reject: needs the server (who decided, and whether it is still pending, are its to record). */
async function decide(expense: JobOrderExpense, status: 'APPROVED' | 'REJECTED', onDone: () => void): Promise<void> {
  const approve = status === 'APPROVED';
  const ok = await openDialog({
    title: approve ? 'Approve this expense?' : 'Reject this expense?',
    message: `${labelOf(JOB_ORDER_EXPENSE_CATEGORIES, expense.expense_category)} of ₹${formatIndian(expense.amount)} on job order ${expense.job_order}.${approve ? ' An approved expense can no longer be changed.' : ''}`,
    okLabel: approve ? 'Approve' : 'Reject',
    type: approve ? 'positive' : 'negative',
  });
  if (!ok) return;
  try {
    await api.patch(API.jobOrderExpenses.approve(expense.id), { status, expected_version: expense.version });
    notify({ type: 'positive', message: approve ? JOB_ORDER_EXPENSE_MESSAGES.approved : JOB_ORDER_EXPENSE_MESSAGES.rejected });
    await reloadData(['jobOrderExpenses']);
    onDone();
  } catch (error) {
    notify({ type: 'negative', message: JOB_ORDER_EXPENSE_MESSAGES.updateFailed, caption: failureCaption(error) });
  }
}

/** Delete: through the outbox, so a pending expense recorded by mistake goes offline too. */
async function remove(expense: JobOrderExpense): Promise<void> {
  const ok = await openDialog({ title: 'Delete this expense?', message: `₹${formatIndian(expense.amount)} on job order ${expense.job_order}.`, okLabel: 'Delete', cancelLabel: 'Back', type: 'negative' });
  if (!ok) return;
  try {
    await enqueue(deleteJobOrderExpense, { id: expense.id, expected_version: expense.version });
    notify({ type: 'positive', message: JOB_ORDER_EXPENSE_MESSAGES.deleted, ...(navigator.onLine ? {} : { caption: SAVED_OFFLINE }) });
  } catch (error) {
    notify({ type: 'negative', message: JOB_ORDER_EXPENSE_MESSAGES.deleteFailed, caption: error instanceof Error ? error.message : undefined });
  }
}

/** The server's exact figures for the chosen job order (or all), online only. */
function SummaryCard({ summary, online, loading }: { summary: JobOrderExpenseSummary | null; online: boolean; loading: boolean }) {
  if (!online) return <Text color="fg.muted">The expense totals come from the server: they show when the connection is back.</Text>;
  if (!summary) return loading ? <Text color="fg.muted">Loading the totals…</Text> : null;
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            {(
              [
                ['Total', summary.total_expenses, 'total'],
                ['Approved', summary.approved_expenses, 'approved'],
                ['Pending', summary.pending_expenses, 'pending'],
              ] as const
            ).map(([label, value, id]) => (
              <Stat.Root key={id}>
                <Stat.Label>{label}</Stat.Label>
                <Stat.ValueText data-testid={`expenses-${id}`}>₹{formatIndian(value)}</Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          {summary.expenses_by_category.length > 0 && (
            <HStack wrap="wrap" gap="2">
              {summary.expenses_by_category.map((c) => (
                <Badge key={c.expense_category} size="lg" variant="subtle">
                  {labelOf(JOB_ORDER_EXPENSE_CATEGORIES, c.expense_category)}: ₹{formatIndian(c.total)}
                </Badge>
              ))}
            </HStack>
          )}
          <Text fontSize="sm" color="fg.muted">
            Rejected expenses are not counted.
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** job-expenses-home: the expenses on the device, by job order and status, with the server's totals. */
export default function JobExpensesScreen() {
  const route = useCurrentRoute();
  const { user } = useSession();
  const online = useOnline();
  const expenses = useExpenseRows();
  const jobOrders = useJobOrderOptions(false);
  const status = useMirrorStatus(EXPENSE_DATA);
  const pending = usePendingIds('jobOrderExpenses');
  const [jobOrder, setJobOrder] = useState('');

  const summary = useExpenseSummary(jobOrder);
  // Offline the totals wait for the server, and the card says so: only a failed read is told.
  const failure = status.error ?? (summary.error ? failureCaption(summary.error) : null);
  useEffect(() => {
    if (failure) notify({ type: 'negative', message: JOB_ORDER_EXPENSE_MESSAGES.loadFailed, caption: failure });
  }, [failure]);

  const writes = can(user, 'job-order-expenses.write');
  const approves = can(user, 'job-order-expenses.approve') && online;
  const reloadSummary = summary.refetch;

  const rows = useMemo<Row[] | undefined>(
    () =>
      expenses
        ?.filter(({ expense }) => !jobOrder || expense.job_order === Number(jobOrder))
        .map(({ expense, jobOrderLabel }) => ({
          expense,
          date: expense.expense_date,
          jobOrder: jobOrderLabel,
          category: labelOf(JOB_ORDER_EXPENSE_CATEGORIES, expense.expense_category),
          description: expense.description,
          status: expense.status,
        })),
    [expenses, jobOrder],
  );

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'date', header: 'Date', accessorKey: 'date', cell: ({ row }) => formatDisplayDate(row.original.date) },
      { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
      { id: 'category', header: 'Category', accessorKey: 'category' },
      { id: 'description', header: 'Description', accessorKey: 'description' },
      { id: 'amount', header: 'Amount (₹)', accessorFn: (r) => approximateNumber(r.expense.amount), cell: ({ row }) => formatIndian(row.original.expense.amount), meta: { numeric: true } },
      badgeColumn({ id: 'status', header: 'Status', allLabel: 'All statuses', options: JOB_ORDER_EXPENSE_STATUSES, palette: EXPENSE_STATUS_PALETTE, value: (r) => r.status }),
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) => {
          const { expense } = row.original;
          const sent = expense.id > 0 && !pending.has(expense.id);
          return (
            <HStack gap="2" wrap="wrap">
              {approves && sent && jobOrderExpenseDecidable(expense) && (
                <>
                  {isMaker('job-order-expense', expense, user) ? (
                    <Text fontSize="sm" color="fg.muted">
                      {ownApprovalMessage('job-order-expense')}
                    </Text>
                  ) : (
                    <Button size="md" minH="11" colorPalette="green" onClick={() => void decide(expense, 'APPROVED', reloadSummary)}>
                      Approve
                    </Button>
                  )}
                  <Button size="md" minH="11" variant="outline" colorPalette="red" onClick={() => void decide(expense, 'REJECTED', reloadSummary)}>
                    Reject
                  </Button>
                </>
              )}
              {writes && user && mayEdit('jobOrderExpense', user, expense) && jobOrderExpenseEditable(expense) && (
                <>
                  <Button asChild size="md" minH="11" variant="outline">
                    <RouterLink to={`${pathOf('job-expense-create')}?expense=${expense.id}`}>Edit</RouterLink>
                  </Button>
                  <Button size="md" minH="11" variant="ghost" colorPalette="red" onClick={() => void remove(expense)}>
                    Delete
                  </Button>
                </>
              )}
            </HStack>
          );
        },
      },
    ],
    [approves, writes, user, pending, reloadSummary],
  );

  return (
    <LocalListScreen
      title={route?.title ?? 'Job expenses'}
      actions={
        writes && (
          <Button asChild size="lg" minH="14">
            <RouterLink to={jobOrder ? `${pathOf('job-expense-create')}?job_order=${jobOrder}` : pathOf('job-expense-create')}>New expense</RouterLink>
          </Button>
        )
      }
      data={EXPENSE_DATA}
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.expense.id}
      search="Search expenses"
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty="No job expenses."
    >
      <Box maxW="lg">
        <Field.Root>
          <Field.Label>Job order</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field aria-label="Job order" value={jobOrder} onChange={(e) => setJobOrder(e.target.value)}>
              <SelectOptions blank="All job orders" options={jobOrders ?? []} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Box>
      <SummaryCard summary={summary.data ?? null} online={online} loading={summary.isFetching} />
    </LocalListScreen>
  );
}
