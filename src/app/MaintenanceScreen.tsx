import { useEffect, useState } from 'react';
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { API } from '../../domain/api-paths';
import type { User } from '../../domain/user';
import { api } from '../data/api';
import { useOutboxEntries } from '../data/outbox';

/** While down for maintenance, the app asks the server this often whether it is back. */
export const MAINTENANCE_CHECK_MS = 30_000;

/** Any signed-in call: its answer itself ends maintenance on this device, or keeps it (src/data/maintenance.ts). */
const askServer = () => api.get(API.auth.me).catch(() => undefined);

export const waitingChanges = (count: number) =>
  count === 0 ? 'Nothing you changed is waiting.' : `${count} change${count === 1 ? '' : 's'} you made ${count === 1 ? 'waits' : 'wait'} on this device and ${count === 1 ? 'is' : 'are'} sent when FabOps is back.`;

/**
 * Shown in place of the screen while the server is down for maintenance (issue 23) to everyone
 * but superusers: what the server said, what waits on the device, and a way to look again. Any
 * signed-in call the server answers ends it (src/data/maintenance.ts), and the queued writes go.
 */
export function MaintenanceScreen({ user, message }: { user: User; message: string }) {
  const entries = useOutboxEntries();
  const waiting = entries?.filter((e) => e.userId === user.id).length ?? 0;
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    await askServer();
    setChecking(false);
  };
  useEffect(() => {
    const timer = setInterval(() => void askServer(), MAINTENANCE_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Stack as="section" aria-label="Down for maintenance" gap="4" maxW="2xl">
      <Heading size="lg">Down for maintenance</Heading>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <Text data-testid="maintenance-waiting">{waitingChanges(waiting)}</Text>
      <Button alignSelf="flex-start" size="lg" onClick={check} loading={checking}>
        Check again
      </Button>
    </Stack>
  );
}
