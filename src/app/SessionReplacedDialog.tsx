import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { displayName } from '../../domain/user';
import { useSession } from '../data/session';

/** What this tab says when another tab has taken the device's session (issue 15 §2). */
export function replacedMessage(tabUser: string, by: string | null): string {
  return by
    ? `${by} has signed in on this device in another tab. This tab was opened by ${tabUser} and can no longer save changes: reload it to work as ${by}.`
    : `${tabUser} was signed out in another tab. This tab can no longer save changes: reload it to sign in again.`;
}

/**
 * Blocks a tab whose session another tab replaced: anything it saved would go out under the
 * other person's name, so it saves nothing until it is reloaded.
 */
export function SessionReplacedDialog() {
  const { user, replaced } = useSession();
  if (!user || !replaced) return null;
  return (
    <Dialog.Root open role="alertdialog" closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Someone else is signed in on this device</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{replacedMessage(displayName(user), replaced.by ? displayName(replaced.by) : null)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={() => window.location.reload()}>
                Reload
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
