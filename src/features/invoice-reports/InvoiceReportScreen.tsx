import { useSearchParams } from 'react-router-dom';
import { TAX_SECTIONS } from '../../../domain/invoice-report';
import { useCurrentRoute } from '../../ui/route';
import { ServerReport } from '../../ui/ServerReport';
import { REPORTS, TAX_REPORTS } from './reports';

type TaxSection = (typeof TAX_SECTIONS)[number]['value'];
const isTaxSection = (value: string | null): value is TaxSection => TAX_SECTIONS.some((s) => s.value === value);

/** An invoice report of the reports area, by route; the tax report shows the section its "Summary" filter picks. */
export default function InvoiceReportScreen() {
  const route = useCurrentRoute();
  const [search] = useSearchParams();
  const section = search.get('section');
  const report = route?.name === 'invoices-reports-tax' && isTaxSection(section) ? TAX_REPORTS[section] : route && REPORTS[route.name];
  return <ServerReport key={section ?? ''} title={route?.title ?? 'Invoice report'} report={report ?? REPORTS['invoices-reports-revenue']!} />;
}
