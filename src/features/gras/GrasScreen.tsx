import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { SCREEN_DATA } from '../../../domain/data-types';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import type { LocalGra } from '../../data/operations';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { byAge, LocalListScreen } from '../../ui/LocalListScreen';
import { RowLink } from '../../ui/RowLink';
import { GRA_PAGE_SIZE } from './api';
import { graTitle, lpoTitle, useGras } from './data';

const DATA = SCREEN_DATA['gra-home']!;
const NEWEST_FIRST = [{ id: 'gra_date', desc: true }];

const COLUMNS: ColumnDef<LocalGra, unknown>[] = [
  {
    id: 'number',
    header: 'GRA',
    accessorFn: (g) => graTitle(g.id),
    cell: ({ row }) => <RowLink to={pathOf('gra-detail', { id: row.original.id })}>{graTitle(row.original.id)}</RowLink>,
    sortingFn: byAge,
  },
  // The newest received first; on one day, the newest GRA (those made offline the newest of all).
  { id: 'gra_date', header: 'Date', accessorFn: (g) => formatDisplayDate(g.gra_date), sortingFn: (a, b) => a.original.gra_date.localeCompare(b.original.gra_date) || byAge(a, b) },
  { id: 'vendor', header: 'Vendor', accessorKey: 'vendor_name' },
  { id: 'lpo', header: 'LPO', accessorFn: (g) => (g.lpo !== null ? lpoTitle(g.lpo) : 'Without LPO') },
  { id: 'invoice_number', header: 'Invoice no.', accessorKey: 'invoice_number' },
  { id: 'challan_number', header: 'Challan no.', accessorKey: 'challan_number' },
];

/** gra-home: the GRAs in force, read from the device, newest received first; New GRA for stores and purchase (offline too). */
export default function GrasScreen() {
  const navigate = useNavigate();
  const { user } = useSession();
  const gras = useGras();
  const pending = usePendingIds('gras');
  return (
    <LocalListScreen
      title="GRAs"
      data={DATA}
      actions={
        <>
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('gras-cancelled'))}>
            Cancelled GRA's
          </Button>
          {can(user, 'gras.write') && (
            <Button size="lg" minH="11" onClick={() => navigate(pathOf('gra-create'))}>
              New GRA
            </Button>
          )}
        </>
      }
      columns={COLUMNS}
      rows={gras}
      pageSize={GRA_PAGE_SIZE}
      rowKey={(g) => g.id}
      search="Search vendors, LPOs, invoice or challan numbers"
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty="No goods received yet."
    />
  );
}
