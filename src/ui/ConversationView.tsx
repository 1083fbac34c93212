import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { mentionedUsernames, type ConversationMessage } from '../../domain/message';
import { displayName, type UserListItem } from '../../domain/user';
import { markConversationRead, sendMessage, useConversationMessages } from '../data/messages';
import { useOnline } from '../data/online';
import { usePendingIds } from '../data/outbox/hooks';
import { useSession } from '../data/session';
import { PendingBadge } from './PendingBadge';
import { useUnsavedChanges } from './unsaved-changes';
import { formatDisplayDate } from '../../domain/rules/dates';

export const NOT_IN_CONVERSATION = 'You cannot read this conversation.';
export const NO_MESSAGES = 'No messages yet. Write the first one below.';

const TIME = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' });
const sentAt = (iso: string) => `${formatDisplayDate(iso)} ${TIME.format(new Date(iso))}`;

/** How many users the @mention list offers at a time. */
const MENTION_CHOICES = 5;

/** The @word being typed at the end of the text, if any. */
const mentionTyped = (text: string) => /(?:^|\s)@([A-Za-z0-9_.+-]*)$/.exec(text)?.[1];

function MessageBubble({ message, mine, pending, me }: { message: ConversationMessage; mine: boolean; pending: boolean; me: string }) {
  const mentionsMe = mentionedUsernames(message.body).some((name) => name.toLowerCase() === me.toLowerCase());
  return (
    <Box
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW="85%"
      px="3"
      py="2"
      borderRadius="lg"
      bg={mine ? 'colorPalette.subtle' : mentionsMe ? 'yellow.subtle' : 'bg.muted'}
      data-message={message.id}
    >
      <Text fontSize="xs" color="fg.muted">
        {mine ? 'You' : (message.sender_username ?? `#${message.sender}`)} · {sentAt(message.created_at)}
      </Text>
      <Text whiteSpace="pre-wrap">{message.body}</Text>
      {pending && <PendingBadge />}
    </Box>
  );
}

/** Compose: the text, and while an @word is typed, the matching users to tap. */
function Compose({ conversation, users }: { conversation: string; users: readonly UserListItem[] }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // A message half written is input the app update must not reload over.
  useUnsavedChanges(text.trim() !== '');
  const typed = mentionTyped(text);
  const choices = typed === undefined ? [] : users.filter((u) => u.is_active && u.username.toLowerCase().startsWith(typed.toLowerCase())).slice(0, MENTION_CHOICES);
  const mention = (username: string) => setText((current) => current.replace(/@([A-Za-z0-9_.+-]*)$/, `@${username} `));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    try {
      await sendMessage(conversation, text.trim());
      setText('');
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack as="form" onSubmit={submit} gap="2" aria-label="Write a message">
      {choices.length > 0 && (
        <Flex gap="2" wrap="wrap" role="listbox" aria-label="Mention">
          {choices.map((u) => (
            <Button key={u.id} size="sm" minH="11" variant="outline" role="option" aria-selected={false} onClick={() => mention(u.username)}>
              @{u.username} · {displayName(u)}
            </Button>
          ))}
        </Flex>
      )}
      <Flex gap="2" align="end">
        <Textarea aria-label="Message" placeholder="Write a message; @username tells someone" rows={2} value={text} onChange={(e) => setText(e.target.value)} flex="1" fontSize="md" />
        <Button type="submit" minH="11" minW="20" loading={sending} disabled={!text.trim()}>
          Send
        </Button>
      </Flex>
    </Stack>
  );
}

/**
 * One conversation (a direct one, a department's channel, a record's thread): its messages,
 * oldest first, and a compose box. Opened online, the user has read it (the header's count falls).
 */
export function ConversationView({ conversation, maxH = '60vh' }: { conversation: string; maxH?: string }) {
  const { user, users } = useSession();
  const online = useOnline();
  const { messages, loading, refused } = useConversationMessages(conversation);
  const pending = usePendingIds('messages');
  const cache = useQueryClient();
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (online && !refused && newest !== undefined && newest > 0) void markConversationRead(conversation, cache).catch(() => undefined);
  }, [conversation, newest, online, refused, cache]);
  if (!user) return null;
  if (refused) return <Text color="fg.error">{NOT_IN_CONVERSATION}</Text>;
  return (
    <Stack gap="3" data-conversation={conversation}>
      <Stack gap="2" maxH={maxH} overflowY="auto" aria-live="polite" aria-label="Messages">
        {!loading && messages.length === 0 && <Text color="fg.muted">{NO_MESSAGES}</Text>}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} mine={message.sender === user.id} pending={pending.has(message.id)} me={user.username} />
        ))}
      </Stack>
      <Compose conversation={conversation} users={users} />
    </Stack>
  );
}
