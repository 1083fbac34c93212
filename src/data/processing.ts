/**
 * Writes in flight: the HTTP client counts them (src/data/api.ts), screens count their own long
 * actions, and the processing overlay (src/ui/processing.ts) reads the count.
 */
import { createStore } from 'zustand/vanilla';

const inFlight = createStore<number>()(() => 0);

export const processing = {
  begin(): () => void {
    inFlight.setState((count) => count + 1, true);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      inFlight.setState((count) => count - 1, true);
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
  /** How many are in flight, for the overlay to follow. */
  inFlight,
};
