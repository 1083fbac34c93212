/**
 * The outbox (issue 4 §2): unsent writes kept durably and replayed exactly once.
 * The page uses this index; the service worker imports only './replay' and '../token-store'
 * (no React, no window there).
 */
export { outbox, type OutboxAuthor, type OutboxEntry, type OutboxError, type OutboxState } from './db';
export { defineOperation, localRefSchema, operationNamed, registeredOperations, type Operation, type OutboxRequest, type PayloadOf } from './operations';
export { ref } from './placeholders';
export { addEntry, conflictingRow, dropEntriesOf, pendingRowIds, serverIdOf, takeTheirs, unsentCountOf, withDependants, type Enqueued } from './entries';
export { enqueue, resend, retry, discard, ChangeNotSavedError, NOT_SIGNED_IN, SESSION_REPLACED, STORAGE_FULL } from './enqueue';
export { replayOutbox, OUTBOX_SYNC_TAG, type ReplayEnv, type ReplayResult, type TokenSource } from './replay';
export { nudgeReplay, requestBackgroundSync, startOutboxReplay } from './triggers';
export { requestPersistentStorage, storageStatus, type StorageStatus } from './storage';
export { useLastSyncAt, useOutboxEntries, usePendingIds, useRefusedRows, useStorageFullAt } from './hooks';
