import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import type { Vendor } from '../../../domain/vendor';
import { mirror } from '../../data/mirror/db';
import { serverIdOf, usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { DetailTitle, Facts, Notice, notOnDevice, Section } from '../../ui/detail';
import { ServerReport } from '../../ui/ServerReport';
import { OPEN_LPOS, PRICE_HISTORY, VENDOR_GRAS } from './reports';
import { VendorForm } from './VendorForm';

/**
 * vendor-detail: the supplier's contact, GSTIN and state from the device, edited in place (offline
 * too) by purchase staff; below, from the server, its open LPOs, its GRAs and the price history of
 * what it supplies with its on-time rate.
 */
export default function VendorDetailScreen() {
  const id = Number(useParams().vendor);
  const navigate = useNavigate();
  const { user } = useSession();
  const found = useLiveQuery(async () => ({ vendor: (await mirror.rowsOf<Vendor>('vendors').get(id)) ?? null }), [id]);
  const pending = usePendingIds('vendors');
  const [editing, setEditing] = useState(false);
  const params = useMemo(() => ({ vendor: id }), [id]);

  // A vendor made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (found?.vendor || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf('vendor-detail', { vendor: serverId }), { replace: true }));
  }, [found, id, navigate]);

  if (!found) return <Text>Loading…</Text>;
  const vendor = found.vendor && !found.vendor.deleted_at ? found.vendor : null;
  if (!vendor) {
    return (
      <Notice text={notOnDevice(`Vendor ${id}`)} />
    );
  }
  return (
    <Stack gap="5" maxW="5xl">
      <DetailTitle title={vendor.name} pending={pending.has(vendor.id)}>
        {can(user, 'vendors.write') && !editing && (
          <Button size="lg" onClick={() => setEditing(true)}>
            Edit vendor
          </Button>
        )}
      </DetailTitle>
      {editing ? (
        <VendorForm vendor={vendor} onDone={() => setEditing(false)} />
      ) : (
        <Section title="Contact">
          <Facts
            facts={[
              ['Contact person', vendor.contact_person || '—'],
              ['Phone', vendor.phone || '—'],
              ['Email', vendor.email || '—'],
              ['GST number', vendor.gst_number || '—'],
              ['State', vendor.state],
              ['Payment terms', vendor.payment_terms || '—'],
              ['Address', vendor.address || '—'],
            ]}
          />
        </Section>
      )}
      {vendor.id > 0 && (
        <>
          <ServerReport title="Open LPOs" report={OPEN_LPOS} params={params} level="section" />
          <ServerReport title="Price history" report={PRICE_HISTORY} params={params} level="section" />
          <ServerReport title="GRAs" report={VENDOR_GRAS} params={params} level="section" />
        </>
      )}
    </Stack>
  );
}
