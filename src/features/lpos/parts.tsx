import { Badge } from '@chakra-ui/react';
import { labelOf } from '../../../domain/options';
import { LPO_STATUSES, type LpoStatus } from '../../../domain/lpo';

/** The colour of each LPO status: grey to be decided, blue on its way, green done, orange short, red cancelled. */
export const LPO_STATUS_PALETTE: Readonly<Record<LpoStatus, string>> = {
  draft: 'gray',
  approved: 'teal',
  sent: 'blue',
  partially_received: 'yellow',
  received: 'green',
  closed: 'orange',
  cancelled: 'red',
};

export function LpoStatusBadge({ status }: { status: LpoStatus }) {
  return (
    <Badge size="lg" colorPalette={LPO_STATUS_PALETTE[status]}>
      {labelOf(LPO_STATUSES, status)}
    </Badge>
  );
}

/** How an LPO is named on screen: its number. */
export const lpoTitle = (id: number) => `LPO ${id}`;
