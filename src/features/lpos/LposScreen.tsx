import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { formatIndian } from '../../../domain/decimal';
import { LPO_STATUSES, type LpoListRow } from '../../../domain/lpo';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { badgeColumn } from '../../ui/badge-column';
import { byAge, LocalListScreen } from '../../ui/LocalListScreen';
import { RowLink } from '../../ui/RowLink';
import { LPO_PAGE_SIZE } from './api';
import { LPO_STATUS_PALETTE } from './parts';

const NEWEST_FIRST = [{ id: 'number', desc: true }];
const DATA: readonly DataType[] = ['lpos', 'vendors'];

const COLUMNS: ColumnDef<LpoListRow, unknown>[] = [
  {
    id: 'number',
    header: 'LPO No.',
    accessorFn: (row) => String(row.id),
    sortingFn: byAge,
    cell: ({ row }) => <RowLink to={pathOf('lpo-detail', { id: row.original.id })}>{row.original.id}</RowLink>,
  },
  { id: 'lpo_date', header: 'Date', accessorKey: 'lpo_date', cell: ({ row }) => formatDisplayDate(row.original.lpo_date) },
  { id: 'vendor', header: 'Vendor', accessorKey: 'vendor_name' },
  badgeColumn<LpoListRow, LpoListRow['status']>({ id: 'status', header: 'Status', allLabel: 'All statuses', options: LPO_STATUSES, palette: LPO_STATUS_PALETTE, value: (row) => row.status }),
  { id: 'total_amount', header: 'Total (₹)', accessorFn: (row) => formatIndian(row.total_amount), meta: { numeric: true } },
];

/** lpos-home: the LPOs the device holds, the newest first, 15 a page; New LPO for purchase staff. */
export default function LposScreen() {
  const lpos = useLiveQuery(async () => (await mirror.rowsOf<LpoListRow>('lpos').toArray()).filter((l) => !l.deleted_at), []);
  const pending = usePendingIds('lpos');
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <LocalListScreen
      title="LPOs"
      data={DATA}
      actions={
        <>
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('lpo-pending-receipt'))}>
            Pending receipt
          </Button>
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('lpo-consolidated'))}>
            Consolidated
          </Button>
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('lpos-cancelled'))}>
            Cancelled LPO&apos;s
          </Button>
          {can(user, 'lpos.write') && (
            <Button size="lg" minH="11" onClick={() => navigate(pathOf('lpo-create'))}>
              New LPO
            </Button>
          )}
        </>
      }
      columns={COLUMNS}
      rows={lpos}
      pageSize={LPO_PAGE_SIZE}
      rowKey={(l) => l.id}
      search="Search LPOs"
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty="No LPOs."
    />
  );
}
