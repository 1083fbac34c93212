import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Card, Stack, Text } from '@chakra-ui/react';
import type { Customer, CustomerBranch, CustomerLpoCode } from '../../../domain/customer';
import { pathOf } from '../../../domain/routes';
import { useCustomer } from './data';
import { DetailTitle, Notice, notOnDevice } from '../../ui/detail';

interface Found {
  customer: Customer;
  branches: CustomerBranch[];
  lpoCodes: CustomerLpoCode[];
}

/** A screen of one part of a customer (its branches, its LPO codes): the customer's name, the way back to it, then the part. */
export function CustomerPart({ title, children }: { title: string; children: (found: Found) => ReactNode }) {
  const id = Number(useParams().customer);
  const found = useCustomer(id);
  if (!found) return <Text>Loading…</Text>;
  const { customer } = found;
  if (!customer) {
    return (
      <Notice text={notOnDevice(`Customer ${id}`)} />
    );
  }
  return (
    <Stack gap="5" maxW="5xl">
      <DetailTitle title={`${title} of ${customer.name}`}>
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('customer-detail', { customer: customer.id })}>Customer</RouterLink>
        </Button>
      </DetailTitle>
      <Card.Root>
        <Card.Body>{children({ customer, branches: found.branches, lpoCodes: found.lpoCodes })}</Card.Body>
      </Card.Root>
    </Stack>
  );
}
