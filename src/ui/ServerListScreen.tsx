import type { ColumnDef } from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useEffect } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import type { RouteName } from '../../domain/routes';
import { pathOf } from '../../domain/routes';
import { readFailure } from './connection';
import { DataTable } from './DataTable';
import { Failure } from './detail';
import { ListHeading } from './LocalListScreen';
import { notify } from './notify';

/** A page of a server list (DESIGN.md "Lists"). */
export interface ListPage<T> {
  count: number;
  results: T[];
}

/**
 * A list screen read from the server page by page (a cancelled list, a pending list): its title,
 * the way back to the main list, why it failed, and the table of the page `result` holds.
 */
export function ServerListScreen<T>({
  title,
  back,
  result,
  columns,
  page,
  pageSize,
  onPageChange,
  empty,
  emptyNotice,
  rowKey,
}: {
  title: string;
  back: { label: string; route: RouteName };
  result: UseQueryResult<ListPage<T>>;
  columns: ColumnDef<T, unknown>[];
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  empty: string;
  /** An info notice when the list has no rows at all (business-areas.md §8's 'Cancelled … not found'). */
  emptyNotice?: string;
  rowKey: (row: T) => string | number;
}) {
  const navigate = useNavigate();
  const failure = readFailure(result);
  const none = result.data?.count === 0;
  useEffect(() => {
    if (none && emptyNotice) notify({ type: 'info', message: emptyNotice });
  }, [none, emptyNotice]);
  return (
    <Stack gap="4">
      <ListHeading
        title={title}
        actions={
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf(back.route))}>
            {back.label}
          </Button>
        }
      />
      {failure && <Failure text={failure} />}
      <DataTable<T>
        columns={columns}
        rows={result.data?.results ?? []}
        count={result.data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        empty={result.isPending && !failure ? 'Loading…' : empty}
        rowKey={rowKey}
      />
    </Stack>
  );
}
