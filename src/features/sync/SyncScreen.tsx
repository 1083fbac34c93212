import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import { businessToday } from '../../../domain/rules/dates';
import {
  conflictingRow,
  discard,
  dropEntriesOf,
  nudgeReplay,
  operationNamed,
  requestPersistentStorage,
  resend,
  retry,
  storageStatus,
  takeTheirs,
  useLastSyncAt,
  useOutboxEntries,
  useStorageFullAt,
  withDependants,
  type OutboxEntry,
  type StorageStatus,
} from '../../data/outbox';
import { useOnline } from '../../data/online';
import { useSession } from '../../data/session';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { canKeepMine, ConflictView } from './ConflictView';
import { PayloadForm } from './PayloadForm';
import { formatWhen } from '../../ui/when';
import { recordDeviceOutbox } from './device-outbox';
import { can } from '../../../domain/permissions';
import { DEVICE_OUTBOX_MESSAGES, type DeviceOutboxAction } from '../../../domain/device-outbox';
import { apiErrorMessage } from '../../../domain/api-errors';
import { responseBody } from '../../data/api';
import { saveFile } from '../../ui/download';

function titleOf(entry: OutboxEntry): string {
  if (entry.summary) return entry.summary;
  const operation = operationNamed(entry.operation);
  if (!operation) return entry.operation;
  const detail = operation.describe?.(entry.payload as never);
  return detail ? `${operation.label}: ${detail}` : operation.label;
}

function statusOf(entry: OutboxEntry, entries: readonly OutboxEntry[], now: number): string {
  if (entry.state === 'sending') return 'Sending…';
  const parent = entries.find((e) => entry.dependsOn.includes(e.id));
  if (parent) return parent.state === 'rejected' ? `Waits for "${titleOf(parent)}", which was refused` : `Waits for "${titleOf(parent)}"`;
  const error = entry.lastError?.messages.join(' ');
  if (entry.nextAttemptAt > now && entry.attempts > 0) return error ? `Retry later. ${error}` : 'Retry later';
  return error ?? 'Queued';
}

const MB = 1024 * 1024;
const sizeOf = (bytes: number) => (bytes >= 1024 * MB ? `${formatIndian(bytes / (1024 * MB))} GB` : `${formatIndian(bytes / MB)} MB`);

export const ANSWERS_NOT_STORED = (when: string) =>
  `Changes made here reached the server, but this device had no room to store its answers (${when}). Free some space: they show here once it has room.`;

function StoragePanel() {
  const [status, setStatus] = useState<StorageStatus | null>(null);
  const fullAt = useStorageFullAt();
  useEffect(() => {
    let live = true;
    // Unsent writes live in this storage: ask the browser to keep it (DESIGN.md).
    requestPersistentStorage()
      .then(storageStatus)
      .then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">Storage on this device</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="1" data-testid="storage">
          {fullAt && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{ANSWERS_NOT_STORED(formatWhen(fullAt))}</Alert.Title>
            </Alert.Root>
          )}
          <Text>{status?.usage != null && status.quota != null ? `Used ${sizeOf(status.usage)} of ${sizeOf(status.quota)}` : 'Usage not known'}</Text>
          <Text>
            {status?.persisted === true
              ? 'Persistent storage granted: the browser will not clear unsent changes to free space.'
              : status?.persisted === false
                ? 'Persistent storage not granted: the browser may clear stored data when space runs low.'
                : 'Persistent storage: not known'}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The time, ticking, for "next try" and "retry later". */
function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function QueuedTable({ queued, entries }: { queued: OutboxEntry[]; entries: OutboxEntry[] }) {
  const now = useNow();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Waiting to be sent">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader>Made</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
            <Table.ColumnHeader>Next try</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {queued.map((entry) => (
            <Table.Row key={entry.id} data-entry={entry.id}>
              <Table.Cell>{titleOf(entry)}</Table.Cell>
              <Table.Cell>{formatWhen(entry.createdAt)}</Table.Cell>
              <Table.Cell textAlign="end">{entry.attempts}</Table.Cell>
              <Table.Cell>{entry.nextAttemptAt > now ? formatWhen(entry.nextAttemptAt) : 'Now'}</Table.Cell>
              <Table.Cell>{statusOf(entry, entries, now)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function RejectedCard({ entry }: { entry: OutboxEntry }) {
  const [fixing, setFixing] = useState(false);
  const operation = operationNamed(entry.operation);
  const title = titleOf(entry);
  const theirs = conflictingRow(entry);
  const attention = entry.lastError?.attention === true;

  const takeServerVersion = async () => {
    const ok = await openDialog({ title: 'Take theirs?', message: `"${title}" will not be sent; this device shows the record as the server has it now.`, okLabel: 'Take theirs' });
    if (ok && !(await takeTheirs(entry.id))) notify({ message: 'The change is being sent right now; try again in a moment.', type: 'warning' });
  };

  const confirmDiscard = async () => {
    const dependants = (await withDependants(entry.id)).length - 1;
    const also = dependants ? ` ${dependants} later change${dependants === 1 ? '' : 's'} that depend${dependants === 1 ? 's' : ''} on it will be discarded too.` : '';
    const ok = await openDialog({ title: 'Discard this change?', message: `"${title}" will not be sent and is removed from this device.${also}`, type: 'negative', okLabel: 'Discard' });
    if (ok && !(await discard(entry.id))) notify({ message: 'The change is being sent right now; try again in a moment.', type: 'warning' });
  };

  return (
    <Card.Root data-entry={entry.id} borderColor="border.error">
      <Card.Body>
        <Stack gap="3">
          <Flex gap="3" align="baseline" wrap="wrap">
            <Text fontWeight="semibold">{title}</Text>
            <Badge colorPalette={attention ? 'orange' : 'red'}>{attention ? 'Needs attention' : entry.lastError?.status ? `Refused (${entry.lastError.status})` : 'Refused'}</Badge>
            <Text color="fg.muted" fontSize="sm">
              Made {formatWhen(entry.createdAt)}
            </Text>
          </Flex>
          <Box as="ul" ps="5" listStyleType="disc">
            {(entry.lastError?.messages ?? []).map((message) => (
              <li key={message}>{message}</li>
            ))}
          </Box>
          {theirs && !fixing && (
            <ConflictView
              entry={entry}
              theirs={theirs}
              keepMine={canKeepMine(operation, theirs)}
              // Sent again over the version the server has now: the user saw theirs and chose.
              onKeepMine={() => void resend(entry.id, { ...(entry.payload as object), expected_version: theirs.version })}
              onTakeTheirs={() => void takeServerVersion()}
            />
          )}
          {fixing && operation ? (
            <PayloadForm
              entry={theirs && canKeepMine(operation, theirs) ? { ...entry, payload: { ...(entry.payload as object), expected_version: theirs.version } } : entry}
              operation={operation}
              onCancel={() => setFixing(false)}
              onResend={async (payload) => {
                await resend(entry.id, payload);
                setFixing(false);
              }}
            />
          ) : (
            <HStack>
              {attention && (
                <Button size="sm" onClick={() => void retry(entry.id)}>
                  Try again
                </Button>
              )}
              {operation && (
                <Button size="sm" variant={attention ? 'outline' : 'solid'} onClick={() => setFixing(true)}>
                  Fix and resend
                </Button>
              )}
              <Button size="sm" variant="outline" colorPalette="red" onClick={confirmDiscard}>
                Discard
              </Button>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

const authorOf = (entry: OutboxEntry) => entry.author?.name ?? `User #${entry.userId}`;

/**
 * Changes other users made on this device and have not sent (they go when their maker signs in
 * here again). A supervisor or superuser may export them to a file or discard them: the server
 * records either, change by change, before the device does it (issue 15 §2).
 */
function OthersChanges({ entries }: { entries: OutboxEntry[] }) {
  const { user } = useSession();
  const online = useOnline();
  const manages = can(user, 'device-outbox.manage');
  const count = `${entries.length} change${entries.length === 1 ? '' : 's'}`;

  const act = async (action: DeviceOutboxAction) => {
    if (!online) return notify({ type: 'warning', message: DEVICE_OUTBOX_MESSAGES.offline });
    if (action === 'discard') {
      const ok = await openDialog({ title: 'Discard other users’ changes?', message: `${count} will never reach the server. The server records who discarded what.`, type: 'negative', okLabel: 'Discard' });
      if (!ok) return;
    }
    try {
      await recordDeviceOutbox(action, entries);
    } catch (error) {
      return notify({ type: 'negative', message: 'The server did not record it, so nothing was done.', caption: apiErrorMessage(responseBody(error)) });
    }
    if (action === 'export') {
      saveFile(`unsent-changes-${businessToday()}.json`, new Blob([JSON.stringify(entries, null, 2)], { type: 'application/json' }));
    } else {
      await dropEntriesOf([...new Set(entries.map((e) => e.userId))]);
      notify({ type: 'positive', message: `${count} discarded.` });
    }
  };

  return (
    <Stack gap="3" as="section" aria-label="Other users’ changes on this device">
      <Heading size="lg">Other users’ changes on this device</Heading>
      <Text color="fg.muted">
        {count} made here by other users {entries.length === 1 ? 'waits' : 'wait'} for them to sign in on this device again.
      </Text>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Other users’ changes">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Change</Table.ColumnHeader>
              <Table.ColumnHeader>Made</Table.ColumnHeader>
              <Table.ColumnHeader>By</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id} data-entry={entry.id}>
                <Table.Cell>{titleOf(entry)}</Table.Cell>
                <Table.Cell>{formatWhen(entry.createdAt)}</Table.Cell>
                <Table.Cell>{authorOf(entry)}</Table.Cell>
                <Table.Cell>{entry.state === 'rejected' ? 'Refused' : 'Waiting'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {manages && (
        <HStack>
          <Button size="sm" variant="outline" onClick={() => void act('export')}>
            Export to a file
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void act('discard')}>
            Discard
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/**
 * The Sync screen (DESIGN.md "Offline-first rules"): what is waiting to be sent, what the
 * server refused (fix and resend, or discard), and the device's storage.
 */
export default function SyncScreen() {
  const { user } = useSession();
  const online = useOnline();
  const lastSyncAt = useLastSyncAt();
  const entries = useOutboxEntries();
  const all = entries ?? [];
  const mine = all.filter((e) => e.userId === user?.id);
  const queued = mine.filter((e) => e.state !== 'rejected');
  const rejected = mine.filter((e) => e.state === 'rejected');
  const others = all.filter((e) => e.userId !== user?.id);

  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          Sync
        </Heading>
        <Badge colorPalette={online ? 'green' : 'orange'}>{online ? 'Online' : 'Offline'}</Badge>
        <Text color="fg.muted">{lastSyncAt ? `Last sync ${formatWhen(lastSyncAt)}` : 'Nothing sent from this device yet'}</Text>
        <Button size="sm" disabled={!online || queued.length === 0} onClick={() => nudgeReplay({ retryAll: true })}>
          Send now
        </Button>
      </Flex>

      <Stack gap="3" as="section" aria-label="Waiting to be sent">
        <Heading size="lg">Waiting to be sent</Heading>
        {entries &&
          (queued.length > 0 ? (
            <QueuedTable queued={queued} entries={all} />
          ) : (
            // Refused changes are not on the server: only say so when there are none.
            <Text>{rejected.length > 0 ? 'Nothing is waiting to be sent.' : 'All your changes are on the server.'}</Text>
          ))}
      </Stack>

      {rejected.length > 0 && (
        <Stack gap="3" as="section" aria-label="Refused by the server">
          <Heading size="lg">Refused by the server</Heading>
          <Text color="fg.muted">Fix these and send them again, or discard them; try again those the server kept failing. They stay here until you do.</Text>
          {rejected.map((entry) => (
            <RejectedCard key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}

      {others.length > 0 && <OthersChanges entries={others} />}

      <StoragePanel />
    </Stack>
  );
}
