import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, Heading, Link, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { API } from '../../../domain/api-paths';
import { formatIndian } from '../../../domain/decimal';
import type { DashboardSummary } from '../../../domain/invoice';
import type { JobOrderStatusWiseDetailedRow } from '../../../domain/job-order';
import type { SalesOrderDashboard } from '../../../domain/sales-order';
import { isRouteVisible, mayOpen } from '../../../domain/menus';
import { mayUse } from '../../../domain/permissions';
import { pathOf, routeByName, type RouteName } from '../../../domain/routes';
import { formatCount } from '../../../domain/rules/numbers';
import { api } from '../../data/api';
import { useSession } from '../../data/session';
import { DashboardAlert, FigureTile, useDashboardView } from '../../ui/dashboard';

/**
 * reports-home (product-frame.md §3 "Management report area", decision 376): a tab per reports
 * area, 'jobs' first and chosen by default (kept in the address as ?tab=), each a summary of
 * today's figures and the reports of the area the user may open; a tab with none is not shown.
 */
export const REPORT_TABS = [
  { value: 'jobs', label: 'Jobs', routes: ['job-orders-reports', 'profitability-report'] },
  { value: 'sales-orders', label: 'Sales orders', routes: ['sales-orders-reports', 'sales-orders-reports-dashboard', 'sales-orders-reports-analysis', 'sales-orders-reports-status', 'sales-orders-reports-customers', 'sales-orders-reports-profitability', 'sales-orders-pending-advance', 'sales-orders-overdue'] },
  { value: 'invoices', label: 'Invoices', routes: ['invoices-reports', 'invoices-reports-dashboard', 'invoices-reports-revenue', 'invoices-reports-payments', 'invoices-reports-tax', 'invoices-reports-customer-billing', 'invoices-reports-aging'] },
  { value: 'materials', label: 'Materials', routes: ['materials-reports', 'materials-reports-stock', 'materials-reports-aging'] },
] as const satisfies readonly { value: string; label: string; routes: readonly RouteName[] }[];

type Tab = (typeof REPORT_TABS)[number]['value'];
export const DEFAULT_REPORT_TAB: Tab = 'jobs';

function JobsSummary() {
  const view = useDashboardView(useQuery({ queryKey: ['reports-home', 'jobs'], queryFn: async () => (await api.get<JobOrderStatusWiseDetailedRow[]>(API.jobOrders.statusWiseDetailed)).data, staleTime: 0 }));
  return (
    <>
      <DashboardAlert {...view} />
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        {(view.data ?? []).map((row) => (
          <FigureTile key={row.status} label={row.status_label} value={formatCount(row.count)} help={`Value ${formatIndian(row.total_value)}`} testId={`jobs-${row.status}`} />
        ))}
      </SimpleGrid>
    </>
  );
}

function SalesOrdersSummary() {
  const view = useDashboardView(useQuery({ queryKey: ['reports-home', 'sales-orders'], queryFn: async () => (await api.get<SalesOrderDashboard>(API.salesOrders.dashboardStats)).data, staleTime: 0 }));
  const d = view.data;
  return (
    <>
      <DashboardAlert {...view} />
      {d && (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <FigureTile label="Booked this month" value={formatIndian(d.this_month_value)} help={`Last month ${formatIndian(d.last_month_value)}`} testId="booked" />
          <FigureTile label="Order value" value={formatIndian(d.total_value)} help="Cancelled orders left out" testId="order-value" />
          <FigureTile label="Overdue orders" value={formatCount(d.overdue_count)} help="Past their delivery date" alert={d.overdue_count > 0} testId="overdue-orders" to={pathOf('sales-orders-overdue')} />
          <FigureTile label="Advance awaited" value={formatIndian(d.pending_advance_value)} help={`${formatCount(d.pending_advance_count)} orders`} testId="advance-awaited" to={pathOf('sales-orders-pending-advance')} />
        </SimpleGrid>
      )}
    </>
  );
}

function InvoicesSummary() {
  const view = useDashboardView(useQuery({ queryKey: ['reports-home', 'invoices'], queryFn: async () => (await api.get<DashboardSummary>(API.invoices.dashboardSummary)).data, staleTime: 0 }));
  const d = view.data;
  return (
    <>
      <DashboardAlert {...view} />
      {d && (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <FigureTile label="Invoiced this month" value={formatIndian(d.invoiced_amount)} help={`${formatCount(d.invoiced_count)} invoices`} testId="invoiced" />
          <FigureTile label="Collected this month" value={formatIndian(d.collected_amount)} help="Receipts" testId="collected" />
          <FigureTile label="Outstanding" value={formatIndian(d.outstanding_amount)} help="Owed today" testId="outstanding" />
          <FigureTile label="Overdue" value={formatIndian(d.overdue_amount)} help={`${formatCount(d.overdue_count)} invoices`} alert={d.overdue_count > 0} testId="overdue" to={pathOf('invoices-reports-aging')} />
        </SimpleGrid>
      )}
    </>
  );
}

/** The figures a tab opens with, for those who may read them (the materials tab lists its reports only). */
const SUMMARIES: Partial<Record<Tab, { permission: 'job-orders.reports' | 'sales-orders.read' | 'invoices.read'; Summary: () => React.JSX.Element }>> = {
  jobs: { permission: 'job-orders.reports', Summary: JobsSummary },
  'sales-orders': { permission: 'sales-orders.read', Summary: SalesOrdersSummary },
  invoices: { permission: 'invoices.read', Summary: InvoicesSummary },
};

export default function ReportsHomeScreen() {
  const { user, modules } = useSession();
  const [search, setSearch] = useSearchParams();
  const tabs = REPORT_TABS.map((tab) => ({ ...tab, routes: tab.routes.map(routeByName).filter((route) => user !== null && isRouteVisible(route, user, modules) && mayOpen(user, route)) })).filter((tab) => tab.routes.length > 0);
  const asked = search.get('tab') ?? DEFAULT_REPORT_TAB;
  const selected = tabs.find((tab) => tab.value === asked)?.value ?? tabs[0]?.value;
  return (
    <Stack gap="4">
      <Heading size="xl">Reports</Heading>
      {!selected ? (
        <Text color="fg.muted">No reports are open to you.</Text>
      ) : (
        <Tabs.Root value={selected} onValueChange={({ value }) => setSearch({ tab: value }, { replace: true })} lazyMount>
          <Tabs.List flexWrap="wrap">
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => {
            const summary = SUMMARIES[tab.value];
            return (
              <Tabs.Content key={tab.value} value={tab.value}>
                <Stack gap="4">
                  {summary && user && mayUse(user, summary.permission) && <summary.Summary />}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    {tab.routes.map((route) => (
                      <Card.Root key={route.name}>
                        <Card.Body>
                          <Link asChild colorPalette="teal" fontWeight="semibold">
                            <RouterLink to={pathOf(route.name)}>{route.title}</RouterLink>
                          </Link>
                        </Card.Body>
                      </Card.Root>
                    ))}
                  </SimpleGrid>
                </Stack>
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </Stack>
  );
}
