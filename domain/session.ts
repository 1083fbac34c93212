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
  /** The browser and system that signed in, as deviceName() reads its user agent ('Chrome on Android'). */
  device: z.string(),
  clientAddress: z.string(),
  /** The app's build the device last called with; null before its first call that named one. */
  appVersion: z.string().nullable(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const SESSION_END_REASONS = ['signed-out', 'terminated', 'replaced', 'timed-out'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** One build of the app in use: how many live sessions and users run it, and when one last called. */
export interface BuildInUse {
  version: string | null;
  sessions: number;
  users: number;
  lastActivity: string;
}

/** The builds the live sessions run, the most used first (System Diagnostics: which devices still run an old app). */
export function buildsInUse(sessions: readonly ActiveSession[]): BuildInUse[] {
  const builds = new Map<string | null, { sessions: number; users: Set<number>; lastActivity: string }>();
  for (const session of sessions) {
    const build = builds.get(session.appVersion) ?? { sessions: 0, users: new Set<number>(), lastActivity: session.lastActivity };
    build.sessions++;
    build.users.add(session.userId);
    if (session.lastActivity > build.lastActivity) build.lastActivity = session.lastActivity;
    builds.set(session.appVersion, build);
  }
  return [...builds]
    .map(([version, b]) => ({ version, sessions: b.sessions, users: b.users.size, lastActivity: b.lastActivity }))
    .sort((a, b) => b.sessions - a.sessions || b.lastActivity.localeCompare(a.lastActivity));
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A device's name from its user agent, as a superuser recognises it in the sessions list
 * ('Chrome on Android', 'Edge on Windows'); a user agent of no known browser is kept as it is,
 * cut to 200 characters.
 */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (userAgent.trim().slice(0, 200) || 'Unknown device');
}
