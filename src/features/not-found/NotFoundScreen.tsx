import { Link as RouterLink } from 'react-router-dom';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { landingRouteFor } from '../../../domain/roles';
import { pathOf } from '../../../domain/routes';
import { useSession } from '../../data/session';

export default function NotFoundScreen() {
  const { user } = useSession();
  return (
    <Stack gap="4">
      <Heading size="md">Page not found</Heading>
      <Text>There is no screen at this address. It may have moved, or the link may be mistyped.</Text>
      <Button asChild alignSelf="flex-start">
        <RouterLink to={user ? pathOf(landingRouteFor(user)) : pathOf('login')}>{user ? 'Go to my home page' : 'Go to sign in'}</RouterLink>
      </Button>
    </Stack>
  );
}
