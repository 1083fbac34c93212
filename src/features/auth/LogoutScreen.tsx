import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { pathOf } from '../../../domain/routes';
import { logout } from '../../data/session';

/** Sign-out, and the target when a session cannot be renewed. */
export default function LogoutScreen() {
  useEffect(() => {
    logout();
  }, []);
  return (
    <Stack gap="4">
      <Heading size="md">You are signed out</Heading>
      <Text>Your session has ended on this device.</Text>
      <Button asChild alignSelf="flex-start">
        <RouterLink to={pathOf('login')}>Sign in again</RouterLink>
      </Button>
    </Stack>
  );
}
