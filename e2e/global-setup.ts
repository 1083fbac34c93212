import { startMailbox } from './mailbox';
import { SMTP_PORT } from './ports';

/** The run's mailbox, up before the first test and closed after the last. */
export default function globalSetup(): Promise<() => Promise<void>> {
  return startMailbox(SMTP_PORT);
}
