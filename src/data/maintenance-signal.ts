import { MAINTENANCE } from '../../domain/auth';

/** The channel on which a replayer, the page's or the service worker's, tells the pages the server is down for maintenance. */
export const MAINTENANCE_CHANNEL = 'fabops-maintenance';

export interface MaintenanceSignal {
  detail: string;
}

/**
 * A fetch for the outbox's replayers that tells the pages when the server turns a write away for
 * maintenance: the worker has no screen, and its replay may be the device's first call after
 * coming back online. No React here: the service worker uses it.
 */
export function maintenanceAwareFetch(send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await send(input, init);
    if (response.status === 503 && typeof BroadcastChannel !== 'undefined') {
      const body = (await response.clone().json().catch(() => null)) as { code?: unknown; detail?: unknown } | null;
      if (body?.code === MAINTENANCE.code) {
        const channel = new BroadcastChannel(MAINTENANCE_CHANNEL);
        channel.postMessage({ detail: typeof body.detail === 'string' ? body.detail : MAINTENANCE.message } satisfies MaintenanceSignal);
        channel.close();
      }
    }
    return response;
  };
}
