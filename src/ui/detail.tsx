import type { ReactNode } from 'react';
import { Alert, Card, DataList, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { PendingBadge } from './PendingBadge';
import { FOLDING_TABLE } from './table-layout';

/** Why a read failed, as an error banner. */
export function Failure({ text }: { text: string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/** Why a screen has nothing to show (a record not on this device, a lead no longer edited), as an info banner. */
export function Notice({ text }: { text: string }) {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/** What a detail says of a record the device does not hold: `why` it may be missing, then that the list may not have loaded. */
export const notOnDevice = (record: string, why = 'It may have been deleted') => `${record} is not on this device. ${why}, or the list has not loaded yet.`;

/** A detail's facts as label and value, two columns from a tablet's width up. */
export function Facts({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <DataList.Root orientation="horizontal" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** A detail screen's heading: the record's name (a long one wraps), Pending while a change of it waits to be sent, then the screen's actions. */
export function DetailTitle({ title, pending = false, children }: { title: ReactNode; pending?: boolean; children?: ReactNode }) {
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Heading size="2xl" flex="1" minW="0" overflowWrap="anywhere">
        {title}
      </Heading>
      {pending && <PendingBadge size="lg" />}
      {children}
    </Flex>
  );
}

/** A titled card of a detail screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading size="lg">{title}</Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A small table that folds into cards on a tablet (decision 182). `marks` gives a row a
 * `data-mark` (e.g. added, removed, changed) and a background that says so.
 */
export function SimpleTable({
  headers,
  rows,
  empty,
  numeric = [],
  marks,
  label,
}: {
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  empty: string;
  numeric?: readonly number[];
  marks?: readonly (RowMark | null)[];
  label?: string;
}) {
  if (!rows.length) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      {/* Long words (an API path, a server's message) wrap inside their cell rather than widen the table past a tablet's side. */}
      <Table.Root size="sm" native aria-label={label} css={{ ...FOLDING_TABLE, '& td': { whiteSpace: 'normal', overflowWrap: 'anywhere' }, '& [data-numeric]': { textAlign: 'end' }, ...MARK_STYLES }}>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={h} data-numeric={numeric.includes(i) || undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r} data-mark={marks?.[r] ?? undefined}>
              {cells.map((cell, i) => (
                <td key={headers[i]} data-label={headers[i]} data-numeric={numeric.includes(i) || undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** How a row of a comparison differs from the other side. */
export type RowMark = 'added' | 'removed' | 'changed';

const MARK_STYLES = {
  '& tr[data-mark="added"]': { bg: 'green.subtle' },
  '& tr[data-mark="removed"]': { bg: 'red.subtle', textDecoration: 'line-through' },
  '& tr[data-mark="changed"]': { bg: 'yellow.subtle' },
  '& td[data-changed]': { fontWeight: 'bold' },
} as const;
