import { ReportLinks } from '../../ui/ReportLinks';
import { JOB_ORDER_REPORT_LINKS, REPORTS } from './reports';

const LINKS = JOB_ORDER_REPORT_LINKS.map((route) => ({ route, note: REPORTS[route]!.note }));

/** job-orders-reports: the reports area's job order reports, each with what it shows. */
export default function JobOrderReportsHomeScreen() {
  return <ReportLinks title="Job order reports" reports={LINKS} />;
}
