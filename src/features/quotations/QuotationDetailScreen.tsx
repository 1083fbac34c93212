import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { quotationReference, type QuotationListRow, type QuotationView } from '../../../domain/quotation';
import { pathOf } from '../../../domain/routes';
import { serverIdOf, usePendingIds } from '../../data/outbox';
import { readFailure } from '../../ui/connection';
import { Failure, Section } from '../../ui/detail';
import { RecordThread } from '../../ui/RecordThread';
import { QuotationActions } from './actions';
import { useQuotation } from './api';
import { useQuotationOnDevice } from './data';
import { ItemsTable, QuotationHeader, Totals, type QuotationLine } from './parts';
import { PrintPanel } from './print';
import { useQuotationScreens } from './routes';
import { Comparison, VersionPicker } from './versions';

/** The lines a row on the device carries, if the form that made it kept them with it. */
const linesOf = (row: QuotationListRow): readonly QuotationLine[] => (row as QuotationListRow & { items?: QuotationLine[] }).items ?? [];

/** A quotation as the server has it: its lines (or a revision's), totals, actions, PDF and revisions. */
function ServerQuotation({ quotation, pending }: { quotation: QuotationView; pending: boolean }) {
  // Unpicked, the current revision shows: also the one a save makes while the screen is open.
  const [picked, setShown] = useState<number | null>(null);
  const shown = picked ?? quotation.revision;
  const hasRevisions = quotation.versions.length > 1;
  return (
    <>
      <QuotationHeader quotation={quotation} pending={pending} />
      <QuotationActions quotation={quotation} />
      {hasRevisions && (
        <Section title="Revisions">
          <VersionPicker quotation={quotation} shown={shown} onShow={setShown} />
        </Section>
      )}
      {shown === quotation.revision && (
        <Section title="Items">
          <ItemsTable lines={quotation.items} label="Items" />
          <Totals totals={quotation} />
        </Section>
      )}
      <Section title="PDF">
        <PrintPanel quotation={quotation} />
      </Section>
      {hasRevisions && (
        <Section title="Compare revisions">
          <Comparison quotation={quotation} />
        </Section>
      )}
    </>
  );
}

/** A quotation only the device holds (made or changed offline): what it holds, and that the server has not got it yet. */
function DeviceQuotation({ quotation, pending, why }: { quotation: QuotationListRow; pending: boolean; why: string }) {
  return (
    <>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{why}</Alert.Title>
      </Alert.Root>
      <QuotationHeader quotation={quotation} pending={pending} />
      <Section title="Items">
        <ItemsTable lines={linesOf(quotation)} label="Items" />
        <Totals totals={quotation} />
      </Section>
    </>
  );
}

/** Why the device's copy is shown instead of the server's. */
const ONLY_ON_DEVICE = 'Saved on this device; it is sent to the server as soon as it can be reached. Sending, printing and revisions wait for it.';
const SERVER_UNREACHABLE = "The server cannot be reached: this is the quotation as this device last had it. Sending, printing and revisions need the server.";

/**
 * A quotation (quotation-detail, and sales-quotation-detail in the sales layout), read from the
 * server: header, items and totals as the server computed them, the steps its status allows,
 * edit and cancel, the PDF with its print choices, a sales order from an accepted one, and its
 * revisions side by side. A quotation made on the device (a temp id) shows the device's copy with
 * the pending badge and no server actions; offline, a quotation the device holds shows its copy.
 */
export default function QuotationDetailScreen() {
  const id = Number(useParams().id);
  const screens = useQuotationScreens();
  const navigate = useNavigate();
  const result = useQuotation(id);
  const local = useQuotationOnDevice(id);
  const pending = usePendingIds('quotations').has(id);
  // A quotation made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (local || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf(screens.detail, { id: serverId }), { replace: true }));
  }, [local, id, screens.detail, navigate]);
  const failure = id > 0 ? readFailure(result) : null;
  const quotation = result.data;
  const reference = quotation ?? local;
  return (
    <Stack gap="4" maxW="6xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading size="2xl">Quotation {reference?.number ? quotationReference(reference) : ''}</Heading>
        <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf(screens.list))}>
          All quotations
        </Button>
      </HStack>
      {quotation && <ServerQuotation quotation={quotation} pending={pending} />}
      {!quotation && local && (id < 0 || failure) && <DeviceQuotation quotation={local} pending={pending || id < 0} why={id < 0 ? ONLY_ON_DEVICE : SERVER_UNREACHABLE} />}
      {!quotation && !local && failure && <Failure text={failure} />}
      {!quotation && !failure && !(id < 0 && local) && <Text color="fg.muted">{id > 0 ? 'Loading…' : local === null ? 'This quotation is not on this device.' : 'Loading…'}</Text>}
      {reference && <RecordThread type="quotation" id={reference.id} name={`Quotation ${quotationReference(reference)}`} />}
    </Stack>
  );
}
