import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Box, Button, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGE_MAX_ATTACHMENTS, mentionedUsernames, type ConversationMessage, type MessageAttachment } from '../../domain/message';
import { displayName, type UserListItem } from '../../domain/user';
import { attachmentContent, markConversationRead, sendMessage, sendMessageWithFiles, useConversationMessages } from '../data/messages';
import { useOnline } from '../data/online';
import { usePendingIds } from '../data/outbox/hooks';
import { useSession } from '../data/session';
import { NEEDS_CONNECTION, refusedOffline, withConnection } from './connection';
import { downloadWith } from './download';
import { PendingBadge } from './PendingBadge';
import { useUnsavedChanges } from './unsaved-changes';
import { formatDisplayDate } from '../../domain/rules/dates';

export const NOT_IN_CONVERSATION = 'You cannot read this conversation.';
export const NO_MESSAGES = 'No messages yet. Write the first one below.';
export const DOWNLOAD_FAILED = 'The file could not be downloaded.';

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
      {/* A message the device kept from before messages had files has none listed. */}
      {message.attachments?.length > 0 && (
        <Flex gap="2" wrap="wrap" mt="2" role="list" aria-label="Attachments">
          {message.attachments.map((file) => (
            <Box key={file.id} role="listitem">
              <Button size="sm" minH="11" variant="outline" onClick={() => download(file)}>
                {file.name}
              </Button>
            </Box>
          ))}
        </Flex>
      )}
      {pending && <PendingBadge />}
    </Box>
  );
}

/** Saves a message's file, fetched with the session's token; offline it says a download needs the server. */
function download(file: MessageAttachment): void {
  if (!refusedOffline()) void downloadWith(() => attachmentContent(file), file.name, DOWNLOAD_FAILED);
}

/**
 * Compose: the text, and while an @word is typed, the matching users to tap; files to send with it
 * (online only: they go straight to the server, the text alone through the outbox).
 */
function Compose({ conversation, users, online }: { conversation: string; users: readonly UserListItem[]; online: boolean }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A message half written is input the app update must not reload over.
  useUnsavedChanges(text.trim() !== '' || files.length > 0);
  const typed = mentionTyped(text);
  const choices = typed === undefined ? [] : users.filter((u) => u.is_active && u.username.toLowerCase().startsWith(typed.toLowerCase())).slice(0, MENTION_CHOICES);
  const mention = (username: string) => setText((current) => current.replace(/@([A-Za-z0-9_.+-]*)$/, `@${username} `));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (files.length > 0) {
      // Files need the server now; offline the text and files stay for when it can be reached.
      if (refusedOffline()) return;
      setSending(true);
      const sent = await withConnection(() => sendMessageWithFiles(conversation, text.trim(), files));
      setSending(false);
      if (!sent) return;
      setFiles([]);
      setText('');
      return;
    }
    setSending(true);
    try {
      await sendMessage(conversation, text.trim());
      setText('');
    } finally {
      setSending(false);
    }
  };
  const attach = () => {
    if (!refusedOffline()) picker.current?.click();
  };
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Emptied, so choosing the same file again (after removing it) is a change.
    event.target.value = '';
    setFiles((current) => [...current, ...chosen].slice(0, MESSAGE_MAX_ATTACHMENTS));
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
      {files.length > 0 && (
        <Flex gap="2" wrap="wrap" role="list" aria-label="Files to send">
          {files.map((file, index) => (
            <Box key={`${index}:${file.name}`} role="listitem">
              <Button size="sm" minH="11" variant="subtle" aria-label={`Remove ${file.name}`} onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}>
                {file.name} ✕
              </Button>
            </Box>
          ))}
        </Flex>
      )}
      {files.length > 0 && !online && (
        <Text color="fg.warning" role="status">
          {NEEDS_CONNECTION}
        </Text>
      )}
      <Flex gap="2" align="end" wrap="wrap">
        <Textarea aria-label="Message" placeholder="Write a message; @username tells someone" rows={2} value={text} onChange={(e) => setText(e.target.value)} flex="1" minW="48" fontSize="md" />
        <input ref={picker} type="file" multiple hidden aria-label="Files to attach" onChange={picked} />
        <Button minH="11" variant="outline" onClick={attach} disabled={files.length >= MESSAGE_MAX_ATTACHMENTS}>
          Attach file
        </Button>
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
      <Compose conversation={conversation} users={users} online={online} />
    </Stack>
  );
}
