import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { formatIndian } from '../../../domain/decimal';
import { labelOf } from '../../../domain/options';
import { LPO_STATUSES, type LpoStatus } from '../../../domain/lpo';
import type { LpoTotals } from '../../../domain/totals';
import { TextField } from '../../ui/form';

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

/** What a line's inputs are registered as, and their messages. */
export interface LpoLineRegistrations {
  quantity: UseFormRegisterReturn;
  rate: UseFormRegisterReturn;
  tax_rate: UseFormRegisterReturn;
  expected_date: UseFormRegisterReturn;
}
export type LpoLineErrors = Partial<Record<keyof LpoLineRegistrations, FieldError | undefined>>;

/** An empty date input means "no date of its own" (null), not an empty string. */
export const optionalDate = { setValueAs: (v: string | null) => v || null } as const;

/**
 * The inputs of an LPO line (new LPO and a draft's line change alike): quantity, rate, the GST %
 * the vendor charges, and the date this line is expected, when it differs from the LPO's.
 */
export function LpoLineFields({ name, registrations, errors }: { name: string; registrations: LpoLineRegistrations; errors: LpoLineErrors }) {
  return (
    <>
      <Box w="32">
        <TextField label="Quantity" size="lg" inputMode="decimal" aria-label={`Quantity of ${name}`} registration={registrations.quantity} error={errors.quantity} />
      </Box>
      <Box w="32">
        <TextField label="Rate (₹)" size="lg" inputMode="decimal" aria-label={`Rate of ${name}`} registration={registrations.rate} error={errors.rate} />
      </Box>
      <Box w="24">
        <TextField label="GST %" size="lg" inputMode="decimal" aria-label={`GST % of ${name}`} registration={registrations.tax_rate} error={errors.tax_rate} />
      </Box>
      <Box w="44">
        <TextField label="Expected by" size="lg" type="date" aria-label={`Expected date of ${name}`} registration={registrations.expected_date} error={errors.expected_date} />
      </Box>
    </>
  );
}

/** An LPO's subtotal, GST and total, as domain/totals.ts's lpoTotals computes them. */
export function LpoTotalsLine({ totals }: { totals: Pick<LpoTotals, 'subtotal' | 'tax_amount' | 'total_amount'> }) {
  return (
    <HStack justify="flex-end" gap="6" wrap="wrap" aria-label="LPO totals">
      <Text>Subtotal ₹ {formatIndian(totals.subtotal)}</Text>
      <Text>GST ₹ {formatIndian(totals.tax_amount)}</Text>
      <Text fontWeight="semibold">Total ₹ {formatIndian(totals.total_amount)}</Text>
    </HStack>
  );
}
