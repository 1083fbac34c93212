import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { startSmtpServer, type Received, type RunningSmtpServer } from './smtp-server';

export { decoded, entity, parts, text, type Part, type Received } from './smtp-server';

/**
 * Starts an SMTP server for the file and points `overrides.SMTP_URL` at it before the file's test
 * server starts (call it before `useTestServer(…, overrides)`); answers the messages it receives.
 */
export function useSmtpServer(overrides: Partial<Config>): Received[] {
  const received: Received[] = [];
  let smtp: RunningSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer(received);
    overrides.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp.close());
  return received;
}
