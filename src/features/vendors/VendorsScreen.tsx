import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { INDIAN_STATES } from '../../../domain/india';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import type { Vendor } from '../../../domain/vendor';
import { mirror } from '../../data/mirror/db';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { VendorForm } from './VendorForm';
import { RowLink } from '../../ui/RowLink';

/** 15 rows a page, as the other lists of business-areas.md §9. */
const PAGE_SIZE = 15;
const BY_NAME = [{ id: 'name', desc: false }];
const DATA: readonly DataType[] = ['vendors'];

const COLUMNS: ColumnDef<Vendor, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorKey: 'name',
    cell: ({ row }) => (
      <RowLink to={pathOf('vendor-detail', { vendor: row.original.id })}>{row.original.name}</RowLink>
    ),
  },
  { id: 'contact_person', header: 'Contact person', accessorKey: 'contact_person' },
  { id: 'phone', header: 'Phone', accessorKey: 'phone' },
  { id: 'state', header: 'State', accessorKey: 'state', meta: { filter: { label: 'State', allLabel: 'All states', options: INDIAN_STATES } } },
  { id: 'gst_number', header: 'GST number', accessorKey: 'gst_number' },
];

/** vendors-home: the suppliers, read from the device, with New vendor for purchase staff (offline too). */
export default function VendorsScreen() {
  const vendors = useLiveQuery(async () => (await mirror.rowsOf<Vendor>('vendors').toArray()).filter((v) => !v.deleted_at), []);
  const pending = usePendingIds('vendors');
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  return (
    <LocalListScreen
      title="Vendors"
      data={DATA}
      actions={
        can(user, 'vendors.write') &&
        !adding && (
          <Button size="lg" onClick={() => setAdding(true)}>
            New vendor
          </Button>
        )
      }
      columns={COLUMNS}
      rows={vendors}
      pageSize={PAGE_SIZE}
      rowKey={(v) => v.id}
      search="Search vendors"
      initialSorting={BY_NAME}
      pending={pending}
      empty="No vendors."
    >
      {adding && <VendorForm onDone={() => setAdding(false)} />}
    </LocalListScreen>
  );
}
