import { ReportLinks } from '../../ui/ReportLinks';
import { MATERIAL_REPORT_LINKS, REPORTS } from './reports';

const LINKS = MATERIAL_REPORT_LINKS.map(([route, report = route]) => ({ route, note: REPORTS[report]!.note }));

/** The reports area's material reports: each with what it shows. */
export default function MaterialReportsHomeScreen() {
  return <ReportLinks title="Material reports" reports={LINKS} />;
}
