import { z } from 'zod';

/**
 * A signed-in session (product-frame.md §3 "Active session": userId, sessionStart), one per
 * sign-in on a device: its tokens carry its id, a refresh keeps it alive, and it ends by signing
 * out, by a superuser's terminate, by a newer sign-in beyond the maximum, or by idling past the
 * session timeout (issue 23).
 */
export const activeSessionSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  username: z.string(),
  sessionStart: z.string(),
  /** The last sign-in or refresh: the session times out this long after it. */
  lastActivity: z.string(),
  /** The browser or app that signed in (its user agent, shortened). */
  device: z.string(),
  clientAddress: z.string(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const SESSION_END_REASONS = ['signed-out', 'terminated', 'replaced', 'timed-out'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
