import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import type { Customer } from '../../../domain/customer';
import { INDIAN_STATES } from '../../../domain/india';
import { can } from '../../../domain/permissions';
import { pathOf, type RouteName } from '../../../domain/routes';
import { mirror } from '../../data/mirror/db';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { NewCustomerForm } from './NewCustomerForm';
import { useCustomerScreens } from './routes';
import { RowLink } from '../../ui/RowLink';

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
      <RowLink to={pathOf(detail, { customer: row.original.id })}>{row.original.name}</RowLink>
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
  const pending = usePendingIds('customers');
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  return (
    <LocalListScreen
      title="Customers"
      data={DATA}
      actions={can(user, 'customers.write') && !adding && <Button onClick={() => setAdding(true)}>New customer</Button>}
      columns={columns}
      rows={customers}
      pageSize={PAGE_SIZE}
      rowKey={(c) => c.id}
      search="Search customers"
      initialSorting={BY_NAME}
      pending={pending}
      empty="No customers."
    >
      {adding && <NewCustomerForm onDone={() => setAdding(false)} />}
    </LocalListScreen>
  );
}
