import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation, useRouteError, Link as RouterLink } from 'react-router-dom';
import { Box, Button, Center, Heading, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { Notifications } from '../ui/Notifications';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { useCurrentDialog } from '../ui/dialog-store';
import { markFirstScreenDrawn } from './first-screen';

// Dialogs are rare: their code loads the first time one opens, not with the sign-in page.
const AppDialog = lazy(async () => ({ default: (await import('../ui/dialog')).AppDialog }));

/** Every navigation scrolls to the top left. */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export function RootShell() {
  const navigation = useNavigation();
  const dialog = useCurrentDialog();
  useEffect(markFirstScreenDrawn, []);
  return (
    <>
      <ScrollToTop />
      {navigation.state === 'loading' && (
        <Progress.Root size="xs" value={null} position="fixed" top="0" left="0" right="0" zIndex="banner" aria-label="Loading">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Outlet />
      <Notifications />
      <LoadingOverlay />
      {dialog && (
        <Suspense>
          <AppDialog />
        </Suspense>
      )}
    </>
  );
}

export function StartingScreen() {
  return (
    <Center minH="100vh">
      <Spinner size="lg" aria-label="Starting" />
    </Center>
  );
}

/** A screen that failed to load (an old chunk after an update, a bug): say so and offer a way on. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <Center minH="100vh" p="6">
      <Stack maxW="md" gap="4">
        <Heading size="lg">Something went wrong</Heading>
        <Text color="fg.muted">{error instanceof Error ? error.message : 'This screen could not be shown.'}</Text>
        <Box>
          <Button asChild mr="2">
            <RouterLink to="/landing">Go to the home page</RouterLink>
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Box>
      </Stack>
    </Center>
  );
}
