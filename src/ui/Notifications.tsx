import { Alert, Box, CloseButton, Spinner, Stack } from '@chakra-ui/react';
import { NOTIFY_POSITIONS, type NotifyPosition, type NotifyType } from '../../domain/rules/notify';
import { dismiss, useNotifications } from './notify';

const STATUS: Record<NotifyType, 'success' | 'error' | 'warning' | 'info'> = {
  positive: 'success',
  negative: 'error',
  warning: 'warning',
  info: 'info',
  ongoing: 'info',
};

/** Where each of the nine positions sits on the screen. */
function placement(position: NotifyPosition) {
  const [vertical, horizontal] = position.includes('-') ? position.split('-') : ['top', 'bottom'].includes(position) ? [position, 'center'] : ['middle', position];
  return {
    top: vertical === 'top' ? 4 : vertical === 'middle' ? '50%' : undefined,
    bottom: vertical === 'bottom' ? 4 : undefined,
    left: horizontal === 'left' ? 4 : horizontal === 'center' ? '50%' : undefined,
    right: horizontal === 'right' ? 4 : undefined,
    transform: `translate(${horizontal === 'center' ? '-50%' : '0'}, ${vertical === 'middle' ? '-50%' : '0'})`,
  };
}

export function Notifications() {
  const notifications = useNotifications();
  return (
    <>
      {NOTIFY_POSITIONS.map((position) => {
        const here = notifications.filter((n) => n.position === position);
        if (here.length === 0) return null;
        return (
          <Box key={position} position="fixed" zIndex="toast" maxW="md" w="calc(100% - 2rem)" {...placement(position)}>
            <Stack gap="2">
              {here.map((n) => (
                <Alert.Root key={n.id} status={STATUS[n.type]} variant="solid" role="status" data-notify-type={n.type} boxShadow="lg">
                  {n.type === 'ongoing' ? <Spinner size="sm" /> : <Alert.Indicator />}
                  <Alert.Content>
                    <Alert.Title>{n.message}</Alert.Title>
                    {n.caption && <Alert.Description>{n.caption}</Alert.Description>}
                  </Alert.Content>
                  <CloseButton size="sm" aria-label="Dismiss" onClick={() => dismiss(n.id)} />
                </Alert.Root>
              ))}
            </Stack>
          </Box>
        );
      })}
    </>
  );
}
