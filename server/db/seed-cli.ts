// npm run seed -- --scale N: adds N × the scale volume of consistent data to the database.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { DataDirectoryLockedError } from './lock';
import { progressReporter } from './seed/progress';
import { SCALE_VOLUMES, SEED_GROUPS, ScaleOptionsError, checkScaleOptions, seedScale, type SeedGroup } from './seed/scale';

const USAGE = `Usage: npm run seed -- --scale N [--only PART,PART...] [--seed N]

Adds N × the scale volume of consistent data to the database: on-hand quantities equal the
stock ledger, document totals equal their lines, numbering continues after what is there.
Scale 1 is about ${SCALE_VOLUMES.materials.toLocaleString('en-IN')} materials, ${SCALE_VOLUMES.customers} customers, ${SCALE_VOLUMES.jobOrders.toLocaleString('en-IN')} job orders and 20,000 stock transactions;
N may be a fraction (0.1).

The database is PostgreSQL when DATABASE_URL is set, otherwise the embedded one in DATA_DIR
(default ./data; stop the server first, it holds the directory). When the database has no
users, the demo users are created first.

Options:
  --scale N        volume multiplier, greater than 0 (required)
  --only PARTS     only these parts, comma-separated; the parts they build on are taken
                   from the database. Parts: ${SEED_GROUPS.join(', ')}
  --seed N         seed of the random generator (default: from the clock)
  -h, --help       this help`;

class UsageError extends Error {}

interface Args {
  scale: number;
  only?: SeedGroup[];
  seed?: number;
}

function parseArgs(argv: string[]): Args | 'help' {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return 'help';
    const match = /^--(scale|only|seed)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`unknown argument "${arg}"`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${match[1]} needs a value`);
    if (values.has(match[1]!)) throw new UsageError(`--${match[1]} given twice`);
    values.set(match[1]!, value);
  }
  const scaleText = values.get('scale');
  if (scaleText === undefined) throw new UsageError('--scale is required');
  if (!/^\d*\.?\d+$/.test(scaleText)) throw new UsageError(`--scale must be a number greater than 0 (got "${scaleText}")`);
  const seedText = values.get('seed');
  if (seedText !== undefined && !/^\d+$/.test(seedText)) throw new UsageError(`--seed must be a whole number (got "${seedText}")`);
  const only = values.get('only')?.split(',').map((s) => s.trim()) as SeedGroup[] | undefined;
  return { scale: Number(scaleText), only, seed: seedText === undefined ? undefined : Number(seedText) };
}

async function main(): Promise<number> {
  let args: Args | 'help';
  try {
    args = parseArgs(process.argv.slice(2));
    if (args !== 'help') checkScaleOptions(args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ScaleOptionsError) {
      console.error(`seed: ${error.message}\nRun "npm run seed -- --help" for usage.`);
      return 2;
    }
    throw error;
  }
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  try {
    const where = database.kind === 'pglite' ? config.dataDir : 'PostgreSQL';
    console.error(`Seeding scale ${args.scale}${args.only ? ` (${args.only.join(', ')})` : ''} into ${where}`);
    const result = await seedScale(database.db, { ...args, onProgress: progressReporter() });
    const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
    console.log(`Added ${rows.toLocaleString('en-IN')} rows in ${result.seconds.toFixed(1)} s:`);
    for (const [table, count] of Object.entries(result.counts)) console.log(`  ${table.padEnd(32)} ${count.toLocaleString('en-IN').padStart(10)}`);
  } finally {
    await database.close();
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) console.error(error.message);
    else console.error('seed failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
