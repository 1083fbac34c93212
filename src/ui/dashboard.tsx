import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, Flex, Stat, Text } from '@chakra-ui/react';
import { useOnline } from '../data/online';
import { NETWORK_ERROR_MESSAGE } from './server-errors';
import { useApiData, type ApiData } from './useApiData';

/* The building blocks of the named dashboards: fresh server figures, big tiles, bar charts. */

/** A dashboard's figures, loaded on every entry, and whether the server is out of reach (offline or no answer). */
export function useDashboardData<T>(load: () => Promise<T>): ApiData<T> & { unreachable: boolean } {
  const data = useApiData(load);
  const online = useOnline();
  return { ...data, unreachable: !online || data.error === NETWORK_ERROR_MESSAGE };
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

/** A big figure: what it counts, the line under it; outlined when it asks for action, a link when `to` says where that action is. */
export function FigureTile({ label, value, help, alert, testId, to }: { label: string; value: string; help: string; alert?: boolean; testId: string; to?: string }) {
  const body = (
    <Card.Body>
      <Stat.Root>
        <Stat.Label fontSize="md">{label}</Stat.Label>
        <Stat.ValueText fontSize="4xl" data-testid={testId}>
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

export interface Bar {
  key: string;
  label: string;
  /** The bar's height against the tallest (a drawing measure only: the figure shown is `text`). */
  value: number;
  text: string;
}

/** Vertical bars drawn with boxes (no chart library in the project), each with its figure above and label below. */
export function BarChart({ label, bars, color }: { label: string; bars: readonly Bar[]; color: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Flex align="flex-end" gap="2" h="48" role="img" aria-label={label}>
      {bars.map((b) => (
        <Flex key={b.key} direction="column" align="center" flex="1" h="full" justify="flex-end" minW="0">
          <Text fontSize="sm" fontWeight="semibold" textAlign="center">
            {b.text}
          </Text>
          <Box w="full" bg={color} rounded="sm" minH="1px" h={`${(b.value / max) * 75}%`} data-key={b.key} data-value={b.text} />
          <Text fontSize="xs" color="fg.muted" mt="1" textAlign="center" lineClamp={2}>
            {b.label}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}
