import { Outlet } from 'react-router-dom';
import { Box, Flex, Heading } from '@chakra-ui/react';

/** Public screens (sign-in, registration, not-found): a centred page without menus. */
export default function PublicShell() {
  return (
    <Flex minH="100vh" align="center" justify="center" bg="bg.subtle" p="4">
      <Box w="full" maxW="md" bg="bg" p="8" rounded="lg" boxShadow="md">
        <Heading size="lg" mb="6">
          FabOps
        </Heading>
        <Outlet />
      </Box>
    </Flex>
  );
}
