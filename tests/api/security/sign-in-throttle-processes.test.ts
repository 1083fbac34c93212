import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { startApiProcess, type ApiProcess } from '../../support/api-process';

/**
 * The sign-in throttle is shared by every API process (issue 14 §1): two processes on one
 * PostgreSQL, a burst of guesses split between them, and still no more than 5 are checked.
 * Only PostgreSQL serves several processes (embedded PGlite refuses a second one).
 */
describe.runIf(process.env.TEST_DB === 'postgres')('sign-in throttling across two API processes', () => {
  let server: TestServer;
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    // A first wait of a minute: the burst never outlasts it, however slow the machine.
    const env = { DATABASE_URL: server.url!, LOGIN_THROTTLE_FIRST_WAIT_SECONDS: '60' };
    processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await server.close();
  });

  it('checks no more than 5 of 40 guesses for one username sent at once to two processes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${processes[i % 2]!.url}/api/v1/auth/jwt/create/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'stores', password: `guess-${i}` }),
        }).then((res) => res.status),
      ),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(35);
  });
});
