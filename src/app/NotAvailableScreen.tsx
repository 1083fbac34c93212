import { useMatches } from 'react-router-dom';
import { Alert, Heading, Stack } from '@chakra-ui/react';
import type { RouteHandle } from './router';

/** Routes whose screens a later issue builds: reachable, guarded, and honest about it. */
export default function NotAvailableScreen() {
  const match = useMatches().findLast((m) => (m.handle as RouteHandle | undefined)?.route);
  const title = (match?.handle as RouteHandle | undefined)?.route.title ?? 'This screen';
  return (
    <Stack gap="4">
      <Heading size="xl">{title}</Heading>
      <Alert.Root status="info" data-testid="not-available">
        <Alert.Indicator />
        <Alert.Title>{title} is not available yet.</Alert.Title>
      </Alert.Root>
    </Stack>
  );
}
