import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { acceptUpdate, postponeUpdate, useUpdateState, type UpdateBlocker } from './pwa';

export const UPDATE_MESSAGES = {
  available: 'A new version of FabOps is available.',
  updating: 'Updating…',
  waiting: {
    unsaved: 'The update will start when you have saved or discarded your changes.',
    sending: 'The update will start when your changes have finished sending.',
  } satisfies Record<UpdateBlocker, string>,
};

/** The offer of a new version: "Update now" (which may wait, and says why) or "Later". */
export default function UpdateCard() {
  const { phase, blocker } = useUpdateState();
  return (
    <Box role="region" aria-label="App update" position="fixed" bottom="4" left="4" zIndex="toast" maxW="sm" w="calc(100% - 2rem)" bg="bg.panel" borderWidth="1px" borderRadius="md" boxShadow="lg" p="4">
      <Stack gap="3">
        <Text fontWeight="medium">{UPDATE_MESSAGES.available}</Text>
        {phase === 'waiting' && blocker && <Text color="fg.muted">{UPDATE_MESSAGES.waiting[blocker]}</Text>}
        {phase === 'updating' ? (
          <HStack>
            <Spinner size="sm" />
            <Text>{UPDATE_MESSAGES.updating}</Text>
          </HStack>
        ) : (
          <HStack>
            <Button size="sm" onClick={() => void acceptUpdate()} loading={phase === 'waiting'} loadingText="Update now">
              Update now
            </Button>
            <Button size="sm" variant="outline" onClick={postponeUpdate}>
              Later
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
