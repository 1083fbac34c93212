import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_PATH, liveQuerySchema, mayReceive } from '../../../domain/live';
import { currentUser } from '../../plugins/auth';
import type { LiveHub } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/** A comment line now and then: proxies and the server's idle timeout would otherwise cut a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Live updates as server-sent events, read with fetch (the client sends its `Authorization`
 * header, which EventSource cannot). A stream lasts no longer than an access token: a user
 * deactivated meanwhile stops hearing within that time, and the client reconnects with its
 * renewed token.
 */
export default async function liveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const open = new Set<() => void>();
  // Open streams would hold the server's close: end them first.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(LIVE_PATH, { config: { access: 'signed-in' }, schema: { tags: ['live'], querystring: liveQuerySchema } }, (req, reply) => {
    const user = currentUser(req);
    const channels = new Set(req.query.channels);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': req.id,
    });
    let sequence = 0;
    res.write(': connected\n\n');
    const unsubscribe = app.live.subscribe((event) => {
      if (!channels.has(event.channel) || !mayReceive(user, event.audience)) return;
      res.write(`id: ${++sequence}\nevent: ${event.channel}\ndata: ${JSON.stringify(event.data)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const expiry = setTimeout(() => end(), app.config.ACCESS_TOKEN_MINUTES * 60_000);
    const end = () => {
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(expiry);
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    res.on('close', end);
  });
}
