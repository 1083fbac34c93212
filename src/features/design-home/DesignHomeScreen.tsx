import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { DesignDashboard, DesignDashEstimation } from '../../../domain/design-dashboard';
import { JOB_ORDER_STATUSES } from '../../../domain/job-order';
import { labelOf } from '../../../domain/options';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount } from '../../../domain/rules/numbers';
import { formatIndian } from '../../../domain/decimal';
import { useMirrorStatus } from '../../data/mirror/status';
import { DashboardAlert, DashboardSection, FigureTile, ListMore, useDashboardView } from '../../ui/dashboard';
import { Freshness } from '../../ui/Freshness';
import { RowLink } from '../../ui/RowLink';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { useDesignFigures } from './api';
import { useDeviceDesignJobs } from './device';

/** The estimations list filtered to one status: where each tile's work is done. */
const estimationsWith = (status: string) => `${pathOf('estimations-home')}?status=${status}`;

function EstimationTable({ label, list, empty }: { label: string; list: DesignDashboard['awaiting_approval']; empty: string }) {
  if (!list.results.length) return <Text color="fg.muted">{empty}</Text>;
  const shown = (e: DesignDashEstimation) => (e.status === 'submitted' && e.submitted_at ? `Submitted ${formatDisplayDate(e.submitted_at)}` : formatDisplayDate(e.estimation_date));
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Estimation</Table.ColumnHeader>
              <Table.ColumnHeader>For</Table.ColumnHeader>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Cost (₹)</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.results.map((e) => (
              <Table.Row key={e.id}>
                <Table.Cell>
                  <RowLink to={pathOf('estimation-detail', { id: e.id })}>{e.title || `Estimation ${e.id}`}</RowLink>
                </Table.Cell>
                <Table.Cell data-label="For">{e.party_name}</Table.Cell>
                <Table.Cell data-label="Date">{shown(e)}</Table.Cell>
                <Table.Cell textAlign="end" data-label="Cost (₹)">
                  {formatIndian(e.total_cost)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ListMore shown={list.results.length} count={list.count} what="newest" />
    </Stack>
  );
}

function JobsWaiting({ jobs }: { jobs: DesignDashboard['jobs_waiting'] }) {
  if (!jobs.results.length) return <Text color="fg.muted">No job order is waiting for design.</Text>;
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label="Job orders waiting for design" css={FOLDING_TABLE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Job order</Table.ColumnHeader>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Due</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {jobs.results.map((job) => (
              <Table.Row key={job.id} data-overdue={job.overdue || undefined}>
                <Table.Cell>
                  <RowLink to={pathOf('design-job-detail', { id: job.id })} fontWeight="semibold">
                    {job.label}
                  </RowLink>
                </Table.Cell>
                <Table.Cell data-label="Customer">{job.customer_name}</Table.Cell>
                <Table.Cell data-label="Status">{labelOf(JOB_ORDER_STATUSES, job.status)}</Table.Cell>
                <Table.Cell data-label="Due">
                  {job.due_date ? (
                    <Flex gap="2" align="center" wrap="wrap">
                      <Text as="span">{formatDisplayDate(job.due_date)}</Text>
                      {job.overdue && (
                        <Badge size="lg" colorPalette="red">
                          Overdue
                        </Badge>
                      )}
                    </Flex>
                  ) : (
                    <Text as="span" color="fg.muted">
                      No due date
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ListMore shown={jobs.results.length} count={jobs.count} what="soonest due" />
    </Stack>
  );
}

/** Without the server: the job orders in the Design bucket as this device last synced them. */
function DeviceJobs() {
  const jobs = useDeviceDesignJobs();
  const { loadedAt } = useMirrorStatus(['jobOrders']);
  if (!jobs) return null;
  return (
    <DashboardSection title="Waiting for design on this device">
      {loadedAt === null ? (
        <Text color="fg.muted">The job orders are not on this device yet.</Text>
      ) : (
        <Stack gap="2">
          <Freshness loadedAt={loadedAt} />
          <Text color="fg.muted">Due dates show once the device is back online.</Text>
          {jobs.length ? (
            <Table.Root size="md" aria-label="Job orders waiting for design on this device">
              <Table.Body>
                {jobs.map((job) => (
                  <Table.Row key={job.id}>
                    <Table.Cell>
                      <RowLink to={pathOf('design-job-detail', { id: job.id })} fontWeight="semibold">
                        {job.label}
                      </RowLink>
                    </Table.Cell>
                    <Table.Cell>{job.customer_name}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          ) : (
            <Text color="fg.muted">No job order is waiting for design.</Text>
          )}
        </Stack>
      )}
    </DashboardSection>
  );
}

/**
 * design-home (`/design`), where the design department lands (issue 21 §2): the costings waiting
 * for approval and in progress, what was approved this week, and the job orders at design's desk
 * by due date. Fresh on every entry; offline, the job orders as the device last synced them.
 */
export default function DesignHomeScreen() {
  const { data, error, loading, reload, unreachable } = useDashboardView(useDesignFigures());
  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          Design
        </Heading>
        {data && <Text color="fg.muted">{formatDisplayDate(data.today)}</Text>}
      </Flex>
      <DashboardAlert unreachable={unreachable} error={error} reload={reload} />
      {unreachable && <DeviceJobs />}
      <Skeleton loading={loading && !data && !unreachable}>
        {data && (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <FigureTile
              label="Waiting for approval"
              value={formatCount(data.awaiting_approval.count)}
              help="Submitted costings"
              alert={data.awaiting_approval.count > 0}
              testId="tile-awaitingApproval"
              to={estimationsWith('submitted')}
            />
            <FigureTile label="In costing" value={formatCount(data.in_costing.count)} help="Drafts being costed" testId="tile-inCosting" to={estimationsWith('draft')} />
            <FigureTile
              label="Approved this week"
              value={formatCount(data.approved_this_week.count)}
              help={`Since ${formatDisplayDate(data.week_start)}`}
              testId="tile-approvedThisWeek"
              to={estimationsWith('approved')}
            />
            <FigureTile
              label="Job orders waiting"
              value={formatCount(data.jobs_waiting.count)}
              help={data.jobs_waiting.overdue ? `${formatCount(data.jobs_waiting.overdue)} overdue` : 'None overdue'}
              alert={data.jobs_waiting.overdue > 0}
              testId="tile-jobsWaiting"
            />
          </SimpleGrid>
        )}
      </Skeleton>
      {data && (
        <>
          <DashboardSection title="Job orders waiting for design">
            <JobsWaiting jobs={data.jobs_waiting} />
          </DashboardSection>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <DashboardSection
              title="Waiting for approval"
              action={
                <Button asChild size="lg" variant="outline">
                  <RouterLink to={estimationsWith('submitted')}>View all</RouterLink>
                </Button>
              }
            >
              <EstimationTable label="Estimations waiting for approval" list={data.awaiting_approval} empty="No costing is waiting for approval." />
            </DashboardSection>
            <DashboardSection
              title="In costing"
              action={
                <Button asChild size="lg" variant="outline">
                  <RouterLink to={estimationsWith('draft')}>View all</RouterLink>
                </Button>
              }
            >
              <EstimationTable label="Estimations in costing" list={data.in_costing} empty="No costing in progress." />
            </DashboardSection>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
