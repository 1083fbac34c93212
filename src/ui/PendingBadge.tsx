import { Badge } from '@chakra-ui/react';

/** A row or record with a change not yet on the server: small beside a list row's name, large in a detail's header. */
export function PendingBadge({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette="orange" size={size} ms={size === 'sm' ? '2' : undefined} title="Saved on this device, not yet on the server">
      Pending
    </Badge>
  );
}
