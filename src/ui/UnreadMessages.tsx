import { Link } from 'react-router-dom';
import { Badge, Button } from '@chakra-ui/react';
import { pathOf } from '../../domain/routes';
import { useUnreadCounts } from '../data/messages';

export const unreadLabel = (unread: number, mentions: number) =>
  `Messages: ${unread} unread${mentions ? `, ${mentions} mentioning you` : ''}`;

/** The header's way into messaging, with the unread count, risen live as messages arrive (decision 383). */
export function UnreadMessages() {
  const counts = useUnreadCounts();
  const unread = counts?.unread ?? 0;
  const mentions = counts?.mentions ?? 0;
  return (
    <Button asChild size="sm" variant="subtle" minH="11" aria-label={unreadLabel(unread, mentions)} data-testid="unread-messages">
      <Link to={pathOf('messages-home')}>
        Messages
        {unread > 0 && (
          <Badge colorPalette={mentions ? 'red' : 'gray'} variant="solid" data-testid="unread-count">
            {unread}
          </Badge>
        )}
      </Link>
    </Button>
  );
}
