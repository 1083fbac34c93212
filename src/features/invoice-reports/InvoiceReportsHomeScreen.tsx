import { ReportLinks } from '../../ui/ReportLinks';
import { INVOICE_REPORT_LINKS, REPORTS } from './reports';

const LINKS = INVOICE_REPORT_LINKS.map((route) => ({ route, note: REPORTS[route]!.note }));

/** invoices-reports: the reports area's invoice reports, each with what it shows. */
export default function InvoiceReportsHomeScreen() {
  return <ReportLinks title="Invoice reports" reports={LINKS} />;
}
