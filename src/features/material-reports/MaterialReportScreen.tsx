import { useCurrentRoute } from '../../ui/route';
import { ServerReport } from '../../ui/ServerReport';
import { REPORTS } from './reports';

/** One of the material reports, by the route it is shown under. */
export default function MaterialReportScreen() {
  const route = useCurrentRoute();
  return <ServerReport title={route?.title ?? 'Material report'} report={(route && REPORTS[route.name]) ?? REPORTS['material-reorder']!} />;
}
