import { useCurrentRoute } from '../../ui/route';
import { ServerReport } from '../../ui/ServerReport';
import { REPORTS } from './reports';

/** A sales order report of the reports area, by route. */
export default function SalesOrderReportScreen() {
  const route = useCurrentRoute();
  return <ServerReport title={route?.title ?? 'Sales order report'} report={(route && REPORTS[route.name]) ?? REPORTS['sales-orders-reports-status']!} />;
}
