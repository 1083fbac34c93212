import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { AuditEntry } from '../../../domain/admin';
import { formatWhen } from '../../ui/when';
import { RiskBadge } from './labels';

/** Who made an entry: its user, or the system (its own writes, and attempts nobody signed in made, such as a failed sign-in). */
export const actorOf = (entry: AuditEntry) => entry.username ?? 'System';

/** The columns an audit entry shows in, on the dashboard and in the audit log alike. */
export const AUDIT_COLUMNS: readonly { header: string; cell: (entry: AuditEntry) => ReactNode }[] = [
  { header: 'When', cell: (e) => formatWhen(e.timestamp) },
  { header: 'User', cell: actorOf },
  { header: 'Action', cell: (e) => e.action },
  { header: 'Target', cell: (e) => e.target },
  { header: 'Risk', cell: (e) => <RiskBadge risk={e.riskLevel} /> },
];

export const auditTableColumns = (): ColumnDef<AuditEntry, unknown>[] => AUDIT_COLUMNS.map((c) => ({ header: c.header, cell: ({ row }) => c.cell(row.original) }));
