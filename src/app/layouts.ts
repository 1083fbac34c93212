import { matchRoutes } from 'react-router-dom';
import { layoutFor, menuEntryOf, type MenuGroup } from '../../domain/menus';
import { ROUTES, type Layout, type RouteName } from '../../domain/routes';
import type { UserRole } from '../../domain/user';

/** The department layouts: a title and an accent colour each; one shell renders them all. */
export const LAYOUT_THEMES: Record<Layout, { title: string; palette: string }> = {
  main: { title: '', palette: 'blue' },
  container: { title: '', palette: 'blue' },
  sales: { title: 'Sales', palette: 'teal' },
  production: { title: 'Production', palette: 'orange' },
  metal: { title: 'Metal workshop', palette: 'gray' },
  stores: { title: 'Stores & purchase', palette: 'cyan' },
  warehouse: { title: 'Packing & dispatch', palette: 'yellow' },
  acrylic: { title: 'Acrylic & trays', palette: 'pink' },
  accounts: { title: 'Accounts', palette: 'green' },
  design: { title: 'Design & estimation', palette: 'purple' },
  reports: { title: 'Reports', palette: 'blue' },
  superuser: { title: 'Superuser', palette: 'red' },
};

const ROUTE_MATCHES = ROUTES.map((route) => ({ path: route.path, name: route.name }));

/** The route of the route table a path opens (as the router ranks them), or null. */
export function routeNameAt(pathname: string): RouteName | null {
  return matchRoutes(ROUTE_MATCHES, pathname)?.at(-1)?.route.name ?? null;
}

/**
 * The frame a signed-in screen is drawn in: the user's department's layout, whichever route's
 * screen it is, and the entry of the user's menu that stands for the screen.
 */
export function shellFrame(user: UserRole | null, routeLayout: Layout, pathname: string, groups: readonly MenuGroup[]) {
  const layout = user ? layoutFor(user, routeLayout) : routeLayout;
  const route = routeNameAt(pathname);
  return { layout, theme: LAYOUT_THEMES[layout], activeEntry: route && menuEntryOf(route, groups) };
}
