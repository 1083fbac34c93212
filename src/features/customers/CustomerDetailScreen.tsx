import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, DataList, Flex, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { JOB_ORDER_STATUSES, jobOrderLabel } from '../../../domain/job-order';
import { LEAD_STAGES } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf, type RouteName } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatIndian } from '../../../domain/decimal';
import { serverIdOf, usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { BranchesSection } from './BranchesSection';
import { QuotationStatusBadge } from '../../ui/QuotationStatusBadge';
import { SalesOrderStatusBadge } from '../../ui/SalesOrderStatusBadge';
import { useCustomer, useCustomerJobOrders, useCustomerLeads, useCustomerQuotations, useCustomerSalesOrders } from './data';
import { LpoCodesSection } from './LpoCodesSection';
import { useCustomerScreens } from './routes';

/** The customer's job orders on the device, each opening its detail. */
function JobOrders({ customer }: { customer: number }) {
  const jobOrders = useCustomerJobOrders(customer);
  if (!jobOrders) return <Text color="fg.muted">Loading…</Text>;
  if (!jobOrders.length) return <Text color="fg.muted">No job orders on this device.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label="Job orders of the customer" css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Job order</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {jobOrders.map((jobOrder) => (
            <Table.Row key={jobOrder.id}>
              <Table.Cell>
                <Link asChild colorPalette="teal" minH="11" display="inline-flex" alignItems="center">
                  <RouterLink to={pathOf('job-order-detail', { id: jobOrder.id })}>{jobOrder.id > 0 ? jobOrderLabel(jobOrder) : 'New job order'}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell data-label="Status">{jobOrder.cancelled_at ? 'Cancelled' : labelOf(JOB_ORDER_STATUSES, jobOrder.status)}</Table.Cell>
              <Table.Cell data-label="Value" textAlign="end" whiteSpace="nowrap">
                {formatIndian(jobOrder.total_value)}
              </Table.Cell>
              <Table.Cell data-label="Created">{formatDisplayDate(jobOrder.created_at)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The customer's quotations on the device, each opening its detail in the same area. */
function Quotations({ customer, detail }: { customer: number; detail: RouteName }) {
  const quotations = useCustomerQuotations(customer);
  if (!quotations) return <Text color="fg.muted">Loading…</Text>;
  if (!quotations.length) return <Text color="fg.muted">No quotations on this device.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label="Quotations of the customer" css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Quotation No.</Table.ColumnHeader>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {quotations.map((quotation) => (
            <Table.Row key={quotation.id}>
              <Table.Cell>
                <Link asChild colorPalette="teal" minH="11" minW="11" display="inline-flex" alignItems="center">
                  <RouterLink to={pathOf(detail, { id: quotation.id })}>{quotation.number ?? 'New'}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell data-label="Date">{formatDisplayDate(quotation.quotation_date)}</Table.Cell>
              <Table.Cell data-label="Status">
                <QuotationStatusBadge status={quotation.status} />
              </Table.Cell>
              <Table.Cell data-label="Total" textAlign="end" whiteSpace="nowrap">
                {formatIndian(quotation.total_amount)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The customer's sales orders on the device, each opening its detail in the same area. */
function SalesOrders({ customer, detail }: { customer: number; detail: RouteName }) {
  const orders = useCustomerSalesOrders(customer);
  if (!orders) return <Text color="fg.muted">Loading…</Text>;
  if (!orders.length) return <Text color="fg.muted">No sales orders on this device.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label="Sales orders of the customer" css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Order No.</Table.ColumnHeader>
            <Table.ColumnHeader>Order date</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Order value</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => (
            <Table.Row key={order.id}>
              <Table.Cell>
                <Link asChild colorPalette="teal" minH="11" minW="11" display="inline-flex" alignItems="center">
                  <RouterLink to={pathOf(detail, { id: order.id })}>{order.id}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell data-label="Order date">{formatDisplayDate(order.order_date)}</Table.Cell>
              <Table.Cell data-label="Status">
                <SalesOrderStatusBadge status={order.status} />
              </Table.Cell>
              <Table.Cell data-label="Order value" textAlign="end" whiteSpace="nowrap">
                {formatIndian(order.total_order_value)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The leads on the device that became this customer, each opening its detail. */
function Leads({ customer }: { customer: number }) {
  const leads = useCustomerLeads(customer);
  if (!leads) return <Text color="fg.muted">Loading…</Text>;
  if (!leads.length) return <Text color="fg.muted">No leads on this device.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label="Leads of the customer" css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Lead</Table.ColumnHeader>
            <Table.ColumnHeader>Contact person</Table.ColumnHeader>
            <Table.ColumnHeader>Stage</Table.ColumnHeader>
            <Table.ColumnHeader>Follow-up</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {leads.map((lead) => (
            <Table.Row key={lead.id}>
              <Table.Cell>
                <Link asChild colorPalette="teal" minH="11" display="inline-flex" alignItems="center">
                  <RouterLink to={pathOf('lead-detail', { lead: lead.id })}>{lead.company}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell data-label="Contact person">{lead.contact_person || '—'}</Table.Cell>
              <Table.Cell data-label="Stage">{labelOf(LEAD_STAGES, lead.stage)}</Table.Cell>
              <Table.Cell data-label="Follow-up">{formatDisplayDate(lead.followup_date) || '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
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
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Customer {id} is not on this device. It may have been deleted, or the list has not loaded yet.</Alert.Title>
      </Alert.Root>
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
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1" minW="0" overflowWrap="anywhere">
          {customer.name}
        </Heading>
        {pending.has(customer.id) && (
          <Badge colorPalette="orange" size="lg" title="Saved on this device, not yet on the server">
            Pending
          </Badge>
        )}
        {editable && (
          <Button asChild size="lg">
            <RouterLink to={pathOf(screens.edit, { customer: customer.id })}>Edit customer</RouterLink>
          </Button>
        )}
      </Flex>
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
