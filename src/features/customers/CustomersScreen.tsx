import type { ColumnDef } from '@tanstack/react-table';
import { Heading, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import type { Customer } from '../../../domain/customer';
import { INDIAN_STATES } from '../../../domain/india';
import { mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { reloadData } from '../../data/preload';
import { LocalDataTable } from '../../ui/DataTable';
import { Freshness } from '../../ui/Freshness';

/** 15 rows a page, as the other lists of business-areas.md §9. */
const PAGE_SIZE = 15;
const BY_NAME = [{ id: 'name', desc: false }];
const DATA: readonly DataType[] = ['customers'];

const columns: ColumnDef<Customer, unknown>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'state', header: 'State', accessorKey: 'state', meta: { filter: { label: 'State', allLabel: 'All states', options: INDIAN_STATES } } },
  { id: 'phone', header: 'Phone', accessorKey: 'phone' },
  { id: 'email', header: 'Email', accessorKey: 'email' },
];

/** The customers list (customers-home), read from the device: the rows the server gave this user. */
export default function CustomersScreen() {
  const customers = useLiveQuery(() => mirror.rowsOf<Customer>('customers').toArray(), []);
  const status = useMirrorStatus(DATA);
  return (
    <Stack gap="4">
      <Heading size="xl">Customers</Heading>
      <LocalDataTable
        columns={columns}
        rows={customers}
        pageSize={PAGE_SIZE}
        rowKey={(c) => c.id}
        search="Search customers"
        initialSorting={BY_NAME}
        note={<Freshness {...status} onRefresh={() => void reloadData(DATA)} />}
        empty="No customers."
      />
    </Stack>
  );
}
