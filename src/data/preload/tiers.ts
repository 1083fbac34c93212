import { PRELOAD_TIERS, type PreloadSet, type PreloadTier } from '../../../domain/preload';
import type { DataType } from '../../../domain/data-types';

/**
 * Starts a department's preload (product-frame.md §4): each tier's types at the tier's delay
 * (critical 0 ms, important 100 ms, background 300 ms), the types of one tier side by side.
 * `load` starts a type's load and handles its failure; returns the cancel of the tiers not yet due.
 */
export function runPreloadTiers(set: PreloadSet, load: (type: DataType, tier: PreloadTier) => void): () => void {
  const timers = PRELOAD_TIERS.map(({ tier, delayMs }) => setTimeout(() => set[tier].forEach((type) => load(type, tier)), delayMs));
  return () => timers.forEach(clearTimeout);
}
