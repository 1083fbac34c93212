import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@chakra-ui/react';
import { API } from '../../domain/api-paths';
import type { InvoiceableOrder } from '../../domain/invoice';
import { can } from '../../domain/permissions';
import { pathOf } from '../../domain/routes';
import { api } from '../data/api';
import { useSession } from '../data/session';

const KINDS = {
  'sales-order': { path: API.invoices.invoiceableSalesOrders, route: 'invoice-from-sales-order', param: 'salesOrderId' },
  'job-order': { path: API.invoices.invoiceableJobOrders, route: 'invoice-from-job-order', param: 'jobOrderId' },
} as const;

/**
 * "Create invoice" on a sales order's or job order's detail, for those who write invoices, while
 * the server lists the order among invoiceable_sales_orders/ or invoiceable_job_orders/ (confirmed
 * or dispatched, with no live invoice: the rule stays on the server). It leads to the invoices'
 * screen by its route, so the order's feature imports nothing of the invoices'. Offline the list
 * cannot be asked, and invoicing needs the server anyway: the link does not show.
 */
export function InvoiceFromOrderLink({ kind, id }: { kind: keyof typeof KINDS; id: number }) {
  const { user } = useSession();
  const { path, route, param } = KINDS[kind];
  const mayInvoice = can(user, 'invoices.write');
  const invoiceable = useQuery({
    queryKey: ['invoices', 'invoiceable', kind],
    queryFn: async () => (await api.get<InvoiceableOrder[]>(path)).data,
    enabled: mayInvoice && id > 0,
    staleTime: 60_000,
  });
  if (!mayInvoice || !invoiceable.data?.some((order) => order.id === id)) return null;
  return (
    <Button asChild size="lg" minH="11" colorPalette="green">
      <RouterLink to={pathOf(route, { [param]: id })}>Create invoice</RouterLink>
    </Button>
  );
}
