import { useState } from 'react';
import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { MESSAGE_RECORD_LABELS, recordThread, type MessageRecordType } from '../../domain/message';
import { ConversationView } from './ConversationView';

/**
 * A record's thread on its detail screen (issue 22 §2): "Messages" opens the conversation of the
 * record, read by whoever may read the record; @username tells a colleague. `name`: what the
 * screen calls the record (a quotation's or invoice's number), else its type and id.
 */
export function RecordThread({ type, id, name }: { type: MessageRecordType; id: number; name?: string }) {
  const [open, setOpen] = useState(false);
  if (id <= 0) return null;
  const label = name ?? `${MESSAGE_RECORD_LABELS[type]} ${id}`;
  return (
    <Stack gap="3" data-record-thread={recordThread(type, id)}>
      <Button alignSelf="start" size="lg" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide messages' : 'Messages'}
      </Button>
      {open && (
        <Card.Root>
          <Card.Body>
            <Stack gap="3">
              <Heading size="md">Messages about {label}</Heading>
              <ConversationView conversation={recordThread(type, id)} maxH="40vh" />
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
