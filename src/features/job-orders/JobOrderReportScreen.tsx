import { useCurrentRoute } from '../../ui/route';
import { ServerReport } from '../../ui/ServerReport';
import { REPORTS } from './reports';

/** The job order lists and reports the server works out (cancelled, closed, valuation, status-wise, profitability), by route. */
export default function JobOrderReportScreen() {
  const route = useCurrentRoute();
  return <ServerReport title={route?.title ?? 'Job order report'} report={REPORTS[route?.name ?? ''] ?? REPORTS['jobs-closed']!} />;
}
