import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, DataList, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { JOB_ORDER_STATUSES, jobOrderLabel } from '../../../domain/job-order';
import { LEAD_STAGES } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf, type RouteName } from '../../../domain/routes';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { formatIndian, sign } from '../../../domain/decimal';
import { INVOICE_RECEIVABLE_STATUSES, isInvoiceOverdue, type InvoiceListRow } from '../../../domain/invoice';
import { totalOf } from '../../../domain/totals';
import { serverIdOf, usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { BranchesSection } from './BranchesSection';
import { InvoiceStatusBadge } from '../../ui/InvoiceStatusBadge';
import { QuotationStatusBadge } from '../../ui/QuotationStatusBadge';
import { SalesOrderStatusBadge } from '../../ui/SalesOrderStatusBadge';
import { useCustomer, useCustomerInvoices, useCustomerJobOrders, useCustomerLeads, useCustomerQuotations, useCustomerSalesOrders } from './data';
import { LpoCodesSection } from './LpoCodesSection';
import { useCustomerScreens } from './routes';
import { DetailTitle, Notice, notOnDevice } from '../../ui/detail';

/** A column of a table of the customer's documents: its header, and each row's cell. */
interface Column<T> {
  header: string;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

/**
 * One table of the customer's documents on the device (job orders, quotations, sales orders,
 * leads): the first column links each row to its own screen, the others fold into labelled
 * lines on a narrow screen.
 */
function CustomerRowsTable<T extends { id: number }>({ label, rows, empty, link, columns }: { label: string; rows: readonly T[] | undefined; empty: string; link: Column<T> & { to: (row: T) => string }; columns: readonly Column<T>[] }) {
  if (!rows) return <Text color="fg.muted">Loading…</Text>;
  if (!rows.length) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            {[link, ...columns].map((column) => (
              <Table.ColumnHeader key={column.header} textAlign={column.numeric ? 'end' : undefined}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell>
                <Link asChild colorPalette="teal" minH="11" minW="11" display="inline-flex" alignItems="center">
                  <RouterLink to={link.to(row)}>{link.cell(row)}</RouterLink>
                </Link>
              </Table.Cell>
              {columns.map((column) => (
                <Table.Cell key={column.header} data-label={column.header} textAlign={column.numeric ? 'end' : undefined} whiteSpace={column.numeric ? 'nowrap' : undefined}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The customer's job orders on the device, each opening its detail. */
function JobOrders({ customer }: { customer: number }) {
  return (
    <CustomerRowsTable
      label="Job orders of the customer"
      rows={useCustomerJobOrders(customer)}
      empty="No job orders on this device."
      link={{ header: 'Job order', to: (jobOrder) => pathOf('job-order-detail', { id: jobOrder.id }), cell: (jobOrder) => (jobOrder.id > 0 ? jobOrderLabel(jobOrder) : 'New job order') }}
      columns={[
        { header: 'Status', cell: (jobOrder) => (jobOrder.cancelled_at ? 'Cancelled' : labelOf(JOB_ORDER_STATUSES, jobOrder.status)) },
        { header: 'Value', numeric: true, cell: (jobOrder) => formatIndian(jobOrder.total_value) },
        { header: 'Created', cell: (jobOrder) => formatDisplayDate(jobOrder.created_at) },
      ]}
    />
  );
}

/** The customer's quotations on the device, each opening its detail in the same area. */
function Quotations({ customer, detail }: { customer: number; detail: RouteName }) {
  return (
    <CustomerRowsTable
      label="Quotations of the customer"
      rows={useCustomerQuotations(customer)}
      empty="No quotations on this device."
      link={{ header: 'Quotation No.', to: (quotation) => pathOf(detail, { id: quotation.id }), cell: (quotation) => quotation.number ?? 'New' }}
      columns={[
        { header: 'Date', cell: (quotation) => formatDisplayDate(quotation.quotation_date) },
        { header: 'Status', cell: (quotation) => <QuotationStatusBadge status={quotation.status} /> },
        { header: 'Total', numeric: true, cell: (quotation) => formatIndian(quotation.total_amount) },
      ]}
    />
  );
}

/** The customer's sales orders on the device, each opening its detail in the same area. */
function SalesOrders({ customer, detail }: { customer: number; detail: RouteName }) {
  return (
    <CustomerRowsTable
      label="Sales orders of the customer"
      rows={useCustomerSalesOrders(customer)}
      empty="No sales orders on this device."
      link={{ header: 'Order No.', to: (order) => pathOf(detail, { id: order.id }), cell: (order) => order.id }}
      columns={[
        { header: 'Order date', cell: (order) => formatDisplayDate(order.order_date) },
        { header: 'Status', cell: (order) => <SalesOrderStatusBadge status={order.status} /> },
        { header: 'Order value', numeric: true, cell: (order) => formatIndian(order.total_order_value) },
      ]}
    />
  );
}

/** What the customer owes on its issued invoices, and how much of it is overdue on the business day. */
function Owed({ invoices }: { invoices: readonly InvoiceListRow[] }) {
  const today = businessToday();
  const owing = invoices.filter((i) => INVOICE_RECEIVABLE_STATUSES.includes(i.status));
  const outstanding = totalOf(owing.map((i) => i.outstanding_amount));
  const overdue = totalOf(owing.filter((i) => isInvoiceOverdue(i, today)).map((i) => i.outstanding_amount));
  return (
    <Text fontSize="lg">
      Outstanding <strong>₹{formatIndian(outstanding)}</strong>
      {sign(overdue) > 0 && (
        <Text as="span" color="red.fg">
          {' '}
          (₹{formatIndian(overdue)} overdue)
        </Text>
      )}
    </Text>
  );
}

/** The customer's invoices on the device, each opening its detail, under what the customer owes. */
function Invoices({ customer }: { customer: number }) {
  const invoices = useCustomerInvoices(customer);
  return (
    <Stack gap="3">
      {invoices && <Owed invoices={invoices} />}
      <CustomerRowsTable
        label="Invoices of the customer"
        rows={invoices}
        empty="No invoices on this device."
        link={{ header: 'Invoice No.', to: (invoice) => pathOf('invoice-detail', { id: invoice.id }), cell: (invoice) => invoice.invoice_number ?? 'Draft' }}
        columns={[
          { header: 'Date', cell: (invoice) => formatDisplayDate(invoice.invoice_date) },
          { header: 'Status', cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
          { header: 'Total', numeric: true, cell: (invoice) => formatIndian(invoice.total_amount) },
          { header: 'Outstanding', numeric: true, cell: (invoice) => formatIndian(invoice.outstanding_amount) },
        ]}
      />
    </Stack>
  );
}

/** The leads on the device that became this customer, each opening its detail. */
function Leads({ customer }: { customer: number }) {
  return (
    <CustomerRowsTable
      label="Leads of the customer"
      rows={useCustomerLeads(customer)}
      empty="No leads on this device."
      link={{ header: 'Lead', to: (lead) => pathOf('lead-detail', { lead: lead.id }), cell: (lead) => lead.company }}
      columns={[
        { header: 'Contact person', cell: (lead) => lead.contact_person || '—' },
        { header: 'Stage', cell: (lead) => labelOf(LEAD_STAGES, lead.stage) },
        { header: 'Follow-up', cell: (lead) => formatDisplayDate(lead.followup_date) || '—' },
      ]}
    />
  );
}

function Section({ children }: { children: React.ReactNode }) {
  return (
    <Card.Root>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * customer-detail and sales-customer-detail: the customer from the device with its branches and
 * LPO codes (added and edited here, offline too), its quotations, sales orders, job orders and the
 * leads it came from. Invoices and outstanding join once the device holds them (issue 20).
 */
export default function CustomerDetailScreen() {
  const id = Number(useParams().customer);
  const screens = useCustomerScreens();
  const navigate = useNavigate();
  const { user } = useSession();
  const found = useCustomer(id);
  const pending = usePendingIds('customers');

  // A customer made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (found?.customer || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf(screens.detail, { customer: serverId }), { replace: true }));
  }, [found, id, screens.detail, navigate]);

  if (!found) return <Text>Loading…</Text>;
  const { customer, branches, lpoCodes } = found;
  if (!customer) {
    return (
      <Notice text={notOnDevice(`Customer ${id}`)} />
    );
  }
  const editable = can(user, 'customers.write');
  const fields: [string, string][] = [
    ['Phone', customer.phone || '—'],
    ['Email', customer.email || '—'],
    ['GST number', customer.gst_number || '—'],
    ['State', customer.state],
    ['Address', customer.address || '—'],
    ['Uses LPO codes', customer.enable_lpo_codes ? 'Yes' : 'No'],
  ];

  return (
    <Stack gap="5" maxW="5xl">
      <DetailTitle title={customer.name} pending={pending.has(customer.id)}>
        {editable && (
          <Button asChild size="lg">
            <RouterLink to={pathOf(screens.edit, { customer: customer.id })}>Edit customer</RouterLink>
          </Button>
        )}
      </DetailTitle>
      <DataList.Root orientation="horizontal">
        {fields.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>

      <Section>
        <BranchesSection customer={customer.id} branches={branches} editable={editable} />
      </Section>

      {customer.enable_lpo_codes && (
        <Section>
          <LpoCodesSection customer={customer.id} codes={lpoCodes} editable={editable} />
        </Section>
      )}

      {can(user, 'quotations.read') && (
        <Section>
          <Stack gap="4">
            <Heading size="lg">Quotations</Heading>
            <Quotations customer={customer.id} detail={screens.quotation} />
          </Stack>
        </Section>
      )}

      {can(user, 'sales-orders.read') && (
        <Section>
          <Stack gap="4">
            <Heading size="lg">Sales orders</Heading>
            <SalesOrders customer={customer.id} detail={screens.salesOrder} />
          </Stack>
        </Section>
      )}

      {can(user, 'job-orders.read') && (
        <Section>
          <Stack gap="4">
            <Heading size="lg">Job orders</Heading>
            <JobOrders customer={customer.id} />
          </Stack>
        </Section>
      )}

      {can(user, 'invoices.read') && (
        <Section>
          <Stack gap="4">
            <Heading size="lg">Invoices</Heading>
            <Invoices customer={customer.id} />
          </Stack>
        </Section>
      )}

      {can(user, 'leads.read') && (
        <Section>
          <Stack gap="4">
            <Heading size="lg">Leads</Heading>
            <Leads customer={customer.id} />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
