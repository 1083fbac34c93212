import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DASHBOARD_AUDIT_HOURS, DASHBOARD_LATEST_AUDIT, DASHBOARD_REFRESH_MS, MEMORY_ALERT_PERCENT } from '../../../domain/admin';
import { pathOf } from '../../../domain/routes';
import type { SystemAlert } from '../../../domain/system-alert';
import { formatCount } from '../../../domain/rules/numbers';
import { serverFailure } from '../../ui/connection';
import { DashboardAlerts, DashboardSection, FigureTile, useDashboardView } from '../../ui/dashboard';
import { SimpleTable } from '../../ui/detail';
import { notify } from '../../ui/notify';
import { formatWhen } from '../../ui/when';
import { AUDIT_COLUMNS } from './audit-entries';
import { ALERT_PALETTE, alertTypeLabel, API_STATUS_LABELS, riskLabel } from './labels';
import { useApiCheck, useLatestAudit, useOpenAlerts, useResolveAlert, useSecurityMetrics, useSystemHealth } from './api';

export const RESOLVE_FAILED = 'Failed to resolve the alert';

function AlertCard({ alert }: { alert: SystemAlert }) {
  const resolve = useResolveAlert();
  const press = async () => {
    try {
      await resolve.mutateAsync(alert);
      notify({ type: 'positive', message: 'Alert resolved.' });
    } catch (error) {
      notify({ type: 'negative', message: RESOLVE_FAILED, caption: serverFailure(error) });
    }
  };
  return (
    <Card.Root variant="outline" data-testid={`alert-${alert.id}`}>
      <Card.Body>
        <Flex align="center" gap="3" wrap="wrap">
          <Badge colorPalette={ALERT_PALETTE[alert.type]}>{alertTypeLabel(alert.type)}</Badge>
          <Stack gap="0" flex="1" minW="14rem">
            <Text overflowWrap="anywhere">{alert.message}</Text>
            <Text fontSize="sm" color="fg.muted">
              {[alert.source, formatWhen(alert.timestamp)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Button size="lg" variant="outline" loading={resolve.isPending} onClick={() => void press()}>
            Resolve
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * superuser-dashboard (/superuser): the health score, the API's status, the open alerts with
 * Resolve, the security risk, who is signed in and the latest audit entries of the last 24 hours,
 * all read again every 30 s (product-frame.md §4, §9).
 */
export default function SuperuserDashboardScreen() {
  const health = useDashboardView(useSystemHealth());
  const ping = useDashboardView(useApiCheck());
  const alerts = useDashboardView(useOpenAlerts());
  const security = useDashboardView(useSecurityMetrics());
  const audit = useDashboardView(useLatestAudit());
  const h = health.data;
  const s = security.data;
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          Superuser dashboard
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Read again every {DASHBOARD_REFRESH_MS / 1000} s
        </Text>
      </Flex>
      {/* The ping says its own failure in its tile. */}
      <DashboardAlerts views={[health, alerts, security, audit]} />
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
        <FigureTile label="Health score" value={h ? `${h.score} / 100` : '…'} help={h ? `Uptime ${formatCount(Math.floor(h.uptimeSeconds / 3600))} h` : 'Being measured'} alert={h !== undefined && h.score < 100} testId="health-score" />
        <FigureTile
          label="API status"
          value={ping.data ? API_STATUS_LABELS[ping.data.status] : '…'}
          help={ping.data?.ms != null ? `Ping ${formatCount(ping.data.ms)} ms` : 'No answer to the ping'}
          alert={ping.data !== undefined && ping.data.status !== 'connected'}
          testId="api-status"
        />
        <FigureTile label="Database" value={h ? (h.database.healthy ? 'Healthy' : 'Failing') : '…'} help={h?.database.latencyMs != null ? `${formatCount(Math.round(h.database.latencyMs))} ms a query` : (h?.database.error ?? '')} alert={h !== undefined && !h.database.healthy} testId="database" />
        <FigureTile label="Memory" value={h ? `${Math.round(h.memory.percent)} %` : '…'} help={`Alert above ${MEMORY_ALERT_PERCENT} %`} alert={h !== undefined && h.memory.percent > MEMORY_ALERT_PERCENT} testId="memory" />
        <FigureTile
          label="Security risk"
          value={s ? riskLabel(s.riskLevel) : '…'}
          help={s ? `${formatCount(s.highRiskEntries)} high-risk entries in ${DASHBOARD_AUDIT_HOURS} h` : ''}
          alert={s !== undefined && s.riskLevel !== 'low'}
          testId="security-risk"
        />
        <FigureTile label="Open alerts" value={alerts.data ? formatCount(alerts.data.length) : '…'} help="Until resolved" alert={(alerts.data?.length ?? 0) > 0} testId="open-alerts" />
        <FigureTile label="Users signed in" value={s ? formatCount(s.signedInUsers) : '…'} help={s ? `In ${formatCount(s.activeSessions)} ${s.activeSessions === 1 ? 'session' : 'sessions'}` : ''} testId="signed-in" />
        <FigureTile
          label="Failed sign-ins"
          value={s ? formatCount(s.failedSignIns) : '…'}
          help={s ? `${formatCount(s.refusals)} calls refused in ${DASHBOARD_AUDIT_HOURS} h` : ''}
          alert={(s?.throttledSignIns ?? 0) > 0}
          testId="failed-sign-ins"
        />
      </SimpleGrid>
      <DashboardSection title="Open alerts">
        {alerts.data?.length === 0 && <Text color="fg.muted">No open alerts.</Text>}
        {alerts.data?.map((alert) => (
          <AlertCard key={alert.id} alert={alert} />
        ))}
      </DashboardSection>
      <DashboardSection
        title={`Latest audit entries (last ${DASHBOARD_AUDIT_HOURS} hours)`}
        action={
          <Button asChild size="lg" variant="outline">
            <RouterLink to={pathOf('audit-logs')}>All audit logs</RouterLink>
          </Button>
        }
      >
        <SimpleTable
          label="Latest audit entries"
          headers={AUDIT_COLUMNS.map((c) => c.header)}
          rows={(audit.data?.results ?? []).slice(0, DASHBOARD_LATEST_AUDIT).map((entry) => AUDIT_COLUMNS.map((c) => c.cell(entry)))}
          empty={audit.data ? `Nothing recorded in the last ${DASHBOARD_AUDIT_HOURS} hours.` : 'Loading…'}
        />
      </DashboardSection>
    </Stack>
  );
}
