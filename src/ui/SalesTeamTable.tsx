import { Table, Text } from '@chakra-ui/react';
import { formatIndian } from '../../domain/decimal';
import { formatCount } from '../../domain/rules/numbers';
import type { SalesTeamRow } from '../../domain/sales-dashboard';
import { FOLDING_TABLE } from './table-layout';

/**
 * The sales team's view (sales-dash for managers, the sales manager's landing): one row per sales
 * executive with the figures sales-dash shows them, so a manager sees who has what to act on.
 */
export function SalesTeamTable({ rows }: { rows: readonly SalesTeamRow[] }) {
  if (!rows.length) return <Text color="fg.muted">No sales executives yet.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label="Sales team" css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Executive</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Follow-ups today</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Missed</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Not actioned</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Quotations awaiting</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Open orders (₹)</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Advances pending</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Orders this month (₹)</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Last month (₹)</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid={`team-${r.id}`}>
              <Table.Cell fontWeight="semibold">{r.name}</Table.Cell>
              <Table.Cell textAlign="end" data-label="Follow-ups today">
                {formatCount(r.followups_today)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Missed" color={r.followups_missed ? 'red.fg' : undefined}>
                {formatCount(r.followups_missed)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Not actioned">
                {formatCount(r.not_actioned)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Quotations awaiting">
                {formatCount(r.quotations_awaiting.count)} · {formatIndian(r.quotations_awaiting.value)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Open orders (₹)">
                {formatCount(r.open_orders.count)} · {formatIndian(r.open_orders.value)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Advances pending">
                {formatCount(r.pending_advance.count)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Orders this month (₹)">
                {formatCount(r.this_month.orders_count)} · {formatIndian(r.this_month.orders_value)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Last month (₹)">
                {formatCount(r.last_month.orders_count)} · {formatIndian(r.last_month.orders_value)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
