import { useEffect, useState, useSyncExternalStore } from 'react';

/** Counts writes in flight; the overlay shows while any runs longer than the delay. */
let inFlight = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const LOADING_OVERLAY_MESSAGE = 'Processing your request. Please wait...';
export const LOADING_OVERLAY_DELAY_MS = 400;

export const processing = {
  begin(): () => void {
    inFlight += 1;
    emit();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      inFlight -= 1;
      emit();
    };
  },
  async track<T>(work: Promise<T>): Promise<T> {
    const end = processing.begin();
    try {
      return await work;
    } finally {
      end();
    }
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once work has been in flight for the overlay delay (400 ms), so quick writes do not flash. */
export function useProcessingOverlay(delayMs = LOADING_OVERLAY_DELAY_MS): boolean {
  const busy = useSyncExternalStore(subscribe, () => inFlight > 0);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    // The busy spell is over: the next one waits the full delay again.
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [busy, delayMs]);
  return busy && shown;
}
