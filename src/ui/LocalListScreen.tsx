import type { ReactNode } from 'react';
import type { Row } from '@tanstack/react-table';
import { Flex, Heading, Stack } from '@chakra-ui/react';
import type { DataType } from '../../domain/data-types';
import { isLoading, useMirrorStatus } from '../data/mirror/status';
import { reloadData } from '../data/preload';
import { LocalDataTable, type LocalDataTableProps } from './DataTable';
import { Freshness } from './Freshness';

/** Rows made offline (negative temp ids) are the newest until the server numbers them. */
const ageRank = (id: number) => (id < 0 ? Number.MAX_SAFE_INTEGER / 2 - id : id);

/** Sorts a list by the age of its rows' ids, the ones made offline the newest. */
export const byAge = <T extends { id: number }>(a: Row<T>, b: Row<T>) => ageRank(a.original.id) - ageRank(b.original.id);

export interface LocalListScreenProps<T> extends Omit<LocalDataTableProps<T>, 'note'> {
  title: string;
  /** Beside the title: the way to related lists and to a new record. */
  actions?: ReactNode;
  /** The types the rows are read from: the list says how fresh they are and loads them again on "Refresh". */
  data: readonly DataType[];
  /** Between the title and the table: what the list means, or what narrows it. */
  children?: ReactNode;
}

/** A list screen's title, with its actions beside it (wrapping below on a narrow screen). */
export function ListHeading({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Heading size="xl" flex="1">
        {title}
      </Heading>
      {actions}
    </Flex>
  );
}

/** A list screen read from the device: its title and actions, then the table with how fresh its rows are. */
export function LocalListScreen<T>({ title, actions, data, children, ...table }: LocalListScreenProps<T>) {
  const status = useMirrorStatus(data);
  return (
    <Stack gap="4">
      <ListHeading title={title} actions={actions} />
      {children}
      <LocalDataTable {...table} loading={isLoading(status)} note={<Freshness {...status} pending={table.pending?.size} onRefresh={() => void reloadData(data)} />} />
    </Stack>
  );
}
