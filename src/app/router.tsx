import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { isPublicRoute, LAYOUTS, ROUTES, routeByName, type Layout, type RouteDef } from '../../domain/routes';
import { atMost } from '../data/at-most';
import { notify } from '../ui/notify';
import { guard } from './guard';
import { notAvailableScreen, prepareScreen, screenOf } from './screens';
import { RootShell, RouteErrorScreen, StartingScreen } from './RootShell';

/** How long a navigation waits for the device's store to open and a list's first page to be read. */
export const PREPARE_WAIT_MS = 250;

export interface RouteHandle {
  route: RouteDef;
}

function routeObject(def: RouteDef, path = def.path): RouteObject {
  return {
    path,
    handle: { route: def } satisfies RouteHandle,
    loader: async ({ request }) => {
      const url = new URL(request.url);
      // Failures are the screen's to show when it loads: this only reads ahead.
      const prepared = isPublicRoute(def) ? null : prepareScreen(def.name).catch(() => undefined);
      const verdict = await guard(def, `${url.pathname}${url.search}`);
      if (!verdict.allow) {
        if (verdict.message) notify({ type: verdict.messageType ?? 'negative', message: verdict.message, ...(verdict.caption ? { caption: verdict.caption } : {}) });
        throw redirect(verdict.redirect);
      }
      // The screen paints with its list's rows; a slow store never holds it up for long.
      if (prepared) await atMost(prepared, PREPARE_WAIT_MS);
      return null;
    },
    lazy: async () => ({ Component: (await (screenOf(def.name) ?? notAvailableScreen)()).default }),
  };
}

function layoutGroup(layout: Layout): RouteObject {
  return {
    id: `layout-${layout}`,
    lazy: async () => {
      if (layout === 'container') return { Component: (await import('./PublicShell')).default };
      const { AppShell } = await import('./AppShell');
      return { Component: () => <AppShell layout={layout} /> };
    },
    children: ROUTES.filter((r) => r.layout === layout).map((r) => routeObject(r)),
  };
}

/** The route table of domain/routes.ts as a path-style (browser history) router. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootShell />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <StartingScreen />,
      children: [
        ...LAYOUTS.map(layoutGroup),
        // Any unknown path is the same not-found screen as /404.
        { lazy: async () => ({ Component: (await import('./PublicShell')).default }), children: [routeObject(routeByName('not-found'), '*')] },
      ],
    },
  ]);
}
