import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Card, Heading, HStack, Link, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import type { Lead } from '../../../domain/lead';
import { isRouteVisible, mayOpen } from '../../../domain/menus';
import { pathOf, routeByName, type RouteName } from '../../../domain/routes';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { deleteLead } from '../../data/operations';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { refusedOffline, withConnection } from '../../ui/connection';
import { openDialog } from '../../ui/dialog';
import { SelectOptions } from '../../ui/form';
import { notify } from '../../ui/notify';
import { convertLead, customerExists } from './api';
import { versionOf } from './data';

export const LEAD_DELETED = 'Lead deleted on this device; the server is told as soon as it can be reached.';
export const NEW_CUSTOMER = 'New customer from this lead';
export const convertedMessage = (customer: string, created: boolean) => `Lead converted to ${created ? 'the new' : 'the'} customer ${customer}.`;

/** Delete: asked first, then queued through the outbox (offline too); the lead leaves the lists at once. */
export function DeleteLead({ lead }: { lead: Lead }) {
  const navigate = useNavigate();
  const remove = async () => {
    const sure = await openDialog({ title: 'Delete lead', message: `Delete the lead ${lead.company}? It leaves every list.`, type: 'negative', okLabel: 'Delete' });
    if (!sure) return;
    await enqueue(deleteLead, { id: lead.id, ...versionOf(lead) });
    notify({ type: 'positive', message: LEAD_DELETED });
    navigate(pathOf('leads-home'));
  };
  return (
    <Button size="lg" variant="outline" colorPalette="red" onClick={() => void remove()}>
      Delete
    </Button>
  );
}

/** The customers on the device, by name, for the existing-customer choice. */
const useCustomerOptions = () =>
  useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).filter((c) => c.id > 0).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);

/**
 * Convert to customer (online only): a new customer made from the lead, unless one of its name
 * exists already (the user is asked to take it), or a customer on the device chosen by the user.
 */
export function ConvertLead({ lead }: { lead: Lead }) {
  const customers = useCustomerOptions();
  const [customer, setCustomer] = useState('');
  const [converting, setConverting] = useState(false);

  const convert = async () => {
    if (refusedOffline()) return;
    setConverting(true);
    try {
      let chosen = customer ? Number(customer) : undefined;
      if (chosen === undefined) {
        const verdict = await withConnection(() => customerExists(lead.company));
        if (!verdict) return;
        if (verdict.customer) {
          const take = await openDialog({
            title: 'This customer exists already',
            message: `A customer named ${verdict.customer.name} exists. Convert the lead to that customer?`,
            type: 'warning',
            okLabel: 'Use this customer',
            cancelLabel: 'Stop',
          });
          if (!take) return;
          chosen = verdict.customer.id;
        }
      }
      const result = await withConnection(() => convertLead(lead, chosen));
      if (!result) return;
      notify({ type: 'positive', message: convertedMessage(result.customer.name, result.customer_created) });
      await reloadData(['leads', 'customers', 'customerBranches']);
    } finally {
      setConverting(false);
    }
  };

  return (
    <Stack gap="3">
      <Heading size="md">Convert to customer</Heading>
      <Wrap gap="3" align="end">
        <NativeSelect.Root maxW="md">
          <NativeSelect.Field aria-label="Customer" minH="11" value={customer} onChange={(e) => setCustomer(e.target.value)}>
            <SelectOptions blank={NEW_CUSTOMER} options={customers ?? []} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button minH="11" loading={converting} onClick={() => void convert()}>
          Convert to customer
        </Button>
      </Wrap>
    </Stack>
  );
}

/** Where a converted lead's work carries on, for this customer: the routes the user may open. */
const NEXT_STEPS: readonly { route: RouteName; label: string }[] = [
  { route: 'quotation-create', label: 'New quotation' },
  { route: 'estimation-add', label: 'Estimation request' },
];

/** A converted lead: its customer, and a new quotation or estimation request for it. */
export function CarryOn({ customer }: { customer: number }) {
  const { user, modules } = useSession();
  const name = useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').get(customer))?.name ?? `Customer ${customer}`, [customer]);
  const steps = NEXT_STEPS.filter(({ route }) => {
    const def = routeByName(route);
    return user !== null && isRouteVisible(def, user, modules) && mayOpen(user, def);
  });
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Text>
          Converted to the customer{' '}
          <Link asChild colorPalette="teal">
            <RouterLink to={pathOf('customer-detail', { customer })}>{name}</RouterLink>
          </Link>
          .
        </Text>
        {steps.length > 0 && (
          <HStack gap="3" wrap="wrap">
            {steps.map(({ route, label }) => (
              <Button key={route} asChild size="lg" variant="outline">
                <RouterLink to={`${pathOf(route)}?customer=${customer}`}>{label}</RouterLink>
              </Button>
            ))}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
