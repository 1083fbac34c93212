import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Outlet, useBeforeUnload, useBlocker, useLocation, useNavigation, useRouteError, Link as RouterLink, type BlockerFunction } from 'react-router-dom';
import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { openDialog, useCurrentDialog } from '../ui/dialog-store';
import { wouldLoseInput } from '../ui/unsaved-changes';
import { markFirstScreenDrawn } from './first-screen';

// Dialogs are rare: their code loads the first time one opens, not with the sign-in page.
const AppDialog = lazy(async () => ({ default: (await import('../ui/dialog')).AppDialog }));
// The toaster's code follows the first screen: a notice asked for before it arrives waits in its store.
const Notifications = lazy(async () => ({ default: (await import('../ui/Notifications')).Notifications }));

/** Every navigation scrolls to the top left. */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export const LEAVE_QUESTION = { title: 'Leave this page?', message: 'What you typed will be lost.', type: 'warning', okLabel: 'Leave', cancelLabel: 'Stay' } as const;

// A replace is the screen renaming itself (a saved record's server id) or the session ending: not a leave.
const leavesInput: BlockerFunction = ({ currentLocation, nextLocation, historyAction }) => historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname && wouldLoseInput();

/** Leaving a form with unsaved input (a link, Back, closing the tab) asks first. */
function LeaveGuard() {
  const blocker = useBlocker(leavesInput);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void openDialog(LEAVE_QUESTION).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (wouldLoseInput()) event.preventDefault();
    }, []),
  );
  return null;
}

export function RootShell() {
  const navigation = useNavigation();
  const dialog = useCurrentDialog();
  useEffect(markFirstScreenDrawn, []);
  return (
    <>
      <ScrollToTop />
      <LeaveGuard />
      {/* A plain bar: Chakra's Progress would bring its state machine to the sign-in page for this one bar. */}
      {navigation.state === 'loading' && <Box role="progressbar" aria-label="Loading" position="fixed" top="0" left="0" right="0" h="1" zIndex="banner" bg="colorPalette.solid" animation="pulse" />}
      <Outlet />
      <Suspense>
        <Notifications />
      </Suspense>
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
