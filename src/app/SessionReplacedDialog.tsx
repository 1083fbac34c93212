import { Button, Text } from '@chakra-ui/react';
import { BlockingDialog } from '../ui/BlockingDialog';
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
    <BlockingDialog
      title="Someone else is signed in on this device"
      footer={
        <Button colorPalette="blue" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      <Text>{replacedMessage(displayName(user), replaced.by ? displayName(replaced.by) : null)}</Text>
    </BlockingDialog>
  );
}
