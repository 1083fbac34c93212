import type { ProgressListener } from './dataset';

const BAR_WIDTH = 24;
const format = (n: number) => Math.round(n).toLocaleString('en-IN');

/**
 * A progress display for the seeding CLI, one line per table: name, done/total, percentage and
 * rows per second. On a terminal the line is redrawn in place; otherwise (a log, CI) a plain
 * line is printed every few seconds and when the table is done.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, now: () => number = () => performance.now()): ProgressListener {
  const interactive = stream.isTTY === true;
  let current = '';
  let started = 0;
  let lastDrawn: number | null = null;
  return ({ entity, done, total }) => {
    const t = now();
    if (entity !== current) {
      current = entity;
      started = t;
      lastDrawn = null;
    }
    const finished = done >= total;
    if (!finished && lastDrawn !== null && t - lastDrawn < (interactive ? 100 : 2000)) return;
    lastDrawn = t;
    const share = total === 0 ? 1 : done / total;
    const seconds = (t - started) / 1000;
    const rate = seconds > 0 ? `${format(done / seconds)} rows/s` : '';
    const counts = `${format(done)}/${format(total)}`;
    const percent = `${Math.floor(share * 100)}%`.padStart(4);
    if (interactive) {
      const filled = Math.round(share * BAR_WIDTH);
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
      stream.write(`\r\x1b[2K${entity.padEnd(30)} ${bar} ${counts.padStart(21)} ${percent}  ${rate}${finished ? '\n' : ''}`);
    } else if (done > 0 || finished) {
      stream.write(`${entity}: ${counts} ${percent.trim()}${rate ? `, ${rate}` : ''}\n`);
    }
  };
}
