import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Flex, Heading, NativeSelect, Stack } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { DEFAULT_LEAD_FILTER, LEAD_FILTERS, LEAD_REQUIREMENTS, LEAD_SOURCES, LEAD_STAGES, LEAD_STATUSES, leadFilterSchema, type Lead, type LeadFilter } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { leadsUnder, useLeadsWithRemarks } from '../../data/lead-mirror';
import { businessToday } from '../../../domain/rules/dates';
import { useMirrorStatus } from '../../data/mirror/status';
import { usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable, secondary } from '../../ui/DataTable';
import { SelectOptions } from '../../ui/form';
import { Freshness } from '../../ui/Freshness';
import { NewLeadForm } from './NewLeadForm';
import { RowLink } from '../../ui/RowLink';

/** 15 rows a page, as the other lists of business-areas.md §9. */
const PAGE_SIZE = 15;
const BY_FOLLOWUP = [{ id: 'followup_date', desc: false }];
const DATA: readonly DataType[] = ['leads', 'leadRemarks'];
const SOURCES = LEAD_SOURCES.filter((s) => s.value !== 'All');

const COLUMNS: ColumnDef<Lead, unknown>[] = [
  {
    id: 'company',
    header: 'Company',
    accessorKey: 'company',
    cell: ({ row }) => (
      <RowLink to={pathOf('lead-detail', { lead: row.original.id })}>{row.original.company}</RowLink>
    ),
  },
  { id: 'contact_person', header: 'Contact', accessorKey: 'contact_person' },
  { id: 'stage', header: 'Stage', accessorKey: 'stage', cell: ({ row }) => labelOf(LEAD_STAGES, row.original.stage), meta: { filter: { label: 'Stage', allLabel: 'All stages', options: LEAD_STAGES } } },
  { id: 'followup_date', header: 'Follow-up', accessorFn: (lead) => lead.followup_date ?? '', cell: ({ row }) => (row.original.followup_date ? formatDisplayDate(row.original.followup_date) : '') },
  { id: 'source', header: 'Source', accessorKey: 'source', meta: { filter: { label: 'Source', allLabel: 'All sources', options: SOURCES } } },
  { id: 'requirement', header: 'Requirement', accessorKey: 'requirement', meta: { filter: { label: 'Requirement', allLabel: 'All requirements', options: LEAD_REQUIREMENTS } } },
  secondary({ id: 'status', header: 'Status', accessorKey: 'status', cell: ({ row }) => labelOf(LEAD_STATUSES, row.original.status) }),
  secondary({ id: 'contact_number', header: 'Number', accessorKey: 'contact_number' }),
];

/**
 * The leads list (leads-home), read from the device: the leads the server gave this user, under a
 * display filter (business-areas.md §4: Todays, Missed, Open by default, Not Actioned) worked out
 * with the remarks on the device, so it answers offline as the server would. `?filter=` chooses
 * the display filter it opens on (sales-dash's "View all").
 */
export default function LeadsScreen() {
  const data = useLeadsWithRemarks();
  // A dashboard opens the list on one display filter (`?filter=missed`); the default otherwise.
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<LeadFilter>(() => leadFilterSchema.catch(DEFAULT_LEAD_FILTER).parse(search.get('filter') ?? DEFAULT_LEAD_FILTER));
  const rows = useMemo(() => data && leadsUnder(data.leads, data.remarked, filter, businessToday()), [data, filter]);
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('leads');
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          Leads
        </Heading>
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field aria-label="Show" minH="11" value={filter} onChange={(e) => setFilter(leadFilterSchema.parse(e.target.value))}>
            <SelectOptions blank={null} options={LEAD_FILTERS} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {can(user, 'leads.reassign') && (
          <Button asChild variant="outline" minH="11">
            <RouterLink to={pathOf('leads-reassign')}>Reassign leads</RouterLink>
          </Button>
        )}
        {can(user, 'leads.write') && !adding && (
          <Button minH="11" onClick={() => setAdding(true)}>
            New lead
          </Button>
        )}
      </Flex>
      {adding && <NewLeadForm onDone={() => setAdding(false)} />}
      <LocalDataTable
        columns={COLUMNS}
        rows={rows}
        pageSize={PAGE_SIZE}
        rowKey={(l) => l.id}
        search="Search leads"
        initialSorting={BY_FOLLOWUP}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        empty="No leads."
      />
    </Stack>
  );
}
