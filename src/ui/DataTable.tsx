import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  /** Total rows on the server, for page counts. */
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  empty?: string;
  rowKey: (row: T) => string | number;
}

/** The app's table: server-paginated, rows rendered through TanStack Table. */
export function DataTable<T>({ columns, rows, count, page, pageSize, onPageChange, empty = 'Nothing to show.', rowKey }: DataTableProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is not memo-safe; this component owns it.
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, getRowId: (row) => String(rowKey(row)) });
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Box>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) => (
                  <Table.ColumnHeader key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</Table.ColumnHeader>
                ))}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {table.getRowModel().rows.map((row) => (
              <Table.Row key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Cell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && (
        <Text p="4" color="fg.muted">
          {empty}
        </Text>
      )}
      <HStack justify="space-between" mt="3">
        <Text fontSize="sm" color="fg.muted">
          {count} in all · page {Math.min(page, pages)} of {pages}
        </Text>
        <HStack>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
