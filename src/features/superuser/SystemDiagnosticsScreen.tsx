import { useState } from 'react';
import { Badge, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { SystemHealth } from '../../../domain/admin';
import type { Job } from '../../../domain/jobs';
import type { Mail } from '../../../domain/mail';
import { formatCount, formatMeasure } from '../../../domain/rules/numbers';
import { readFailure, serverFailure } from '../../ui/connection';
import { DashboardSection, FigureTile } from '../../ui/dashboard';
import { DataTable } from '../../ui/DataTable';
import { Facts, Failure, SimpleTable } from '../../ui/detail';
import { notify } from '../../ui/notify';
import { formatWhen } from '../../ui/when';
import { buildsInUse } from '../../../domain/session';
import { APP_VERSION } from '../../data/app-version';
import { useActiveSessions, useDeadLetters, useFailedMail, useJobCounts, useMailCounts, useRetryJob, useSystemHealth, WAITING_JOB_STATES, WATCHED_MAIL_STATES } from './api';

export const RETRY_FAILED = 'Failed to retry the job';
const DEAD_LETTERS_PAGE = 10;
const FAILED_MAIL_SHOWN = 10;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${formatCount(Math.round(bytes / MB))} MB`;
const milliseconds = (ms: number | null) => (ms === null ? '—' : `${formatMeasure(ms)} ms`);
const okBadge = (ok: boolean, yes: string, no: string) => <Badge colorPalette={ok ? 'green' : 'red'}>{ok ? yes : no}</Badge>;

const JOB_STATE_LABELS: Record<(typeof WAITING_JOB_STATES)[number], string> = { created: 'Waiting', retry: 'Waiting to retry', active: 'Running' };
const MAIL_STATE_LABELS: Record<(typeof WATCHED_MAIL_STATES)[number], string> = { queued: 'Queued', failed: 'Failed', kept: 'Kept (no mail server)' };

function Server({ health }: { health: SystemHealth }) {
  const { database, stores, memory, eventLoop } = health;
  return (
    // Side by side on a desktop only: each card's facts take two columns of their own from a tablet's width up.
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="3">
      <DashboardSection title="Database">
        <Facts
          facts={[
            ['State', okBadge(database.healthy, 'Healthy', 'Failing')],
            ['A trivial query', milliseconds(database.latencyMs)],
            ...(database.error ? ([['Error', database.error]] as const) : []),
          ]}
        />
      </DashboardSection>
      <DashboardSection title="Stores">
        <Facts
          facts={[
            ['Background job store', okBadge(stores.jobs, 'Running', 'Not running')],
            ['Live updates', okBadge(stores.liveUpdates, 'Listening', 'Not listening')],
          ]}
        />
      </DashboardSection>
      <DashboardSection title="Memory">
        <Facts
          facts={[
            ['Used', `${Math.round(memory.percent)} %`],
            ['Heap', `${megabytes(memory.heapUsedBytes)} of ${megabytes(memory.heapLimitBytes)}`],
            ['Resident', `${megabytes(memory.residentBytes)} of ${megabytes(memory.availableBytes)}`],
          ]}
        />
      </DashboardSection>
      <DashboardSection title="Process">
        <Facts
          facts={[
            ['Event loop delay', `${milliseconds(eventLoop.meanMs)} on average, ${milliseconds(eventLoop.p99Ms)} at p99`],
            ['Up for', `${formatCount(Math.floor(health.uptimeSeconds / 3600))} h ${Math.floor((health.uptimeSeconds % 3600) / 60)} min`],
            ['Instance', health.instance],
            ['Measured', formatWhen(health.timestamp)],
          ]}
        />
      </DashboardSection>
    </SimpleGrid>
  );
}

function DeadLetters() {
  const [page, setPage] = useState(1);
  const letters = useDeadLetters(page, DEAD_LETTERS_PAGE);
  const retry = useRetryJob();
  const failure = readFailure(letters);
  const press = async (job: Job) => {
    try {
      await retry.mutateAsync(job);
      notify({ type: 'positive', message: `${job.name} is queued again.` });
    } catch (error) {
      notify({ type: 'negative', message: RETRY_FAILED, caption: serverFailure(error) });
    }
  };
  const columns: ColumnDef<Job, unknown>[] = [
    { header: 'Job', accessorKey: 'name' },
    { header: 'Failed', cell: ({ row }) => formatWhen(row.original.completed_on ?? row.original.created_on) },
    { header: 'Attempts', cell: ({ row }) => formatCount(row.original.retry_count + 1), meta: { numeric: true } },
    { header: 'Error', cell: ({ row }) => <Text overflowWrap="anywhere">{row.original.error ?? ''}</Text> },
    {
      header: 'Retry',
      cell: ({ row }) => (
        <Button size="lg" variant="outline" loading={retry.isPending && retry.variables?.id === row.original.id} onClick={() => void press(row.original)}>
          Retry
        </Button>
      ),
    },
  ];
  return (
    <>
      {failure && <Failure text={failure} />}
      <DataTable label="Dead letters" columns={columns} rows={letters.data?.results ?? []} count={letters.data?.count ?? 0} page={page} pageSize={DEAD_LETTERS_PAGE} onPageChange={setPage} rowKey={(j) => j.id} empty="No dead letters: every job ran or waits its turn." />
    </>
  );
}

/** The builds of the app the signed-in devices run: an old one names devices that have not taken an update. */
function BuildsInUse() {
  const sessions = useActiveSessions();
  const failure = readFailure(sessions);
  const builds = buildsInUse(sessions.data ?? []);
  return (
    <>
      {failure && <Failure text={failure} />}
      <SimpleTable
        label="App builds in use"
        headers={['Build', 'Sessions', 'Users', 'Last call']}
        rows={builds.map((b) => [
          b.version === null ? 'Not named yet' : b.version === APP_VERSION ? `${b.version} (this console's)` : b.version,
          formatCount(b.sessions),
          formatCount(b.users),
          formatWhen(b.lastActivity),
        ])}
        empty={sessions.data ? 'Nobody is signed in.' : '…'}
      />
    </>
  );
}

function MailQueue() {
  const counts = useMailCounts();
  const failed = useFailedMail(FAILED_MAIL_SHOWN);
  const failure = readFailure(counts) ?? readFailure(failed);
  const mails: Mail[] = failed.data?.results ?? [];
  return (
    <>
      {failure && <Failure text={failure} />}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {WATCHED_MAIL_STATES.map((state) => (
          <FigureTile key={state} label={MAIL_STATE_LABELS[state]} value={counts.data ? formatCount(counts.data[state]) : '…'} help="Mails" alert={state === 'failed' && (counts.data?.failed ?? 0) > 0} testId={`mail-${state}`} />
        ))}
      </SimpleGrid>
      <SimpleTable
        label="Failed mail"
        headers={['Written', 'To', 'Subject', 'Error']}
        rows={mails.map((m) => [formatWhen(m.created_at), m.to.join(', '), m.subject, m.error ?? ''])}
        empty="No mail has failed."
      />
    </>
  );
}

/**
 * system-diagnostics (/superuser/diagnostics): what the server is made of and how each part is:
 * the database, the stores, memory and the process, the background jobs with their dead letters
 * (Retry), the mail queue, and the builds of the app the signed-in devices run.
 */
export default function SystemDiagnosticsScreen() {
  const health = useSystemHealth(false);
  const jobs = useJobCounts();
  const failure = readFailure(health) ?? readFailure(jobs);
  return (
    <Stack gap="4">
      <Heading size="xl">System diagnostics</Heading>
      {failure && <Failure text={failure} />}
      {health.data && <Server health={health.data} />}
      <DashboardSection title="Background jobs">
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          {WAITING_JOB_STATES.map((state) => (
            <FigureTile key={state} label={JOB_STATE_LABELS[state]} value={jobs.data ? formatCount(jobs.data[state]) : '…'} help="Jobs" testId={`jobs-${state}`} />
          ))}
        </SimpleGrid>
        <Heading size="sm">Dead letters</Heading>
        <DeadLetters />
      </DashboardSection>
      <DashboardSection title="Mail queue">
        <MailQueue />
      </DashboardSection>
      <DashboardSection title="App builds in use">
        <BuildsInUse />
      </DashboardSection>
    </Stack>
  );
}
