import type { ReactNode } from 'react';
import { Table } from '@chakra-ui/react';
import { FOLDING_TABLE } from './table-layout';

/** A column of a short table: its header, what a row shows under it, figures aligned to the end. */
export interface ShortColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  end?: boolean;
}

/**
 * A few rows a dashboard or report shows whole (no paging, no sorting), folding into labelled
 * lines on a narrow screen; the first column names the row.
 */
export function ShortTable<R>({ label, columns, rows, rowKey }: { label: string; columns: readonly ShortColumn<R>[]; rows: readonly R[]; rowKey: (row: R) => string | number }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.end ? 'end' : undefined}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((c, i) => (
                <Table.Cell key={c.header} textAlign={c.end ? 'end' : undefined} fontWeight={i ? undefined : 'semibold'} data-label={i ? c.header : undefined}>
                  {c.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
