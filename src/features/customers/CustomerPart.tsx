import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { Customer, CustomerBranch, CustomerLpoCode } from '../../../domain/customer';
import { pathOf } from '../../../domain/routes';
import { useCustomer } from './data';
import { Notice, notOnDevice } from '../../ui/detail';

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
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1" minW="0" overflowWrap="anywhere">
          {title} of {customer.name}
        </Heading>
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('customer-detail', { customer: customer.id })}>Customer</RouterLink>
        </Button>
      </Flex>
      <Card.Root>
        <Card.Body>{children({ customer, branches: found.branches, lpoCodes: found.lpoCodes })}</Card.Body>
      </Card.Root>
    </Stack>
  );
}
