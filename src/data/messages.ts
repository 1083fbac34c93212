import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { API } from '../../domain/api-paths';
import { FILE_FIELD } from '../../domain/file';
import { MESSAGE_DATA_PART, conversationListSchema, conversationMessageSchema, unreadCountsSchema, type ConversationMessage, type MessageAttachment } from '../../domain/message';
import { api, isNetworkError } from './api';
import { useLiveEvents } from './live';
import { mirror } from './mirror/db';
import { createMessage } from './operations/messages';
import { enqueue } from './outbox';
import { reloadData } from './preload';
import { queryClient } from './query';

/**
 * Messaging on the device (decisions 383–384), shared by the header's count, the messages screen
 * and the record threads of detail screens: counts and lists from the server (kept fresh by the
 * live stream), a conversation's messages from the server and the device's copy together, new
 * messages through the outbox.
 */
const MESSAGING = ['messaging'] as const;

export const unreadQuery = queryOptions({
  queryKey: [...MESSAGING, 'unread'],
  queryFn: async () => unreadCountsSchema.parse((await api.get(API.messaging.unread)).data),
});

export const conversationsQuery = queryOptions({
  queryKey: [...MESSAGING, 'conversations'],
  queryFn: async () => conversationListSchema.parse((await api.get(API.messaging.conversations)).data),
});

/** The newest messages of a conversation the server holds (older than the device's 30 days too). */
const THREAD_PAGE = 100;
const threadQuery = (conversation: string) =>
  queryOptions({
    queryKey: [...MESSAGING, 'thread', conversation],
    queryFn: async () => (await api.get<{ results: ConversationMessage[] }>(API.messaging.messages(conversation), { params: { page_size: THREAD_PAGE } })).data.results,
  });

/** A new message, a read elsewhere: counts, lists and threads are read again, the device's messages synced. */
export function useMessagingLive(): void {
  useLiveEvents(['messages'], () => {
    void queryClient.invalidateQueries({ queryKey: MESSAGING });
    void reloadData(['messages']);
  });
}

/** The header's counts; undefined until read (or while offline). */
export function useUnreadCounts() {
  useMessagingLive();
  return useQuery(unreadQuery, queryClient).data;
}

const byTime = (a: ConversationMessage, b: ConversationMessage) => a.created_at.localeCompare(b.created_at) || a.id - b.id;

/**
 * A conversation's messages, oldest first: the server's newest page when online, with what the
 * device holds (its last 30 days, and messages written here not yet sent) — offline, the device's alone.
 */
export function useConversationMessages(conversation: string): { messages: ConversationMessage[]; loading: boolean; refused: unknown } {
  const server = useQuery({ ...threadQuery(conversation), retry: false });
  const local = useLiveQuery(() => mirror.rowsOf<ConversationMessage>('messages').where('conversation').equals(conversation).toArray(), [conversation]);
  const byId = new Map<number, ConversationMessage>();
  for (const message of local ?? []) byId.set(message.id, message);
  for (const message of server.data ?? []) byId.set(message.id, message);
  const refused = server.error && !isNetworkError(server.error) ? server.error : null;
  return { messages: [...byId.values()].filter((m) => !m.deleted_at).sort(byTime), loading: local === undefined || (server.isPending && !server.isError), refused };
}

/** Queues a message: it shows at once and is sent exactly once, now or when the device is back online. */
export async function sendMessage(conversation: string, body: string): Promise<void> {
  await enqueue(createMessage, { conversation, body });
}

/**
 * Sends a message with files at once (decision 398: bytes do not wait in the outbox): multipart,
 * the message as JSON in `data`, each file in `file`. The device keeps the server's row: the
 * thread shows it at once, and offline with its files' names.
 */
export async function sendMessageWithFiles(conversation: string, body: string, files: readonly File[]): Promise<ConversationMessage> {
  const form = new FormData();
  form.append(MESSAGE_DATA_PART, JSON.stringify({ conversation, body }));
  for (const file of files) form.append(FILE_FIELD, file);
  const message = conversationMessageSchema.parse((await api.post(API.messaging.mine, form)).data);
  await mirror.rows('messages').put(message);
  return message;
}

/** A message's file, fetched with the session's token for saving. */
export const attachmentContent = (attachment: Pick<MessageAttachment, 'id'>) => api.get<Blob>(API.files.content(attachment.id), { responseType: 'blob' });

/** Tells the server the user has read a conversation (the screen's cache and the header's learn the new counts); offline it waits for the next opening. */
export async function markConversationRead(conversation: string, screenCache: QueryClient): Promise<void> {
  try {
    const { data } = await api.post(API.messaging.read(conversation), {});
    const counts = unreadCountsSchema.parse(data);
    for (const cache of new Set([queryClient, screenCache])) {
      cache.setQueryData(unreadQuery.queryKey, counts);
      void cache.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    }
  } catch (error) {
    if (!isNetworkError(error)) throw error;
  }
}
