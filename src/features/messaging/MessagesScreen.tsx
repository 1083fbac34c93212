import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Box, Button, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { directConversation, type ConversationSummary } from '../../../domain/message';
import { displayName } from '../../../domain/user';
import { conversationsQuery, useMessagingLive } from '../../data/messages';
import { loadUsers, useSession } from '../../data/session';
import { ConversationView } from '../../ui/ConversationView';

export const NO_CONVERSATIONS = 'No conversations yet.';
export const OFFLINE_LIST = 'Offline: the conversations list needs the server; conversations you open read from this device.';

function ConversationRow({ item, selected, onOpen }: { item: ConversationSummary; selected: boolean; onOpen: () => void }) {
  return (
    <Button
      variant={selected ? 'subtle' : 'ghost'}
      justifyContent="space-between"
      h="auto"
      minH="14"
      py="2"
      whiteSpace="normal"
      textAlign="start"
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      data-conversation-row={item.conversation}
    >
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight={item.unread ? 'semibold' : 'normal'}>{item.title}</Text>
        {item.last_message && (
          <Text fontSize="sm" color="fg.muted" lineClamp="2">
            {item.last_message.sender_username}: {item.last_message.body}
          </Text>
        )}
      </Stack>
      {item.unread > 0 && (
        <Badge colorPalette={item.mentions ? 'red' : 'gray'} variant="solid" aria-label={`${item.unread} unread`}>
          {item.unread}
        </Badge>
      )}
    </Button>
  );
}

/** Start a direct conversation: pick a colleague. */
function NewConversation({ onOpen }: { onOpen: (conversation: string) => void }) {
  const { user, users } = useSession();
  const [picking, setPicking] = useState(false);
  if (!user) return null;
  if (!picking)
    return (
      <Button minH="11" variant="outline" onClick={() => void loadUsers().finally(() => setPicking(true))}>
        New conversation
      </Button>
    );
  return (
    <NativeSelect.Root size="lg">
      <NativeSelect.Field
        aria-label="Write to"
        defaultValue=""
        onChange={(e) => {
          if (e.target.value) onOpen(directConversation(user.id, Number(e.target.value)));
          setPicking(false);
        }}
      >
        <option value="">Write to…</option>
        {users
          .filter((u) => u.id !== user.id && u.is_active)
          .map((u) => (
            <option key={u.id} value={u.id}>
              {displayName(u)} ({u.username})
            </option>
          ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * messages-home (/messaging): the user's conversations with their unread counts beside the open
 * one. A tablet held upright shows one at a time (the list, or the conversation with a way back);
 * held sideways, and on a desktop, both. `?c=<conversation>` opens one.
 */
export default function MessagesScreen() {
  useMessagingLive();
  const [params, setParams] = useSearchParams();
  const open = params.get('c');
  const list = useQuery(conversationsQuery);
  const items = list.data?.results ?? [];
  const title = items.find((item) => item.conversation === open)?.title ?? 'Conversation';
  const openConversation = (conversation: string | null) => setParams(conversation ? { c: conversation } : {});
  return (
    <Stack gap="4">
      <Heading size="lg">Messages</Heading>
      <Flex gap="4" align="start">
        <Stack as="nav" aria-label="Conversations" gap="1" w={{ base: 'full', lg: '80' }} flexShrink="0" display={{ base: open ? 'none' : 'flex', lg: 'flex' }}>
          <NewConversation onOpen={openConversation} />
          {list.isError && <Text color="fg.muted">{OFFLINE_LIST}</Text>}
          {list.isSuccess && items.length === 0 && <Text color="fg.muted">{NO_CONVERSATIONS}</Text>}
          {items.map((item) => (
            <ConversationRow key={item.conversation} item={item} selected={item.conversation === open} onOpen={() => openConversation(item.conversation)} />
          ))}
        </Stack>
        {open && (
          <Box flex="1" minW="0" borderWidth={{ lg: '1px' }} borderRadius="md" p={{ lg: '4' }}>
            <Flex align="center" gap="2" mb="3">
              <Button display={{ base: 'inline-flex', lg: 'none' }} minH="11" variant="ghost" onClick={() => openConversation(null)}>
                ← Conversations
              </Button>
              <Heading size="md">{title}</Heading>
            </Flex>
            <ConversationView key={open} conversation={open} />
          </Box>
        )}
      </Flex>
    </Stack>
  );
}
