import { useCallback } from 'react';
import { Alert, Badge, Box, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { landingFiguresSchema, type LandingFigures } from '../../../domain/dashboard';
import { formatIndian } from '../../../domain/rules/numbers';
import { displayName } from '../../../domain/user';
import { api } from '../../data/api';
import { useSession } from '../../data/session';
import { useApiData } from '../../ui/useApiData';

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });

function PurchaseChart({ months }: { months: LandingFigures['monthly_purchases'] }) {
  const max = Math.max(1, ...months.map((m) => Number(m.total)));
  return (
    <Flex align="flex-end" gap="2" h="48" role="img" aria-label="Monthly purchases for the last 12 months">
      {months.map((m) => (
        <Flex key={m.month} direction="column" align="center" flex="1" h="full" justify="flex-end" title={`${m.month}: ₹ ${formatIndian(m.total)}`}>
          <Box w="full" bg="blue.solid" rounded="sm" minH="1px" h={`${(Number(m.total) / max) * 100}%`} data-month={m.month} data-total={m.total} />
          <Text fontSize="xs" color="fg.muted" mt="1" whiteSpace="nowrap">
            {MONTH.format(new Date(`${m.month}-01T00:00:00Z`))}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** The landing page: job order value, status counts and the monthly purchase chart, fresh on every visit. */
export default function LandingScreen() {
  const { user } = useSession();
  const load = useCallback(async () => landingFiguresSchema.parse((await api.get('/dashboard/landing/')).data), []);
  const { data, error, loading, reload } = useApiData(load);

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
