import { Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useSession } from '../../data/session';
import { useReadyNotes } from './data';
import { bookingLabel, recordDispatch } from './record';
import { RowLink } from '../../ui/RowLink';

/** jobs-ready-to-dispatch: the packed delivery notes waiting to leave, oldest first, as large cards for a tablet. */
export default function ReadyToDispatchScreen() {
  const { user } = useSession();
  const notes = useReadyNotes();
  return (
    <Stack gap="4">
      <Heading size="xl">Ready to dispatch</Heading>
      {notes?.length === 0 && <Text color="fg.muted">Nothing is packed and waiting.</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {notes?.map(({ note, jobOrderLabel, customer, booking }) => (
          <Card.Root key={note.id} data-testid="ready-note">
            <Card.Body>
              <Stack gap="2">
                <Flex align="center" gap="2">
                  <RowLink to={pathOf('dnote-detail', { id: note.id })} fontWeight="semibold" flex="1">Delivery note {note.id}</RowLink>
                  <Text color="fg.muted">{formatDisplayDate(note.delivery_date)}</Text>
                </Flex>
                <Text>
                  {jobOrderLabel} · {customer}
                </Text>
                <Text color="fg.muted">{note.delivery_location}</Text>
                {booking && <Text>{bookingLabel(booking)}</Text>}
                {can(user, 'dispatches.write') && (
                  <Button size="lg" alignSelf="flex-start" onClick={() => void recordDispatch(note, booking)}>
                    Dispatch
                  </Button>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
