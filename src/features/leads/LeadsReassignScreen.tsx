import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { LEAD_MESSAGES, LEAD_REQUIREMENTS, LEAD_STAGES, SALES_EXECUTIVE_PROMPT, type Lead, type LeadReassignResult } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useOnline } from '../../data/online';
import { reloadData } from '../../data/preload';
import { NEEDS_CONNECTION, refusedOffline, withConnection } from '../../ui/connection';
import { FilterSelect, LocalDataTable } from '../../ui/DataTable';
import { notify } from '../../ui/notify';
import { reassignLeads, useSalesExecutiveOptions } from './api';
import { useLeadsWithRemarks } from '../../data/lead-mirror';

const PAGE_SIZE = 15;
const BY_COMPANY = [{ id: 'company', desc: false }];
const CHOOSE_EXECUTIVE = 'Choose the sales executive.';

/** What the screen says once the server moved the leads. */
export const reassignedMessage = (count: number, to: string) => `${count} ${count === 1 ? 'lead' : 'leads'} reassigned to ${to}.`;

/** Who a lead is with, by the dropdown's names; someone outside it by their id. */
const nameIn = (names: ReadonlyMap<number, string>, id: number) => names.get(id) ?? `User ${id}`;

function Moved({ result, from, names }: { result: LeadReassignResult; from: ReadonlyMap<number, number>; names: ReadonlyMap<number, string> }) {
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading size="md">{reassignedMessage(result.leads.length, nameIn(names, result.assign_to))}</Heading>
        <Stack as="ul" aria-label="Reassigned leads" gap="1" ps="5">
          {result.leads.map((lead) => (
            <li key={lead.id}>
              {lead.company}: {nameIn(names, from.get(lead.id) ?? lead.assign_to)} → {nameIn(names, lead.assign_to)}
            </li>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * leads-reassign (`/leads/reassign`, leads.reassign): the leads on the device, many chosen at
 * once, moved to the sales executive chosen from the spec's dropdown in one call to
 * `reassign_leads/` (one transaction on the server). It needs the server: offline the screen says
 * so and the leads can still be chosen. The mirror is brought up to date after.
 */
export default function LeadsReassignScreen() {
  const online = useOnline();
  const data = useLeadsWithRemarks();
  const executives = useSalesExecutiveOptions();
  const [holder, setHolder] = useState('');
  const [target, setTarget] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState(false);
  const [done, setDone] = useState<{ result: LeadReassignResult; from: ReadonlyMap<number, number> } | null>(null);

  // The dropdown's users by id; 'Select' (no value) is the dropdown's empty choice.
  const names = useMemo(() => new Map((executives.data ?? []).flatMap((o) => (o.value === null ? [] : [[o.value, o.label] as const]))), [executives.data]);
  const options = useMemo(() => [...names].map(([id, label]) => ({ value: String(id), label })), [names]);
  // A lead made offline and not yet sent has no server id to move.
  const sent = useMemo(() => data?.leads.filter((lead) => lead.id > 0), [data]);
  const holders = useMemo(() => [...new Set(sent?.map((lead) => lead.assign_to))].map((id) => ({ value: String(id), label: nameIn(names, id) })).sort((a, b) => a.label.localeCompare(b.label)), [sent, names]);
  const rows = useMemo(() => (holder ? sent?.filter((lead) => String(lead.assign_to) === holder) : sent), [sent, holder]);

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns = useMemo<ColumnDef<Lead, unknown>[]>(
    () => [
      {
        id: 'choose',
        header: 'Choose',
        enableSorting: false,
        cell: ({ row }) => (
          <Checkbox.Root size="lg" checked={chosen.has(row.original.id)} onCheckedChange={(e) => toggle(row.original.id, e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label srOnly>Choose {row.original.company}</Checkbox.Label>
          </Checkbox.Root>
        ),
      },
      { id: 'company', header: 'Company', accessorKey: 'company' },
      { id: 'assign_to', header: 'Sales executive', accessorFn: (lead) => nameIn(names, lead.assign_to) },
      { id: 'stage', header: 'Stage', accessorKey: 'stage', cell: ({ row }) => labelOf(LEAD_STAGES, row.original.stage), meta: { filter: { label: 'Stage', allLabel: 'All stages', options: LEAD_STAGES } } },
      { id: 'followup_date', header: 'Follow-up', accessorFn: (lead) => lead.followup_date ?? '', cell: ({ row }) => formatDisplayDate(row.original.followup_date) || '—' },
      { id: 'requirement', header: 'Requirement', accessorKey: 'requirement', cell: ({ row }) => labelOf(LEAD_REQUIREMENTS, row.original.requirement) },
    ],
    [chosen, names],
  );

  const reassign = async () => {
    if (chosen.size === 0) return notify({ type: 'warning', message: LEAD_MESSAGES.chooseLeads });
    if (!target) return notify({ type: 'warning', message: CHOOSE_EXECUTIVE });
    if (refusedOffline()) return;
    const ids = [...chosen];
    const from = new Map((sent ?? []).filter((lead) => chosen.has(lead.id)).map((lead) => [lead.id, lead.assign_to]));
    setMoving(true);
    const result = await withConnection(() => reassignLeads({ lead_ids: ids, assign_to: Number(target) }));
    setMoving(false);
    if (!result) return;
    notify({ type: 'positive', message: reassignedMessage(result.leads.length, nameIn(names, result.assign_to)) });
    setDone({ result, from });
    setChosen(new Set());
    await reloadData(['leads', 'leadRemarks']);
  };

  return (
    <Stack gap="4">
      <Heading size="xl">Reassign leads</Heading>
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{NEEDS_CONNECTION} The leads are those on this device: choose them now, and reassign once online.</Alert.Title>
        </Alert.Root>
      )}
      {done && <Moved result={done.result} from={done.from} names={names} />}
      <Card.Root>
        <Card.Body gap="4">
          <Wrap gap="3" align="end">
            <FilterSelect label="New sales executive" allLabel={SALES_EXECUTIVE_PROMPT.label} value={target} options={options} onChange={setTarget} />
            <Button minH="11" onClick={() => void reassign()} loading={moving} disabled={!online}>
              Reassign {chosen.size === 1 ? '1 lead' : `${chosen.size} leads`}
            </Button>
          </Wrap>
          {executives.isError && online && <Text color="fg.error">The sales executives could not be loaded.</Text>}
        </Card.Body>
      </Card.Root>
      <Flex gap="3" wrap="wrap" align="center">
        <FilterSelect label="Leads of" allLabel="Every sales executive" value={holder} options={holders} onChange={setHolder} />
        <HStack gap="2">
          <Button variant="outline" minH="11" disabled={!rows?.length} onClick={() => setChosen(new Set(rows?.map((lead) => lead.id)))}>
            Choose all {rows?.length ?? 0}
          </Button>
          <Button variant="outline" minH="11" disabled={chosen.size === 0} onClick={() => setChosen(new Set())}>
            Clear choice
          </Button>
        </HStack>
      </Flex>
      <LocalDataTable columns={columns} rows={rows} pageSize={PAGE_SIZE} rowKey={(lead) => lead.id} search="Search leads" initialSorting={BY_COMPANY} empty="No leads on this device." />
    </Stack>
  );
}
