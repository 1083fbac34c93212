import type { ColumnDef } from '@tanstack/react-table';
import { Badge, HStack } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import type { LpoPendingLine } from '../../../domain/lpo';
import { materialUnitLabel } from '../../../domain/material';
import { pathOf } from '../../../domain/routes';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { secondary, useListPage } from '../../ui/DataTable';
import { RowLink } from '../../ui/RowLink';
import { ServerListScreen } from '../../ui/ServerListScreen';
import { LPO_PAGE_SIZE, usePendingReceipt } from './api';
import { LpoStatusBadge } from './parts';

const quantity = (value: string) => formatIndian(value, QUANTITY_PLACES);

/** Late: expected before today (India's business day) and still not here. */
const isLate = (line: LpoPendingLine) => line.expected_date !== null && line.expected_date < businessToday();

const COLUMNS: ColumnDef<LpoPendingLine, unknown>[] = [
  { id: 'lpo', header: 'LPO No.', cell: ({ row }) => <RowLink to={pathOf('lpo-detail', { id: row.original.lpo })}>{row.original.lpo}</RowLink> },
  {
    id: 'expected_date',
    header: 'Expected by',
    cell: ({ row }) => (
      <HStack gap="2">
        <span>{row.original.expected_date ? formatDisplayDate(row.original.expected_date) : '—'}</span>
        {isLate(row.original) && <Badge colorPalette="red">Late</Badge>}
      </HStack>
    ),
  },
  { id: 'vendor', header: 'Vendor', cell: ({ row }) => row.original.vendor_name },
  { id: 'material', header: 'Material', cell: ({ row }) => row.original.material_name },
  { id: 'outstanding', header: 'Still to come', meta: { numeric: true }, cell: ({ row }) => `${quantity(row.original.outstanding)} ${materialUnitLabel(row.original.material_unit)}` },
  secondary({ id: 'ordered', header: 'Ordered', meta: { numeric: true }, cell: ({ row }) => quantity(row.original.quantity) }),
  secondary({ id: 'lpo_date', header: 'LPO date', cell: ({ row }) => formatDisplayDate(row.original.lpo_date) }),
  secondary({ id: 'status', header: 'Status', cell: ({ row }) => <LpoStatusBadge status={row.original.status} /> }),
];

/** lpo-pending-receipt: the LPO lines still to come, the late ones first, read from the server page by page. */
export default function LpoPendingReceiptScreen() {
  const [page, setPage] = useListPage();
  return (
    <ServerListScreen<LpoPendingLine>
      title="LPOs pending receipt"
      back={{ label: 'All LPOs', route: 'lpos-home' }}
      result={usePendingReceipt(page)}
      columns={COLUMNS}
      page={page}
      pageSize={LPO_PAGE_SIZE}
      onPageChange={setPage}
      empty="Nothing is still to come."
      rowKey={(row) => row.id}
    />
  );
}
