import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { LOADING_OVERLAY_MESSAGE, useProcessingOverlay } from './processing';

/** The global overlay, shown while a write takes longer than 400 ms. */
export function LoadingOverlay() {
  const visible = useProcessingOverlay();
  if (!visible) return null;
  return (
    <Center position="fixed" inset="0" bg="blackAlpha.500" zIndex="overlay" role="alert" aria-busy="true">
      <Stack align="center" bg="bg" p="6" rounded="md" boxShadow="lg">
        <Spinner size="lg" />
        <Text>{LOADING_OVERLAY_MESSAGE}</Text>
      </Stack>
    </Center>
  );
}
