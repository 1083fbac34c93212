import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { AUDIT_DEFAULT_LIMIT, auditQuerySchema, type AuditEntry } from '../../../domain/admin';
import { periodInOrder } from '../../../domain/query-params';
import { businessDayEnd, businessDayStart } from '../../../domain/rules/dates';
import { loadUsers, useSession } from '../../data/session';
import { readFailure } from '../../ui/connection';
import { DataTable, useListPage } from '../../ui/DataTable';
import { Facts, Failure } from '../../ui/detail';
import { PanelDialog } from '../../ui/PanelDialog';
import { ReportActions } from '../../ui/ReportActions';
import { chosenFilters, describeFilters, ReportFilters, type ReportFilter } from '../../ui/ReportFilters';
import type { ExportColumn, ReportRow } from '../../ui/report-export';
import { formatWhen } from '../../ui/when';
import { everyAuditEntry, useAuditPage, type AuditFilters } from './api';
import { actorOf, auditTableColumns } from './audit-entries';
import { RISK_LEVEL_OPTIONS, RiskBadge } from './labels';

const TITLE = 'Audit log';
const shape = auditQuerySchema.shape;

/** The filters as the form checks them: the API's own, except the period, typed as days (decision 414). */
const filterQuery = z
  .object({ from: z.string().optional(), to: z.string().optional(), user: shape.user, action: shape.action, target: shape.target, riskLevel: shape.riskLevel })
  .refine(...periodInOrder('from', 'to'));

/** The API's filters for the chosen ones: a period of days becomes the instants from the first day's start to the last day's end. */
function apiFilters(chosen: Record<string, string>): AuditFilters {
  const { from, to, ...rest } = chosen;
  const filters: AuditFilters = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== ''));
  if (from) filters.from = businessDayStart(from);
  if (to) filters.to = businessDayEnd(to);
  return filters;
}

/** A metadata value as text: strings as they are, anything else as JSON. */
const metadataText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { field: 'when', header: 'When', format: 'text' },
  { field: 'user', header: 'User', format: 'text' },
  { field: 'action', header: 'Action', format: 'text' },
  { field: 'target', header: 'Target', format: 'text' },
  { field: 'riskLevel', header: 'Risk', format: RISK_LEVEL_OPTIONS },
  { field: 'clientAddress', header: 'Client address', format: 'text' },
  { field: 'metadata', header: 'Details', format: 'text' },
];
const exportRow = (e: AuditEntry): ReportRow => ({ ...e, when: formatWhen(e.timestamp), user: actorOf(e), metadata: JSON.stringify(e.metadata) });

function EntryDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const metadata = Object.entries(entry.metadata);
  return (
    <PanelDialog title={`Audit entry ${entry.id}`} onClose={onClose}>
      <Facts
        facts={[
          ['When', formatWhen(entry.timestamp)],
          ['User', entry.userId === null ? actorOf(entry) : `${actorOf(entry)} (No. ${entry.userId})`],
          ['Action', entry.action],
          ['Target', entry.target],
          ['Risk', <RiskBadge key="risk" risk={entry.riskLevel} />],
          ['Client address', entry.clientAddress ?? '—'],
          ['Request', entry.requestId ?? '—'],
        ]}
      />
      <Heading size="sm">Details</Heading>
      {metadata.length === 0 ? (
        <Text color="fg.muted">None recorded.</Text>
      ) : (
        <Facts
          facts={metadata.map(
            ([key, value]) =>
              [
                key,
                <Text key={key} fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {metadataText(value)}
                </Text>,
              ] as const,
          )}
        />
      )}
    </PanelDialog>
  );
}

/**
 * audit-logs (/superuser/audit): the audit log, newest first, filtered by user, action, target,
 * risk and period (kept in the address), each entry's detail, and the filtered entries as a
 * spreadsheet or PDF as the reports export theirs.
 */
export default function AuditLogsScreen() {
  const { users } = useSession();
  useEffect(() => {
    void loadUsers().catch(() => undefined);
  }, []);
  const fields = useMemo<ReportFilter[]>(
    () => [
      { kind: 'period', from: 'from', to: 'to' },
      { kind: 'choice', name: 'user', label: 'User', options: users.map((u) => ({ value: String(u.id), label: u.username })), all: 'Everyone' },
      { kind: 'text', name: 'action', label: 'Action' },
      { kind: 'text', name: 'target', label: 'Target contains' },
      { kind: 'choice', name: 'riskLevel', label: 'Risk', options: RISK_LEVEL_OPTIONS, all: 'Any risk' },
    ],
    [users],
  );
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useListPage();
  const chosen = useMemo(() => chosenFilters(fields, search), [fields, search]);
  const filters = useMemo(() => apiFilters(chosen), [chosen]);
  const entries = useAuditPage(filters, AUDIT_DEFAULT_LIMIT, (page - 1) * AUDIT_DEFAULT_LIMIT);
  const failure = readFailure(entries);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const columns = useMemo<ColumnDef<AuditEntry, unknown>[]>(
    () => [
      ...auditTableColumns(),
      {
        header: 'Detail',
        cell: ({ row }) => (
          <Button size="lg" variant="outline" onClick={() => setOpen(row.original)} aria-label={`Details of entry ${row.original.id}`}>
            Details
          </Button>
        ),
      },
    ],
    [],
  );
  const file = async () => ({ title: TITLE, subtitle: describeFilters(fields, chosen), columns: EXPORT_COLUMNS, rows: (await everyAuditEntry(filters)).map(exportRow) });
  return (
    <Stack gap="4">
      <Heading size="xl">{TITLE}</Heading>
      <Box _print={{ display: 'none' }}>
        {/* Keyed by the address, so a filter chosen elsewhere (Back) shows in the form; by the users, so their names fill the choice once loaded. */}
        <ReportFilters
          key={`${search.toString()}|${users.length}`}
          fields={fields}
          query={filterQuery}
          fixed={{}}
          chosen={chosen}
          onChoose={(values) =>
            setSearch(() => {
              const next = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ''));
              next.delete('page');
              return next;
            })
          }
        />
      </Box>
      {failure && <Failure text={failure} />}
      {entries.data && <ReportActions title={TITLE} file={file} />}
      <DataTable label={TITLE} columns={columns} rows={entries.data?.results ?? []} count={entries.data?.count ?? 0} page={page} pageSize={AUDIT_DEFAULT_LIMIT} onPageChange={setPage} rowKey={(e) => e.id} empty={entries.isFetching ? 'Loading…' : 'No entries match.'} />
      {open && <EntryDialog entry={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
