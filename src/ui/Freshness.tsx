import { useEffect, useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { formatCount } from '../../domain/rules/numbers';

const MINUTE = 60_000;

/** "just now", "3 min ago", "2 h ago", "4 days ago". */
export function timeAgo(ms: number): string {
  if (ms < MINUTE) return 'just now';
  if (ms < 60 * MINUTE) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < 24 * 60 * MINUTE) return `${Math.floor(ms / (60 * MINUTE))} h ago`;
  const days = Math.floor(ms / (24 * 60 * MINUTE));
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The time now, renewed every `everyMs`, so "3 min ago" ages while the screen is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface FreshnessProps {
  /** When the rows were last brought up to date; null if they never were. */
  loadedAt: number | null;
  /** Rows loaded so far of the count announced, while a load runs. */
  progress?: { loaded: number; total: number } | null;
  /** Why the last update failed; the rows shown are the ones from before. */
  error?: string | null;
  /** Changes made on this device and not yet sent. */
  pending?: number;
  /** Offers "Refresh" when given. */
  onRefresh?: () => void;
}

/** The note beside a list read from the device: how fresh it is, what is loading, what waits to be sent. */
export function Freshness({ loadedAt, progress, error, pending = 0, onRefresh }: FreshnessProps) {
  const now = useNow(30_000);
  const state = progress
    ? `loading ${formatCount(progress.loaded)} of ${formatCount(progress.total)}`
    : loadedAt === null
      ? 'not loaded yet'
      : `updated ${timeAgo(Math.max(0, now - loadedAt))}`;
  return (
    <HStack gap="3" fontSize="sm" color="fg.muted" role="status" aria-label="Data freshness">
      <Text>{state}</Text>
      {error && <Text color="fg.error">last update failed: {error}</Text>}
      {pending > 0 && <Text color="fg.warning">{pending === 1 ? '1 change' : `${formatCount(pending)} changes`} waiting to be sent</Text>}
      {onRefresh && !progress && (
        <Button size="xs" variant="ghost" onClick={onRefresh}>
          Refresh
        </Button>
      )}
    </HStack>
  );
}
