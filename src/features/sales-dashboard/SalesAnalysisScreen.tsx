import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount } from '../../../domain/rules/numbers';
import { ANALYSIS_CUSTOMER_LIMIT, ANALYSIS_DEFAULT_MONTHS, salesAnalysisQuerySchema, salesFiguresScopeOf, type SalesAnalysis } from '../../../domain/sales-dashboard';
import { useOnline } from '../../data/online';
import { useSession } from '../../data/session';
import { BarChart, PieChart } from '../../ui/charts';
import { readFailure } from '../../ui/connection';
import { DashboardSection, FigureTile } from '../../ui/dashboard';
import { chosenFilters, ReportFilters, type ReportFilter } from '../../ui/ReportFilters';
import { ShortTable, type ShortColumn } from '../../ui/ShortTable';
import { useSalesAnalysis, useSalesExecutiveOptions } from './api';

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));
/** A conversion rate as shown: the exact percentage, or a dash with nothing to divide by. */
const percent = (rate: string | null) => (rate === null ? '—' : `${rate} %`);
const PERIOD: ReportFilter = { kind: 'period', from: 'start_date', to: 'end_date' };


/** A breakdown of the analysis: its first cell names the row, the rest are figures. */
function FigureTable({ label, head, rows }: { label: string; head: readonly string[]; rows: readonly (readonly [key: string | number, ...cells: string[]])[] }) {
  if (!rows.length) return <Text color="fg.muted">Nothing in this period.</Text>;
  const columns: ShortColumn<(typeof rows)[number]>[] = head.map((header, i) => ({ header, cell: (row) => row[i + 1], end: i > 0 }));
  return <ShortTable label={label} columns={columns} rows={rows} rowKey={(row) => row[0]} />;
}

const business = (r: { quotations: number; quotations_value: string; orders: number; orders_value: string }) => [
  `${formatCount(r.quotations)} · ${formatIndian(r.quotations_value)}`,
  `${formatCount(r.orders)} · ${formatIndian(r.orders_value)}`,
];

function Analysis({ data }: { data: SalesAnalysis }) {
  const { funnel } = data;
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {formatDisplayDate(data.start_date)} to {formatDisplayDate(data.end_date)}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <FigureTile label="Leads" value={formatCount(funnel.leads)} help="Created in the period" testId="funnel-leads" />
        <FigureTile label="Quoted" value={formatCount(funnel.quoted)} help={`${percent(funnel.lead_to_quotation)} of the leads got a quotation`} testId="funnel-quoted" />
        <FigureTile label="Ordered" value={formatCount(funnel.ordered)} help={`${percent(funnel.quotation_to_order)} of the quoted leads ordered`} testId="funnel-ordered" />
        <FigureTile label="Lead to order" value={percent(funnel.lead_to_order)} help={`Quotations sent that became orders: ${percent(data.quotation_success_rate)} (${formatCount(data.quotations_ordered)} of ${formatCount(data.quotations_sent)})`} testId="funnel-rate" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <DashboardSection title="The funnel: lead → quotation → order">
          <BarChart
            label="Leads, quoted and ordered"
            series={[{ key: 'count', label: 'Leads', color: 'teal.solid' }]}
            data={[
              { label: 'Leads', count: funnel.leads },
              { label: 'Quoted', count: funnel.quoted },
              { label: 'Ordered', count: funnel.ordered },
            ]}
          />
        </DashboardSection>
        <DashboardSection title="Orders by month">
          <BarChart
            label="Orders value by month"
            series={[{ key: 'orders_value', label: 'Orders (₹)', color: 'blue.solid' }]}
            format={formatIndian}
            data={data.by_month.map((m) => ({ label: monthLabel(m.month), orders_value: m.orders_value }))}
          />
        </DashboardSection>
      </SimpleGrid>
      <DashboardSection title="By month">
        <BarChart
          label="Leads, quotations and orders by month"
          series={[
            { key: 'leads', label: 'Leads' },
            { key: 'quotations', label: 'Quotations' },
            { key: 'orders', label: 'Orders' },
          ]}
          data={data.by_month.map((m) => ({ label: monthLabel(m.month), leads: m.leads, quotations: m.quotations, orders: m.orders }))}
        />
      </DashboardSection>
      <DashboardSection title="By executive">
        <FigureTable
          label="By executive"
          head={['Executive', 'Leads', 'Converted', 'Quotations (₹)', 'Orders (₹)', 'Lead to order']}
          rows={data.by_executive.map((r) => [r.id, r.name, formatCount(r.leads), formatCount(r.converted), ...business(r), percent(r.lead_to_order)] as const)}
        />
      </DashboardSection>
      <DashboardSection title={`By customer (the ${ANALYSIS_CUSTOMER_LIMIT} largest)`}>
        <FigureTable label="By customer" head={['Customer', 'Quotations (₹)', 'Orders (₹)']} rows={data.by_customer.map((r) => [r.id, r.name, ...business(r)] as const)} />
      </DashboardSection>
      {/* Side by side only where their tables fit: on a tablet on its side they stack. */}
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <DashboardSection title="Leads by requirement">
          <BarChart
            label="Leads by requirement"
            series={[{ key: 'leads', label: 'Leads', color: 'orange.solid' }]}
            data={data.by_requirement.filter((r) => r.leads > 0).map((r) => ({ label: r.requirement, leads: r.leads }))}
          />
          <FigureTable
            label="By requirement"
            head={['Requirement', 'Leads', 'Converted', 'Potential (₹)']}
            rows={data.by_requirement.filter((r) => r.leads > 0).map((r) => [r.requirement, r.requirement, formatCount(r.leads), formatCount(r.converted), formatIndian(r.potential)] as const)}
          />
        </DashboardSection>
        <DashboardSection title="Leads by source">
          <PieChart label="Leads by source" series={[{ key: 'leads', label: 'Leads' }]} data={data.by_source.filter((r) => r.leads > 0).map((r) => ({ label: r.source, leads: r.leads }))} />
          <FigureTable
            label="By source"
            head={['Source', 'Leads', 'Converted', 'Potential (₹)']}
            rows={data.by_source.filter((r) => r.leads > 0).map((r) => [r.source, r.source, formatCount(r.leads), formatCount(r.converted), formatIndian(r.potential)] as const)}
          />
        </DashboardSection>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /sales-analysis (docs/decisions.md SD): the funnel lead → quotation → order with its exact
 * conversion rates, and the period by executive, customer, requirement, source and month, worked
 * out by the server. A sales executive sees their own figures and has no executive filter.
 */
export default function SalesAnalysisScreen() {
  const { user } = useSession();
  const online = useOnline();
  const everyone = user ? salesFiguresScopeOf(user) === 'all' : false;
  const { data: options } = useSalesExecutiveOptions(everyone && online);
  const fields = useMemo<ReportFilter[]>(() => {
    if (!everyone) return [PERIOD];
    const executives = (options ?? []).flatMap((o) => (o.value === null ? [] : [{ value: String(o.value), label: o.label }]));
    return [PERIOD, { kind: 'choice', name: 'sales_exec', label: 'Executive', options: executives, all: 'All executives' }];
  }, [everyone, options]);
  const [search, setSearch] = useSearchParams();
  const chosen = useMemo(() => chosenFilters(fields, search), [fields, search]);
  const params = useMemo(() => Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== '')), [chosen]);
  const result = useSalesAnalysis(params);
  const error = readFailure(result);
  return (
    <Stack gap="4">
      <Heading size="xl">Sales analysis</Heading>
      <Text color="fg.muted">
        Leads by the day they came in, quotations by their date, orders (cancelled ones left out) by order date. Without a period: the last {ANALYSIS_DEFAULT_MONTHS} months.
      </Text>
      <ReportFilters key={search.toString()} fields={fields} query={salesAnalysisQuerySchema} fixed={{}} chosen={chosen} onChoose={(values) => setSearch((s) => new URLSearchParams({ ...Object.fromEntries(s), ...values }))} />
      {!online ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Sales analysis is worked out by the server: it shows here once this device is back online.</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Skeleton loading={result.isFetching && !result.data}>{result.data && <Analysis data={result.data} />}</Skeleton>
        </>
      )}
    </Stack>
  );
}
