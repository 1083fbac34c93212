import { z } from 'zod';
import type { Department } from './departments';
import { can, type Permission, type PermissionSubject } from './permissions';
import { matchesRole } from './roles';

/**
 * Live updates (server-sent events): what changed, told to the users it concerns so that their
 * screens refresh. An event carries ids and counts, never the rows themselves: a screen that
 * hears of a change reads it through the API, under that user's permissions.
 */
export const LIVE_CHANNELS = ['messages', 'dashboards', 'files'] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];

/** Who hears an event: every condition given must hold (none given: everyone signed in). */
export interface LiveAudience {
  readonly users?: readonly number[];
  readonly departments?: readonly Department[];
  readonly permission?: Permission;
}

export const liveEventSchema = z.object({
  channel: z.enum(LIVE_CHANNELS),
  data: z.record(z.string(), z.unknown()),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The stream's path under /api/v1 (defined with the other paths), and its query: the channels wanted, comma-separated (all when omitted). */
export { LIVE_PATH } from './api-paths';
export const liveQuerySchema = z.object({
  channels: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [...LIVE_CHANNELS];
      const names = value.split(',');
      const unknown = names.filter((name) => !(LIVE_CHANNELS as readonly string[]).includes(name));
      const known = LIVE_CHANNELS.join(', ');
      if (names.includes('')) ctx.addIssue({ code: 'custom', message: `Name the channels, comma-separated (${known}), or leave the parameter out for all.` });
      else if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown channel: ${unknown.join(', ')}. Known: ${known}.` });
      return names as LiveChannel[];
    }),
});

export function mayReceive(user: PermissionSubject & { readonly id: number }, audience: LiveAudience): boolean {
  if (audience.users && !audience.users.includes(user.id)) return false;
  if (audience.departments && !matchesRole(user, { departments: audience.departments })) return false;
  return !audience.permission || can(user, audience.permission);
}

export interface ServerSentEvent {
  event: string;
  data: string;
}

/** The events of a text/event-stream body as they arrive (comments and heartbeats skipped). */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length) yield { event, data: data.join('\n') };
      }
    }
  } finally {
    reader.releaseLock();
  }
}
