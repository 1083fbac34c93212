import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { formatIndian, sum } from '../../../domain/decimal';
import { graCancelSchema, type GraView } from '../../../domain/gra';
import { materialUnitLabel } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';
import type { MirrorRow } from '../../data/mirror/db';
import type { LocalGra } from '../../data/operations';
import { serverIdOf, usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { refusedOffline, withConnection } from '../../ui/connection';
import { DetailTitle, Facts, Notice, notOnDevice, Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { cancelGra } from './api';
import { graTitle, lpoTitle, useGra } from './data';

export const GRA_CANCELLED = 'GRA cancelled. Its goods have left stock again.';

/** After a cancellation: what the receipts touched loads again. */
const TOUCHED = ['gras', 'graItems', 'materials', 'lpoItems'] as const;

/**
 * Cancels a GRA with the reason the user gives. Online only: the server reverses the receipts and
 * refuses (with its words) when the goods were already issued onward.
 */
async function cancel(gra: LocalGra): Promise<boolean> {
  if (refusedOffline()) return false;
  const reason = await openDialog({
    title: `Cancel ${graTitle(gra.id)}?`,
    message: 'Its receipts are reversed: what it accepted leaves stock, and its LPO expects the goods again.',
    okLabel: 'Cancel GRA',
    cancelLabel: 'Back',
    type: 'negative',
    prompt: { label: 'Reason', validate: (v) => graCancelSchema.safeParse({ cancellation_remarks: v }).error?.issues[0]?.message ?? true },
  });
  if (reason === false) return false;
  const answer = await withConnection(() => cancelGra(gra.id, reason.trim(), gra.version));
  if (!answer) return false;
  const { gra_items: _, lpo_date: _d, ...row } = answer as GraView;
  await mirror.rows('gras').put(row as unknown as MirrorRow);
  notify({ type: 'positive', message: GRA_CANCELLED });
  void reloadData(TOUCHED);
  return true;
}

/**
 * gra-detail: a GRA from the device (one made offline too, pending until the server has it): the
 * vendor's papers, its LPO, the lines with what was accepted at what rate, and Cancel GRA.
 */
export default function GraDetailScreen() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { user } = useSession();
  const found = useGra(id);
  const pending = usePendingIds('gras').has(id);
  const gra = found?.gra ?? null;
  // A GRA made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (gra || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf('gra-detail', { id: serverId }), { replace: true }));
  }, [gra, id, navigate]);

  const back = (
    <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('gra-home'))}>
      All GRAs
    </Button>
  );
  if (!found) return <Text color="fg.muted">Loading…</Text>;
  if (!gra)
    return (
      <Stack gap="4">
        <Notice text={notOnDevice('This GRA')} />
        {back}
      </Stack>
    );
  const lines = found.lines;
  const mayCancel = can(user, 'gras.write') && id > 0 && !pending && !gra.cancelled_at;
  return (
    <Stack gap="4" maxW="6xl">
      <DetailTitle title={graTitle(gra.id)} pending={pending || id < 0}>
        {gra.cancelled_at && <Badge colorPalette="red" size="lg">Cancelled</Badge>}
        {mayCancel && (
          <Button size="lg" minH="11" colorPalette="red" variant="outline" onClick={() => void cancel(gra).then((done) => done && navigate(pathOf('gra-home')))}>
            Cancel GRA
          </Button>
        )}
        {back}
      </DetailTitle>
      <Facts
        facts={[
          ['Date', formatDisplayDate(gra.gra_date)],
          ['Vendor', gra.vendor_name],
          ['LPO', gra.lpo !== null ? lpoTitle(gra.lpo) : 'Without LPO'],
          ...(gra.without_lpo_reason ? [['Why without an LPO', gra.without_lpo_reason] as const] : []),
          ['Invoice number', gra.invoice_number || '—'],
          ['Challan number', gra.challan_number || '—'],
          ...(gra.remarks ? [['Remarks', gra.remarks] as const] : []),
          ...(gra.cancelled_at ? [['Cancelled', `${formatDisplayDate(gra.cancelled_at)}: ${gra.cancellation_remarks ?? ''}`] as const] : []),
        ]}
      />
      <Section title="Goods received">
        <SimpleTable
          label="Lines of the GRA"
          headers={['Material', 'Received', 'Accepted', 'Rate', 'Amount']}
          numeric={[1, 2, 3, 4]}
          empty="No lines."
          rows={lines.map((line) => {
            const unit = materialUnitLabel(line.material_unit);
            return [line.material_name, `${formatIndian(line.quantity_received, 3)} ${unit}`, `${formatIndian(line.quantity_accepted, 3)} ${unit}`, formatIndian(line.rate), formatIndian(line.amount)];
          })}
        />
        {lines.length > 1 && <Text textAlign="end" fontWeight="semibold">Total {formatIndian(sum(lines.map((l) => l.amount)))}</Text>}
      </Section>
    </Stack>
  );
}
