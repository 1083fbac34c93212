import { useMatches } from 'react-router-dom';
import type { RouteDef } from '../../domain/routes';

/** The route of domain/routes.ts the screen is shown under (a screen may serve several variants). */
export function useCurrentRoute(): RouteDef | undefined {
  const match = useMatches().findLast((m) => (m.handle as { route?: RouteDef } | undefined)?.route);
  return (match?.handle as { route?: RouteDef } | undefined)?.route;
}
