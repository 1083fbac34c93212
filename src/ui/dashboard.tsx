import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Heading, Stack, Stat, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatCount } from '../../domain/rules/numbers';
import { isNetworkError } from '../data/api';
import { useOnline } from '../data/online';
import { readFailure } from './connection';

/* The building blocks of the named dashboards: fresh server figures, big tiles (charts are in ui/charts). */

export interface DashboardView<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** Offline, or the server did not answer. */
  unreachable: boolean;
}

/** A dashboard's read (a feature's query, fresh on every entry) as its screen shows it. */
export function useDashboardView<T>(query: UseQueryResult<T>): DashboardView<T> {
  const online = useOnline();
  const { data, error, isFetching, refetch } = query;
  return { data, error: readFailure(query), loading: isFetching, reload: () => void refetch(), unreachable: !online || isNetworkError(error) };
}

/** Why there are no figures: the server is needed, or it refused; both offer to try again. */
export function DashboardAlert({ unreachable, error, reload }: { unreachable: boolean; error: string | null; reload: () => void }) {
  if (!unreachable && !error) return null;
  return (
    <Alert.Root status={unreachable ? 'warning' : 'error'}>
      <Alert.Indicator />
      <Alert.Title>{unreachable ? "This dashboard needs the server: its figures are today's. Connect to see them." : error}</Alert.Title>
      <Button size="lg" ml="auto" onClick={reload}>
        Try again
      </Button>
    </Alert.Root>
  );
}

/** A dashboard of several reads: the first that failed says why, and Try again reads them all again. */
export function DashboardAlerts({ views }: { views: readonly DashboardView<unknown>[] }) {
  const failed = views.find((view) => view.unreachable || view.error);
  if (!failed) return null;
  return <DashboardAlert unreachable={failed.unreachable} error={failed.error} reload={() => views.forEach((view) => view.reload())} />;
}

/** A big figure: what it counts, the line under it; outlined when it asks for action, a link when `to` says where that action is. */
export function FigureTile({ label, value, help, alert, testId, to }: { label: string; value: string; help: string; alert?: boolean; testId: string; to?: string }) {
  const body = (
    <Card.Body containerType="inline-size">
      <Stat.Root>
        <Stat.Label fontSize="md">{label}</Stat.Label>
        {/* One line whatever the card's width (₹ never apart from its figure): the size follows the card, at most 4xl. */}
        <Stat.ValueText fontSize="min(var(--chakra-font-sizes-4xl), 10cqi)" whiteSpace="nowrap" data-testid={testId}>
          {value}
        </Stat.ValueText>
        <Stat.HelpText>{help}</Stat.HelpText>
      </Stat.Root>
    </Card.Body>
  );
  const outline = alert ? { borderColor: 'orange.solid', borderWidth: '2px', bg: 'orange.subtle' } : {};
  if (!to) return <Card.Root {...outline}>{body}</Card.Root>;
  return (
    <Card.Root asChild {...outline} _hover={{ borderColor: 'teal.solid' }}>
      <RouterLink to={to}>{body}</RouterLink>
    </Card.Root>
  );
}

/**
 * Under a dashboard list cut to its first rows: how many of how many it shows ("The oldest 10 of
 * 37."), and "View all" to the list screen where the user may open it.
 */
export function ListMore({ shown, count, what, to }: { shown: number; count: number; what: string; to?: string }) {
  if (count <= shown) return null;
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text color="fg.muted" flex="1">
        The {what} {formatCount(shown)} of {formatCount(count)}.
      </Text>
      {to && (
        <Button asChild size="lg" variant="outline">
          <RouterLink to={to}>View all {formatCount(count)}</RouterLink>
        </Button>
      )}
    </Flex>
  );
}

/** A card of a dashboard: its title, an optional action beside it (a link to the whole list), and what it shows. */
export function DashboardSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading size="md" flex="1">
              {title}
            </Heading>
            {action}
          </Flex>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
