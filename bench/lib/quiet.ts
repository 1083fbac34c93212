import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waiting for a quiet machine before a timed run: a figure of a few hundred milliseconds on two
 * cores is otherwise mostly whatever else was running (the browser compacting the 100,000 rows it
 * just stored, the bench server's database writing its pages). Linux's /proc/stat gives the time
 * all processors spent idle; elsewhere there is nothing to wait for.
 */

const WINDOW_MS = 500;
/** Busy below this share of all processors' time over one window counts as quiet. */
const QUIET_BELOW = 0.15;
const LONGEST_WAIT_MS = 30_000;

interface CpuTimes {
  idle: number;
  total: number;
}

async function cpuTimes(): Promise<CpuTimes | null> {
  const stat = await fs.readFile('/proc/stat', 'utf8').catch(() => null);
  const fields = stat?.split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 5 || fields.some(Number.isNaN)) return null;
  // user nice system idle iowait irq softirq steal: idle and iowait are time spent waiting.
  return { idle: fields[3]! + fields[4]!, total: fields.slice(0, 8).reduce((a, b) => a + b, 0) };
}

/** Resolves once the processors were busy less than 15% over half a second, or after 30 s; the busy share of the last window. */
export async function untilQuiet(): Promise<number> {
  const started = Date.now();
  let busy = 0;
  let before = await cpuTimes();
  if (!before) return 0;
  while (Date.now() - started < LONGEST_WAIT_MS) {
    await sleep(WINDOW_MS);
    const after = await cpuTimes();
    if (!after) return 0;
    const total = after.total - before.total;
    busy = total > 0 ? 1 - (after.idle - before.idle) / total : 0;
    if (busy < QUIET_BELOW) return busy;
    before = after;
  }
  return busy;
}
