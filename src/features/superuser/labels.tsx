import { Badge } from '@chakra-ui/react';
import type { ApiStatus } from '../../../domain/admin';
import type { Option } from '../../../domain/options';
import { RISK_LEVELS, type RiskLevel } from '../../../domain/system';
import type { SystemAlertType } from '../../../domain/system-alert';

/** The console's words and colours for the superuser data of product-frame.md §3 and §4. */

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const RISK_LEVEL_OPTIONS: readonly Option[] = RISK_LEVELS.map((value) => ({ value, label: capitalised(value) }));
const RISK_PALETTE: Record<RiskLevel, string> = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' };

export function RiskBadge({ risk }: { risk: RiskLevel }) {
  return <Badge colorPalette={RISK_PALETTE[risk]}>{capitalised(risk)}</Badge>;
}

export const ALERT_PALETTE: Record<SystemAlertType, string> = { info: 'blue', warning: 'orange', error: 'red', critical: 'red' };
export const alertTypeLabel = capitalised;

export const API_STATUS_LABELS: Record<ApiStatus, string> = { connected: 'Connected', degraded: 'Degraded', failed: 'Failed' };
export const riskLabel = (risk: RiskLevel) => capitalised(risk);
