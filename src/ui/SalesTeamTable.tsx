import { Table, Text } from '@chakra-ui/react';
import { formatIndian } from '../../domain/decimal';
import { formatCount } from '../../domain/rules/numbers';
import type { SalesTeamRow } from '../../domain/sales-dashboard';
import { FOLDING_TABLE } from './table-layout';

/** A count and its value: "3 · 3,54,000.00". */
const valued = (figure: { count: number; value: string }) => `${formatCount(figure.count)} · ${formatIndian(figure.value)}`;

/** The figures of a row, in the order sales-dash shows them; `alert` colours a figure that asks for action. */
const COLUMNS: readonly { header: string; cell: (r: SalesTeamRow) => string; alert?: (r: SalesTeamRow) => boolean }[] = [
  { header: 'Follow-ups today', cell: (r) => formatCount(r.followups_today) },
  { header: 'Missed', cell: (r) => formatCount(r.followups_missed), alert: (r) => r.followups_missed > 0 },
  { header: 'Not actioned', cell: (r) => formatCount(r.not_actioned) },
  { header: 'Quotations awaiting (₹)', cell: (r) => valued(r.quotations_awaiting) },
  { header: 'Open orders (₹)', cell: (r) => valued(r.open_orders) },
  { header: 'Advances pending', cell: (r) => formatCount(r.pending_advance.count) },
  { header: 'Orders this month (₹)', cell: (r) => valued({ count: r.this_month.orders_count, value: r.this_month.orders_value }) },
  { header: 'Last month (₹)', cell: (r) => valued({ count: r.last_month.orders_count, value: r.last_month.orders_value }) },
];

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
            {COLUMNS.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign="end">
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid={`team-${r.id}`}>
              <Table.Cell fontWeight="semibold">{r.name}</Table.Cell>
              {COLUMNS.map((c) => (
                <Table.Cell key={c.header} textAlign="end" data-label={c.header} color={c.alert?.(r) ? 'red.fg' : undefined}>
                  {c.cell(r)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
