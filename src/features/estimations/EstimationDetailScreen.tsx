import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import { EDITABLE_ESTIMATION_STATUSES, ESTIMATION_MESSAGES } from '../../../domain/estimation';
import type { EstimationListRow, EstimationView } from '../../../domain/estimation';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { estimationCopies, viewOfRow } from '../../data/estimation-copies';
import { serverIdOf, usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { tokens } from '../../data/tokens';
import { readFailure } from '../../ui/connection';
import { downloadFromApi } from '../../ui/download';
import { DetailTitle, Facts, Failure, Section, SimpleTable } from '../../ui/detail';
import { EstimationActions } from './actions';
import { estimationQuery, useEstimation, useEstimationOnDevice, useEstimationVersions, useProductChangesWaiting } from './api';
import { EstimationStatusBadge, partyOf } from './parts';
import { AddProductForm, ProductCard } from './products';

const REASONS = { submitted: 'Submitted', approved: 'Approved', repriced: 'Re-priced' } as const;

/** The header's facts, from the server's detail or the device's row. */
function EstimationHeader({ estimation, pending }: { estimation: EstimationListRow & Partial<Pick<EstimationView, 'approved_by_name'>>; pending: boolean }) {
  const facts: [string, string][] = [
    ['For', partyOf(estimation)],
    ['Title', estimation.title],
    ['Date', formatDisplayDate(estimation.estimation_date)],
    ['Made by', estimation.created_by_name ?? '—'],
    ['Total cost', formatIndian(estimation.total_cost)],
    ['Costing version', String(estimation.costing_version)],
    ...(estimation.approved_at ? ([['Approved', `${formatDisplayDate(estimation.approved_at)}${estimation.approved_by_name ? ` by ${estimation.approved_by_name}` : ''}`]] as [string, string][]) : []),
  ];
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <EstimationStatusBadge status={estimation.status} size="lg" />
        {pending && <Text color="fg.muted">Changes waiting to be sent</Text>}
      </HStack>
      {estimation.status === 'rejected' && estimation.rejection_reason && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>Rejected: {estimation.rejection_reason}</Alert.Title>
        </Alert.Root>
      )}
      <Facts facts={facts} />
      {estimation.requirement && <Text whiteSpace="pre-wrap">Requirement: {estimation.requirement}</Text>}
    </Stack>
  );
}

/** The costings kept of the estimation (each submission, approval and re-pricing). */
function Versions({ id }: { id: number }) {
  const result = useEstimationVersions(id);
  const failure = readFailure(result);
  if (failure) return <Failure text={failure} />;
  if (!result.data) return <Text color="fg.muted">Loading…</Text>;
  return (
    <SimpleTable
      label="Costing versions"
      headers={['Version', 'Why kept', 'Total cost', 'Date']}
      numeric={[2]}
      rows={result.data.map((v) => [String(v.costing_version), REASONS[v.reason], formatIndian(v.total_cost), formatDisplayDate(v.created_at)])}
      empty="No costing kept yet: one is kept when the estimation is submitted."
    />
  );
}

/** The estimation as the server has it, or as this device last loaded it. */
function EstimationBody({ estimation, pending, server }: { estimation: EstimationView; pending: boolean; server: boolean }) {
  const { user } = useSession();
  const editable = (EDITABLE_ESTIMATION_STATUSES as readonly string[]).includes(estimation.status) && can(user, 'estimations.write');
  return (
    <>
      <EstimationHeader estimation={estimation} pending={pending} />
      {server && <EstimationActions estimation={estimation} pending={pending} />}
      {estimation.files.length > 0 && (
        <Section title="Drawings and images">
          <Stack gap="1">
            {estimation.files.map((f) => (
              // The file store answers only with the session's token: a plain link would be refused.
              <Button key={f.id} variant="ghost" colorPalette="teal" justifyContent="start" onClick={() => void downloadFromApi(f.url, {}, f.original_name)}>
                {f.kind === 'drawing' ? 'Drawing' : 'Image'}: {f.original_name}
              </Button>
            ))}
          </Stack>
        </Section>
      )}
      <Section title="Products">
        {estimation.products.length === 0 && <Text color="fg.muted">No products yet.</Text>}
        {estimation.products.map((p) => (
          // A product added on this device (a temp id) has nothing on the server to read yet.
          <ProductCard key={p.id} product={p} editable={editable} server={server && p.id > 0} />
        ))}
        {editable && <AddProductForm estimation={estimation.id} />}
      </Section>
      {server && (
        <Section title="Costing versions">
          <Versions id={estimation.id} />
        </Section>
      )}
    </>
  );
}

const ONLY_ON_DEVICE = 'Saved on this device; it is sent to the server as soon as it can be reached. Its products and costing are sent after it; approval waits for it.';
const LAST_LOADED = 'The server cannot be reached: this is the estimation as this device last loaded it.';

/**
 * An estimation (estimation-detail): status, whom it is for and its totals, its products with
 * their costing lines and cost by category, Add product, the kept costing versions, and the steps
 * its status and the user's role allow. One made on the device shows the device's row; offline,
 * or while its costing saves wait to be sent, the copy this device last loaded with those saves
 * on top (decision 354).
 */
export default function EstimationDetailScreen() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const result = useEstimation(id);
  const local = useEstimationOnDevice(id);
  const kept = useLiveQuery(async () => (tokens.userId === null ? null : ((await estimationCopies.estimations.get(`${tokens.userId}:${id}`))?.view ?? null)), [id]);
  const waiting = useProductChangesWaiting(id);
  const pending = usePendingIds('estimations').has(id) || waiting;
  const queryClient = useQueryClient();
  // Once the changes waiting for it are sent, the server's detail is read again: it holds them now.
  const waited = useRef(pending);
  useEffect(() => {
    if (waited.current && !pending && id > 0) void queryClient.invalidateQueries({ queryKey: estimationQuery(id).queryKey });
    waited.current = pending;
  }, [pending, id, queryClient]);
  // An estimation made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (local || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf('estimation-detail', { id: serverId }), { replace: true }));
  }, [local, id, navigate]);
  const failure = id > 0 ? readFailure(result) : null;
  // While costing saves wait, the device's copy (the server's detail with them on top) is what the designer saved.
  const estimation = result.data && pending && kept ? kept : result.data;
  return (
    <Stack gap="4" maxW="6xl" minW="0">
      <DetailTitle title={`Estimation ${id > 0 ? `EST-${id}` : ''}`} pending={pending || id < 0}>
        <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('estimations-home'))}>
          All estimations
        </Button>
      </DetailTitle>
      {estimation && <EstimationBody estimation={estimation} pending={pending} server />}
      {!estimation && failure && (
        <>
          <Failure text={ESTIMATION_MESSAGES.detailFailed} />
          <Text color="fg.muted">{failure}</Text>
        </>
      )}
      {!estimation && failure && kept && (
        <>
          <Text>{LAST_LOADED}</Text>
          <EstimationBody estimation={kept} pending={pending} server={false} />
        </>
      )}
      {!estimation && failure && !kept && local && <EstimationHeader estimation={local} pending={pending} />}
      {id < 0 && local && (
        <>
          <Text>{ONLY_ON_DEVICE}</Text>
          <EstimationBody estimation={kept ?? viewOfRow(local)} pending server={false} />
        </>
      )}
      {!estimation && !failure && !(id < 0 && local) && <Text color="fg.muted">{id < 0 && local === null ? 'This estimation is not on this device.' : 'Loading…'}</Text>}
    </Stack>
  );
}
