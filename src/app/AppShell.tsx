import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, CloseButton, Container, Drawer, Flex, Heading, Portal, Stack, Text, useRecipe } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { menuFor, type MenuGroup } from '../../domain/menus';
import { AUTH_MESSAGES } from '../../domain/auth';
import { isRouteName, pathOf, type Layout, type RouteName } from '../../domain/routes';
import { displayName, type User } from '../../domain/user';
import { unsentCountOf } from '../data/outbox';
import { queryClient } from '../data/query';
import { openDialog } from '../ui/dialog';
import { useSession } from '../data/session';
import { notify } from '../ui/notify';
import { useOnline } from '../data/online';
import { shellFrame } from './layouts';
import { prefetchScreens } from './screens';
import { SyncIndicator } from '../ui/SyncIndicator';
import { UnreadMessages } from '../ui/UnreadMessages';
import { isModuleEnabled } from '../../domain/modules';
import { SessionReplacedDialog } from './SessionReplacedDialog';
import { SignInAgainDialog } from './SignInAgainDialog';
import { MaintenanceScreen } from './MaintenanceScreen';
import { useMaintenance } from '../data/maintenance';

/** Shown on the sign-in screen when the session ended while a screen was open. */
export const SESSION_ENDED = AUTH_MESSAGES.sessionEnded;

/**
 * The menu's links look like small ghost buttons, styled once through the menu rather than a button
 * component each: a department's menu has twenty links, drawn with every screen.
 */
function useMenuLinkStyles() {
  const button = useRecipe({ key: 'button' });
  return useMemo(
    () => ({
      // Long titles ("Requisitions of closed job orders") wrap rather than lose their end.
      '& a': { ...button({ variant: 'ghost', size: 'sm' }), justifyContent: 'flex-start', fontWeight: 'normal', whiteSpace: 'normal', textAlign: 'start', h: 'auto', py: '1.5' },
      '& a[aria-current=page]': { bg: 'colorPalette.subtle', fontWeight: 'semibold' },
    }),
    [button],
  );
}

/** `active`: the entry that stands for the screen shown, itself or the list it was opened from. */
function Menu({ groups, active, onNavigate }: { groups: MenuGroup[]; active: RouteName | null; onNavigate?: () => void }) {
  const links = useMenuLinkStyles();
  return (
    <Stack as="nav" aria-label="Main menu" gap="5" css={links}>
      {groups.map((group) => (
        <Box key={group.department} data-menu-group={group.department}>
          <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" mb="1">
            {group.label}
          </Text>
          <Stack gap="0.5">
            {group.routes.map((route) => (
              <Link key={route.name} to={route.path} aria-current={route.name === active ? 'page' : undefined} onClick={onNavigate}>
                {route.title}
              </Link>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

export const unsentWarning = (count: number, name: string) =>
  `${count} change${count === 1 ? '' : 's'} you made ${count === 1 ? 'has' : 'have'} not reached the server yet. ${count === 1 ? 'It stays' : 'They stay'} on this device and ${count === 1 ? 'is' : 'are'} sent when ${name} signs in here again.`;

/** Signing out never loses unsent changes, but the user should know they stay behind on this device. */
async function confirmSignOut(user: User): Promise<boolean> {
  const unsent = await unsentCountOf(user.id);
  if (unsent === 0) return true;
  return openDialog({ title: 'Sign out with unsent changes?', message: unsentWarning(unsent, displayName(user)), type: 'warning', okLabel: 'Sign out' });
}

/** The signed-in frame shared by every department layout: header, department menu, screen. */
export function AppShell({ layout }: { layout: Layout }) {
  const { user, modules, offline } = useSession();
  const maintenance = useMaintenance();
  const online = useOnline();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // The session ended under the screen (the server refused the cached session it opened with, or
  // a renewal was refused): back to sign-in, then on to where the user was.
  useEffect(() => {
    if (user) return;
    notify({ type: 'warning', message: SESSION_ENDED });
    navigate(`${pathOf('login')}?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [user, navigate, location.pathname, location.search]);
  const groups = user ? menuFor(user, modules) : [];
  // The user's own department's frame, whichever department's screen this is.
  const { layout: shown, theme, activeEntry } = shellFrame(user, layout, location.pathname, groups);
  const ownScreens = groups
    .filter((g) => g.own)
    .flatMap((g) => g.routes.map((r) => r.name))
    .join(',');
  useEffect(() => prefetchScreens(ownScreens.split(',').filter(isRouteName)), [ownScreens]);
  if (!user) return null;
  return (
    <Flex direction="column" minH="100vh" colorPalette={theme.palette} data-layout={shown}>
      <SessionReplacedDialog />
      <SignInAgainDialog />
      <Flex as="header" _print={{ display: 'none' }} align="center" gap="3" rowGap="2" flexWrap="wrap" px="4" py="2" bg="colorPalette.solid" color="colorPalette.contrast">
        <Button display={{ base: 'inline-flex', xl: 'none' }} size="sm" variant="subtle" onClick={() => setMenuOpen(true)}>
          Menu
        </Button>
        <Heading size="md" flex="1">
          {theme.title ? `FabOps · ${theme.title}` : 'FabOps'}
        </Heading>
        <SyncIndicator offline={!online || offline} />
        {isModuleEnabled(modules, 'messaging') && <UnreadMessages />}
        <Text display={{ base: 'none', md: 'block' }} data-testid="signed-in-user">
          {displayName(user)}
        </Text>
        <Button size="sm" variant="subtle" onClick={() => navigate(pathOf('password-change'))}>
          Change password
        </Button>
        <Button
          size="sm"
          variant="subtle"
          // The sign-out screen ends the session once it is shown.
          onClick={async () => {
            if (await confirmSignOut(user)) navigate(pathOf('logout'));
          }}
        >
          Sign out
        </Button>
      </Flex>
      <Flex flex="1">
        {/* A tablet, either way up, gives the whole width to the screen and keeps the menu in the drawer. */}
        <Box as="aside" display={{ base: 'none', xl: 'block' }} _print={{ display: 'none' }} w="64" flexShrink="0" p="4" borderRightWidth="1px" overflowY="auto">
          <Menu groups={groups} active={activeEntry} />
        </Box>
        {/* minW 0: a wide table scrolls or folds inside the screen instead of widening the page. */}
        <Container as="main" maxW="7xl" py="6" flex="1" minW="0">
          {/* Online reads (dashboards, reports) share one cache; the sign-in page never loads it. */}
          <QueryClientProvider client={queryClient}>
            {maintenance && !user.is_superuser ? <MaintenanceScreen user={user} message={maintenance} /> : <Outlet />}
          </QueryClientProvider>
        </Container>
      </Flex>
      <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>Menu</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Menu groups={groups} active={activeEntry} onNavigate={() => setMenuOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}
