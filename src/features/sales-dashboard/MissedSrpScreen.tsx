import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { API } from '../../../domain/api-paths';
import { LEAD_REQUIREMENTS } from '../../../domain/lead';
import type { Option } from '../../../domain/options';
import { pathOf } from '../../../domain/routes';
import { formatCount } from '../../../domain/rules/numbers';
import { MISSED_OPPORTUNITY_KINDS, missedOpportunityQuerySchema, salesFiguresScopeOf, STALE_FOLLOWUP_DAYS, UNANSWERED_QUOTATION_DAYS, type MissedOpportunity } from '../../../domain/sales-dashboard';
import { useSession } from '../../data/session';
import type { ReportFilter } from '../../ui/ReportFilters';
import { dateColumn, figure, numberColumn, optionColumn, ServerReport, textColumn, type ReportDef, type ReportRow } from '../../ui/ServerReport';
import { useSalesExecutiveOptions } from './api';
import { RowLink } from '../../ui/RowLink';

/** What slipped, opening its detail: the lead, or the quotation by its number. */
const whatColumn: ColumnDef<ReportRow, unknown> = {
  id: 'what',
  header: 'Lead or quotation',
  cell: ({ row }) => {
    const o = row.original as unknown as MissedOpportunity;
    const [to, text] = o.number === null ? [pathOf('lead-detail', { lead: o.id }), `Lead ${o.id}`] : [pathOf('sales-quotation-detail', { id: o.id }), `Quotation ${o.number}`];
    return (
      <RowLink to={to} fontWeight="semibold">{text}</RowLink>
    );
  },
};

const daysColumn: ColumnDef<ReportRow, unknown> = {
  id: 'days',
  header: 'Days since',
  cell: ({ row }) => formatCount(row.original.days as number),
  meta: { numeric: true },
};

const KIND_FILTER: ReportFilter = { kind: 'choice', name: 'kind', label: 'What slipped', options: MISSED_OPPORTUNITY_KINDS, all: 'Everything' };
const PERIOD: ReportFilter = { kind: 'period', from: 'start_date', to: 'end_date' };

function missedReport(executives: readonly Option[] | null): ReportDef {
  return {
    path: API.salesReports.missedSrpOpportunities,
    note: `Business slipping away, newest first: open leads whose follow-up is ${STALE_FOLLOWUP_DAYS} days or more past with no remark since, lost leads, quotations sent ${UNANSWERED_QUOTATION_DAYS} days or more ago with no answer, and rejected quotations. The period is the day each one slipped.`,
    columns: [
      optionColumn('kind', 'What slipped', MISSED_OPPORTUNITY_KINDS),
      whatColumn,
      textColumn('company', 'Company or customer'),
      optionColumn('requirement', 'Requirement', LEAD_REQUIREMENTS),
      ...(executives ? [textColumn('sales_exec_name', 'Executive')] : []),
      numberColumn('value', 'Value (₹)'),
      dateColumn('since', 'Since'),
      daysColumn,
    ],
    figures: [figure('count', 'Opportunities', 'text'), figure('value', 'Value at stake (₹)')],
    filter: {
      fields: executives ? [PERIOD, KIND_FILTER, { kind: 'choice', name: 'sales_exec', label: 'Executive', options: executives, all: 'All executives' }] : [PERIOD, KIND_FILTER],
      query: missedOpportunityQuerySchema,
    },
    rowKey: ['kind', 'id'],
    emptyNotice: 'No missed opportunities for this choice.',
  };
}

/**
 * /missed-srp-opportunities (docs/decisions.md SD): leads lost or gone stale and quotations
 * unanswered or rejected, filtered by executive, kind and period, paged by the server. A sales
 * executive sees their own and has no executive filter.
 */
export default function MissedSrpScreen() {
  const { user } = useSession();
  const everyone = user ? salesFiguresScopeOf(user) === 'all' : false;
  const { data: options } = useSalesExecutiveOptions(everyone);
  const executives = useMemo(() => (everyone ? (options ?? []).flatMap((o) => (o.value === null ? [] : [{ value: String(o.value), label: o.label }])) : null), [everyone, options]);
  const report = useMemo(() => missedReport(executives), [executives]);
  return <ServerReport title="Missed SRP opportunities" report={report} />;
}
