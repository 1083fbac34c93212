import { API } from '../../domain/api-paths';
import type { BulkUpdateCostsResult } from '../../domain/estimation';
import { environmentFor, type FreshDatabase } from './databases';
import { startBenchServer } from './bench-server';
import { prepare } from './catalogue';
import { runToEnd } from './processes';
import { median } from './sales';

/**
 * Issue 21 §1 (decision 352): PATCH bulk-update-costs/ of one material used by 5,000 costing lines
 * of open estimations (10 estimations × 10 products × 50 lines; one approved estimation of 500
 * more lines stays as it is), beside the same re-pricing in raw SQL on the same database (lines,
 * products' unit prices, estimations' totals: bench/raw-sql.ts `reprice`). Each run
 * changes the rate (48.50 and 50.00 in turn), so every run re-prices all 5,000 lines.
 */
export const REPRICE_OPEN_ESTIMATIONS = 10;
export const REPRICE_PRODUCTS = 10;
export const REPRICE_LINES_PER_PRODUCT = 50;
export const REPRICE_LINES = REPRICE_OPEN_ESTIMATIONS * REPRICE_PRODUCTS * REPRICE_LINES_PER_PRODUCT;
export const REPRICE_RUNS = 5;
const RATES = ['50.00', '48.50'] as const;
/** Who keeps the costing materials' rates. */
export const DESIGN = 'design';

export interface RepricingFigures {
  lines: number;
  apiSeconds: number;
  rawSqlSeconds: number;
}

async function bulkUpdate(origin: string, access: string, material: number, rate: string): Promise<number> {
  const response = await fetch(`${origin}/api/v1${API.estimationProducts.bulkUpdateCosts}`, {
    method: 'PATCH',
    headers: { authorization: `JWT ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ updates: [{ estimation_material: material, rate }] }),
  });
  if (response.status !== 200) throw new Error(`bulk-update-costs: ${response.status} ${await response.text()}`);
  return ((await response.json()) as BulkUpdateCostsResult).updates.length;
}

export async function repricingOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>): Promise<RepricingFigures> {
  await prepare(database, 0);
  const made = JSON.parse(
    (
      await runToEnd(
        ['--import', 'tsx', 'bench/estimation-lines.ts'],
        environmentFor(database, { BENCH_OPEN_ESTIMATIONS: String(REPRICE_OPEN_ESTIMATIONS), BENCH_PRODUCTS: String(REPRICE_PRODUCTS), BENCH_LINES: String(REPRICE_LINES_PER_PRODUCT), BENCH_RATE: RATES[1] }),
      )
    )
      .trim()
      .split('\n')
      .at(-1)!,
  ) as { material: number; openLines: number };
  if (made.openLines !== REPRICE_LINES) throw new Error(`the bench made ${made.openLines} open costing lines, not ${REPRICE_LINES}`);
  const server = await startBenchServer(environmentFor(database));
  const runs: number[] = [];
  try {
    const access = await signIn(server.origin);
    for (let i = 0; i < REPRICE_RUNS; i++) {
      const started = performance.now();
      const repriced = await bulkUpdate(server.origin, access, made.material, RATES[i % 2]!);
      runs.push((performance.now() - started) / 1000);
      if (repriced !== REPRICE_LINES) throw new Error(`bulk-update-costs re-priced ${repriced} lines, not ${REPRICE_LINES}`);
    }
  } finally {
    await server.stop();
  }
  // The API's last run left the rate at RATES[(REPRICE_RUNS - 1) % 2]: the raw runs start from the other.
  const output = await runToEnd(
    ['--import', 'tsx', 'bench/raw-sql.ts'],
    environmentFor(database, { BENCH_QUERY: 'reprice', BENCH_RUNS: String(REPRICE_RUNS), BENCH_MATERIAL: String(made.material), BENCH_RATES: REPRICE_RUNS % 2 ? `${RATES[1]},${RATES[0]}` : `${RATES[0]},${RATES[1]}` }),
  );
  const { seconds } = JSON.parse(output.trim().split('\n').at(-1)!) as { seconds: number };
  return { lines: REPRICE_LINES, apiSeconds: median(runs), rawSqlSeconds: seconds };
}
