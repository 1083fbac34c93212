import { ReportLinks } from '../../ui/ReportLinks';
import { REPORTS, SALES_ORDER_REPORT_LINKS } from './reports';

const LINKS = SALES_ORDER_REPORT_LINKS.map((route) => ({ route, note: REPORTS[route]!.note }));

/** sales-orders-reports: the reports area's sales order reports, each with what it shows. */
export default function SalesOrderReportsHomeScreen() {
  return <ReportLinks title="Sales order reports" reports={LINKS} />;
}
