import { Alert } from '@chakra-ui/react';
import { mirror } from '../../data/mirror/db';
import { storeJobOrder } from '../../data/operations/job-orders';
import { serverFailure } from '../../ui/connection';
import type { LocalJobOrder } from './data';

/** What a change queued through the outbox tells the user. */
export const CHANGE_SAVED = 'Change saved on this device; it is sent to the server as soon as it can be reached.';
export const OFFLINE_NOTE = 'These changes need a connection to the server.';
export const WAITING_NOTE = "These changes wait until this job order's changes made on this device have reached the server.";

/** The version the user saw, for a change to a job order the server has (one made offline has none yet). */
export const versionOf = (jobOrder: LocalJobOrder) => (jobOrder.id > 0 ? { expected_version: jobOrder.version } : {});

/** Why the server refused a write, as it says it (the active requisitions it names, say). */
export type Refusal = string;

export const refusalOf = (error: unknown): Refusal => serverFailure(error);

/**
 * Why an online write of the detail cannot be made now, or null. Such a write sends the version
 * the user saw, which a change still waiting on this device would make stale.
 */
export function onlineBlock(online: boolean, pending: boolean): string | null {
  if (!online) return OFFLINE_NOTE;
  return pending ? WAITING_NOTE : null;
}

/**
 * An online write of the detail (products, invoice details, advance): the server's answer (the
 * job order, with its products when it sends them) goes into the device at once; a refusal comes
 * back to be shown where the user is.
 */
export async function sendOnline(send: () => Promise<{ data: unknown }>): Promise<Refusal | null> {
  try {
    const { data } = await send();
    await storeJobOrder(mirror, data);
    return null;
  } catch (error) {
    return refusalOf(error);
  }
}

/** The server's refusal, kept on screen (not only a passing notice) while the user settles what it names. */
export function RefusalAlert({ refusal }: { refusal: Refusal }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{refusal}</Alert.Title>
    </Alert.Root>
  );
}
