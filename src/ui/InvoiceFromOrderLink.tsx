import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@chakra-ui/react';
import { API } from '../../domain/api-paths';
import { z } from 'zod';
import { invoiceableOrderSchema } from '../../domain/invoice';
import { can } from '../../domain/permissions';
import { pathOf } from '../../domain/routes';
import { api } from '../data/api';
import { useSession } from '../data/session';

/** The two kinds of order invoiced: where the server lists them and the screen that invoices one. */
export const INVOICEABLE_KINDS = {
  'sales-order': { path: API.invoices.invoiceableSalesOrders, route: 'invoice-from-sales-order', param: 'salesOrderId' },
  'job-order': { path: API.invoices.invoiceableJobOrders, route: 'invoice-from-job-order', param: 'jobOrderId' },
} as const;

export type InvoiceableKind = keyof typeof INVOICEABLE_KINDS;

/** The orders of a kind the server would invoice now; `staleTime` 0 reads them again on every entry (a dashboard). */
export const useInvoiceableOrders = (kind: InvoiceableKind, { enabled = true, staleTime = 60_000 }: { enabled?: boolean; staleTime?: number } = {}) =>
  useQuery({
    queryKey: ['invoices', 'invoiceable', kind],
    queryFn: async () => z.array(invoiceableOrderSchema).parse((await api.get(INVOICEABLE_KINDS[kind].path)).data),
    enabled,
    staleTime,
  });

/**
 * "Create invoice" on a sales order's or job order's detail, for those who write invoices, while
 * the server lists the order among invoiceable_sales_orders/ or invoiceable_job_orders/ (confirmed
 * or dispatched, with no live invoice: the rule stays on the server). It leads to the invoices'
 * screen by its route, so the order's feature imports nothing of the invoices'. Offline the list
 * cannot be asked, and invoicing needs the server anyway: the link does not show.
 */
export function InvoiceFromOrderLink({ kind, id }: { kind: InvoiceableKind; id: number }) {
  const { user } = useSession();
  const { route, param } = INVOICEABLE_KINDS[kind];
  const mayInvoice = can(user, 'invoices.write');
  const invoiceable = useInvoiceableOrders(kind, { enabled: mayInvoice && id > 0 });
  if (!mayInvoice || !invoiceable.data?.some((order) => order.id === id)) return null;
  return (
    <Button asChild size="lg" minH="11" colorPalette="green">
      <RouterLink to={pathOf(route, { [param]: id })}>Create invoice</RouterLink>
    </Button>
  );
}
