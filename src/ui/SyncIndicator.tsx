import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { PERMISSION_DENIED, SUPERUSER_REQUIRED } from '../../domain/permissions';
import { pathOf } from '../../domain/routes';
import { mirror } from '../data/mirror/db';
import { startOutboxReplay, useLastSyncAt, useOutboxEntries } from '../data/outbox';
import { useSession } from '../data/session';

const TIME = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });

/** The server's refusals of a list: the data is not on this device, and no retry will bring it. */
const REFUSALS: readonly (string | null)[] = [PERMISSION_DENIED, SUPERUSER_REQUIRED];

/** How many of the user's lists the server refused at their last load. */
function useRefusedLists(userId: number | undefined): number | undefined {
  return useLiveQuery(() => (userId === undefined ? 0 : mirror.meta.where('userId').equals(userId).filter((meta) => REFUSALS.includes(meta.error)).count()), [userId]);
}

/**
 * The header's sync state: offline, the signed-in user's unsent and refused changes, the lists
 * the server refused them (never "All saved" while data is missing, nor before the device's
 * outbox has been read: a reopened app would claim it before it sends), the last sync; a click
 * opens the Sync screen. Mounted with the signed-in frame, it also runs the
 * page's outbox replay triggers (start, `online`, timer, after each enqueue).
 */
export function SyncIndicator({ offline }: { offline: boolean }) {
  const { user } = useSession();
  const entries = useOutboxEntries();
  const lastSyncAt = useLastSyncAt();
  const refusedLists = useRefusedLists(user?.id);
  useEffect(() => startOutboxReplay(), []);

  const read = entries !== undefined && refusedLists !== undefined;
  const mine = (entries ?? []).filter((e) => e.userId === user?.id);
  const refused = mine.filter((e) => e.state === 'rejected').length;
  const pending = mine.length - refused;
  const saved = read && !refused && !refusedLists ? 'All saved' : '';
  const summary = [pending ? `${pending} unsent` : saved, lastSyncAt ? `synced ${TIME.format(lastSyncAt)}` : ''].filter(Boolean).join(' · ');

  return (
    <Button asChild size="sm" variant="subtle" aria-label="Sync status" title={lastSyncAt ? `Last sync ${new Date(lastSyncAt).toLocaleString('en-IN')}` : undefined}>
      <RouterLink to={pathOf('sync')}>
        <Badge colorPalette={offline ? 'orange' : 'green'}>{offline ? 'Offline' : 'Online'}</Badge>
        {summary}
        {refused > 0 && <Badge colorPalette="red">{refused} refused</Badge>}
        {refusedLists !== undefined && refusedLists > 0 && <Badge colorPalette="orange">{`${refusedLists} ${refusedLists === 1 ? 'list' : 'lists'} not loaded`}</Badge>}
      </RouterLink>
    </Button>
  );
}
