import { Link as RouterLink } from 'react-router-dom';
import { Alert, Badge, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import type { LandingFigures } from '../../../domain/dashboard';
import { formatIndian } from '../../../domain/decimal';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { salesFiguresScopeOf } from '../../../domain/sales-dashboard';
import { displayName, type User } from '../../../domain/user';
import { useSession } from '../../data/session';
import { BarChart, type ChartValue } from '../../ui/charts';
import { useDashboardView } from '../../ui/dashboard';
import { SalesTeamTable } from '../../ui/SalesTeamTable';
import { useLandingFigures, useSalesTeam } from './api';

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** Whole rupees: twelve bars each labelled with paise do not fit a tablet's width, and an overview needs no paise. */
const rupees = (value: ChartValue) => formatIndian(value, 0);

function PurchaseChart({ months }: { months: LandingFigures['monthly_purchases'] }) {
  return (
    <BarChart
      label="Monthly purchases for the last 12 months"
      series={[{ key: 'total', label: 'Purchases (₹)', color: 'blue.solid' }]}
      format={rupees}
      height={280}
      data={months.map((m) => ({ label: MONTH.format(new Date(`${m.month}-01T00:00:00Z`)), total: m.total }))}
    />
  );
}

/** Who sees the sales team on the landing page: whoever reads everyone's sales figures (the sales manager, management). */
const seesSalesTeam = (user: User | null | undefined) => !!user && can(user, 'dashboard.sales') && salesFiguresScopeOf(user) === 'all';

/** The sales team's view (docs/decisions.md SD): each executive's follow-ups, quotations and orders, as sales-dash counts them. */
function SalesTeam() {
  const { data, error, isFetching } = useSalesTeam(true);
  return (
    <Card.Root>
      <Card.Body>
        <Flex align="center" gap="3" wrap="wrap" mb="3">
          <Text fontWeight="semibold" flex="1">
            Sales team
          </Text>
          <Button asChild size="lg" variant="outline">
            <RouterLink to={pathOf('sales-dash')}>Sales dashboard</RouterLink>
          </Button>
        </Flex>
        {error ? <Text color="fg.muted">The team's figures could not be read: open the sales dashboard to try again.</Text> : null}
        <Skeleton loading={isFetching && !data}>{data?.team && <SalesTeamTable rows={data.team} />}</Skeleton>
      </Card.Body>
    </Card.Root>
  );
}

/** The landing page: job order value, status counts, the sales team for sales managers, and the monthly purchase chart, fresh on every visit. */
export default function LandingScreen() {
  const { user } = useSession();
  const { data, error, loading, reload } = useDashboardView(useLandingFigures());

  return (
    <Stack gap="6">
      <Heading size="2xl">Welcome{user ? `, ${displayName(user)}` : ''}</Heading>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
          <Button size="xs" ml="auto" onClick={reload}>
            Try again
          </Button>
        </Alert.Root>
      )}
      <Skeleton loading={loading && !data}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root>
            <Card.Body>
              <Stat.Root>
                <Stat.Label>Job order value (open and completed, excluding cancelled)</Stat.Label>
                <Stat.ValueText data-testid="job-order-value">₹ {formatIndian(data?.job_order_value ?? '0')}</Stat.ValueText>
                <Stat.HelpText>{data?.job_order_count ?? 0} job orders</Stat.HelpText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body>
              <Text fontWeight="semibold" mb="3">
                Job orders by status
              </Text>
              <Flex wrap="wrap" gap="2" data-testid="status-counts">
                {data?.status_counts.map((s) => (
                  <Badge key={s.status} size="lg" variant="subtle" data-status={s.status}>
                    {s.label}: {s.count}
                  </Badge>
                ))}
              </Flex>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Skeleton>
      {seesSalesTeam(user) && <SalesTeam />}
      <Card.Root>
        <Card.Body>
          <Text fontWeight="semibold" mb="3">
            Monthly purchases (LPOs)
          </Text>
          <Skeleton loading={loading && !data}>{data && <PurchaseChart months={data.monthly_purchases} />}</Skeleton>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
