import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { processing } from '../data/processing';

export const LOADING_OVERLAY_MESSAGE = 'Processing your request. Please wait...';
export const LOADING_OVERLAY_DELAY_MS = 400;

/** True once work has been in flight for the overlay delay (400 ms), so quick writes do not flash. */
export function useProcessingOverlay(delayMs = LOADING_OVERLAY_DELAY_MS): boolean {
  const busy = useStore(processing.inFlight, (count) => count > 0);
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
