import { useState } from 'react';
import { Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import type { ActiveSession } from '../../../domain/session';
import type { UserListItem } from '../../../domain/user';
import { readFailure, serverFailure } from '../../ui/connection';
import { Empty } from '../../ui/DataTable';
import { Failure } from '../../ui/detail';
import { notify } from '../../ui/notify';
import { PanelDialog } from '../../ui/PanelDialog';
import { formatWhen } from '../../ui/when';
import { userWrites, useUserSessions } from './api';

/** The spec's words when a terminate fails (product-frame.md §8). */
export const TERMINATE_FAILED = 'Failed to terminate user session';

/** The sessions a user has open, each on its device, with Terminate: the device is signed out at its next call. */
export function UserSessionsDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const sessions = useUserSessions(user);
  const failure = readFailure(sessions);
  const [ending, setEnding] = useState<string | null>(null);
  const terminate = async (session: ActiveSession) => {
    setEnding(session.id);
    try {
      await userWrites.terminateSession(session);
      notify({ type: 'positive', message: `The session of ${user.username} on ${session.device} is ended.` });
    } catch (error) {
      notify({ type: 'negative', message: TERMINATE_FAILED, caption: serverFailure(error) });
    } finally {
      setEnding(null);
      void sessions.refetch();
    }
  };
  return (
    <PanelDialog title={`Sessions of ${user.username}`} onClose={onClose}>
      {failure && <Failure text={failure} />}
      {sessions.data?.length === 0 && <Empty text={`${user.username} is not signed in anywhere.`} />}
      {sessions.data?.map((session) => (
        <Card.Root key={session.id} data-testid={`session-${session.id}`}>
          <Card.Body>
            <Flex align="center" gap="3" wrap="wrap">
              <Stack gap="0" flex="1" minW="12rem">
                <Text fontWeight="semibold" overflowWrap="anywhere">
                  {session.device}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  From {session.clientAddress}, signed in {formatWhen(session.sessionStart)}, last active {formatWhen(session.lastActivity)}
                </Text>
              </Stack>
              <Button size="lg" variant="outline" colorPalette="red" loading={ending === session.id} disabled={ending !== null} onClick={() => void terminate(session)}>
                Terminate
              </Button>
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </PanelDialog>
  );
}
