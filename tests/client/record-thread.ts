import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { API } from '../../domain/api-paths';
import type { ConversationMessage } from '../../domain/message';
import { outbox } from '../../src/data/outbox/db';
import type { FakeServer } from './support';

/**
 * A record's thread on its detail screen (decision 383): the server holds one message of the
 * record's conversation, the user opens "Messages", reads it and writes an answer, which is
 * queued for exactly that conversation.
 */
export function serveThread(server: FakeServer, conversation: string, sender = 4): FakeServer {
  const first: ConversationMessage = {
    id: 90,
    conversation,
    sender,
    sender_username: 'foreman',
    recipient: null,
    department: null,
    subject: '',
    body: 'Is this ready for the customer?',
    read_at: null,
    created_by: sender,
    created_at: '2026-11-20T05:30:00.000Z',
    updated_at: '2026-11-20T05:30:00.000Z',
    version: 1,
    deleted_at: null,
    attachments: [],
  };
  return server
    .on('GET', API.messaging.messages(conversation), { status: 200, data: { count: 1, next: null, previous: null, results: [first] } })
    .on('POST', API.messaging.read(conversation), { status: 200, data: { unread: 0, mentions: 0 } });
}

export async function answersOnItsThread(conversation: string, heading: string): Promise<void> {
  fireEvent.click(await screen.findByText('Messages', { selector: 'button' }));
  expect(await screen.findByText(heading)).toBeTruthy();
  expect(await screen.findByText('Is this ready for the customer?')).toBeTruthy();
  const compose = within(document.querySelector<HTMLElement>('form[aria-label="Write a message"]')!);
  fireEvent.change(compose.getByLabelText('Message'), { target: { value: 'Yes, packed this morning' } });
  fireEvent.click(compose.getByText('Send', { selector: 'button' }));
  await waitFor(async () =>
    expect((await outbox.entries.toArray()).filter((e) => e.operation === 'message.create').map((e) => e.payload)).toEqual([{ conversation, subject: '', body: 'Yes, packed this morning' }]),
  );
}
