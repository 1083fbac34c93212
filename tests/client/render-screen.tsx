import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { routeByName, type RouteName } from '../../domain/routes';
import { AppDialog } from '../../src/ui/dialog';
import { Notifications } from '../../src/ui/Notifications';
import { AppProviders } from './providers';

/** Screens in a data router at `path`, as the app has them, with its notifications and dialog; answers the router. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
      <Notifications />
      <AppDialog />
    </AppProviders>,
  );
  return router;
}

/** The screen under one route of domain/routes.ts; each neighbour route it may lead to shows its own name. */
export function renderRoute(routeName: RouteName, Screen: ComponentType, path: string, neighbours: readonly RouteName[]) {
  const route = routeByName(routeName);
  const others = neighbours.filter((name) => name !== routeName).map((name) => ({ path: routeByName(name).path, element: <p>{name}</p> }));
  return renderRoutes([{ path: route.path, element: <Screen />, handle: { route } }, ...others], path);
}
