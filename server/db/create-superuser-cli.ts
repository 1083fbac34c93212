// npm run create-superuser -- --username NAME: the first account of a database started with SEED=none.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { DataDirectoryLockedError } from './lock';
import { createSuperuser, SuperuserError } from '../modules/users/superuser';

const USAGE = `Usage: FABOPS_PASSWORD=… npm run create-superuser -- --username NAME [--first-name A] [--last-name B] [--email E]

Creates an active superuser in the Admin department: the first account of a database started
with SEED=none (a registered account stays inactive until an admin activates it). The password
comes from FABOPS_PASSWORD, so it is not left in the shell's history or the process list, and
must pass the same strength rules as any other. The database is PostgreSQL when DATABASE_URL is
set, otherwise the embedded one in DATA_DIR (stop the server first, it holds the directory).`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const password = process.env.FABOPS_PASSWORD;
  if (values.help || !values.username || !password) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  try {
    const user = await createSuperuser(database.db, { username: values.username, password, first_name: values['first-name'] ?? '', last_name: values['last-name'] ?? '', email: values.email ?? '' });
    console.log(`Superuser ${user.username} created (id ${user.id}).`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirectoryLockedError || error instanceof SuperuserError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
