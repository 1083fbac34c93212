import { CloseButton, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toasters, type ShownNotification } from './notify';

/** The app's notices (notify.ts) on Chakra's toaster, one toaster per place on the screen. */
export function Notifications() {
  return (
    <Portal>
      {Object.entries(toasters).map(([placement, toaster]) => (
        <Toaster key={placement} toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => {
            const n = toast.meta as ShownNotification;
            return (
              <Toast.Root width={{ md: 'sm' }} role="status" data-notify-type={n.type}>
                {n.type === 'ongoing' ? <Spinner size="sm" /> : <Toast.Indicator />}
                <Stack gap="1" flex="1" maxWidth="100%">
                  <Toast.Title>{n.message}</Toast.Title>
                  {n.caption && <Toast.Description>{n.caption}</Toast.Description>}
                </Stack>
                <Toast.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Dismiss" />
                </Toast.CloseTrigger>
              </Toast.Root>
            );
          }}
        </Toaster>
      ))}
    </Portal>
  );
}
