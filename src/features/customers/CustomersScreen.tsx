import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Heading, Link, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import type { Customer } from '../../../domain/customer';
import { INDIAN_STATES } from '../../../domain/india';
import { can } from '../../../domain/permissions';
import { pathOf, type RouteName } from '../../../domain/routes';
import { mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable } from '../../ui/DataTable';
import { Freshness } from '../../ui/Freshness';
import { NewCustomerForm } from './NewCustomerForm';
import { useCustomerScreens } from './routes';

/** 15 rows a page, as the other lists of business-areas.md §9. */
const PAGE_SIZE = 15;
const BY_NAME = [{ id: 'name', desc: false }];
const DATA: readonly DataType[] = ['customers'];

/** The columns, the name opening the customer's detail in the list's own layout. */
const columnsFor = (detail: RouteName): ColumnDef<Customer, unknown>[] => [
  {
    id: 'name',
    header: 'Name',
    accessorKey: 'name',
    cell: ({ row }) => (
      <Link asChild colorPalette="teal" minH="11" display="inline-flex" alignItems="center">
        <RouterLink to={pathOf(detail, { customer: row.original.id })}>{row.original.name}</RouterLink>
      </Link>
    ),
  },
  { id: 'state', header: 'State', accessorKey: 'state', meta: { filter: { label: 'State', allLabel: 'All states', options: INDIAN_STATES } } },
  { id: 'phone', header: 'Phone', accessorKey: 'phone' },
  { id: 'email', header: 'Email', accessorKey: 'email' },
];

/** The customers list (customers-home, and sales-customers in the sales layout), read from the device: the rows the server gave this user. */
export default function CustomersScreen() {
  const detail = useCustomerScreens().detail;
  const columns = useMemo(() => columnsFor(detail), [detail]);
  const customers = useLiveQuery(() => mirror.rowsOf<Customer>('customers').toArray(), []);
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('customers');
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3">
        <Heading size="xl" flex="1">
          Customers
        </Heading>
        {can(user, 'customers.write') && !adding && <Button onClick={() => setAdding(true)}>New customer</Button>}
      </Flex>
      {adding && <NewCustomerForm onDone={() => setAdding(false)} />}
      <LocalDataTable
        columns={columns}
        rows={customers}
        pageSize={PAGE_SIZE}
        rowKey={(c) => c.id}
        search="Search customers"
        initialSorting={BY_NAME}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        empty="No customers."
      />
    </Stack>
  );
}
