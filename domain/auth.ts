// zod/mini, not zod: the sign-in page checks tokens and its form with these, and the classic API would
// add some 25 KiB gzipped to the first download of every device (issue 16 §4). Same checks, same messages.
import * as z from 'zod/mini';

/** Storage keys of product-frame.md §3 (client-side storage). */
export const STORAGE_KEYS = { access: 'access', refresh: 'refresh', userId: 'user_id', profile: 'user_profile', modules: 'module_config', confirmedAt: 'session_confirmed_at' } as const;

/** A token counts as expired with under 60 seconds of life left (product-frame.md §5). */
export const TOKEN_EXPIRY_LEEWAY_SECONDS = 60;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** simplejwt-compatible claims. */
export const tokenClaimsSchema = z.object({
  token_type: z.enum(['access', 'refresh']),
  exp: z.number(),
  iat: z.number(),
  jti: z.string(),
  user_id: z.int(),
  /** The session (sign-in) the token belongs to; the server refuses tokens of ended sessions. */
  sid: z.optional(z.string()),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's claims without verifying it (the server verifies); null if undecodable. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(base64UrlDecode(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Expired when missing, undecodable, or with under 60 seconds of life left. */
export function isTokenExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const claims = decodeToken(token);
  if (!claims) return true;
  return claims.exp - nowMs / 1000 < TOKEN_EXPIRY_LEEWAY_SECONDS;
}

const notBlank = () => z.minLength(1, 'This field may not be blank.');

export const loginSchema = z.object({
  username: z.string().check(z.trim(), notBlank()),
  password: z.string().check(notBlank()),
});
export const refreshSchema = z.object({ refresh: z.string().check(notBlank()) });
export const verifySchema = z.object({ token: z.string().check(notBlank()) });

/** Refusals of the user-admin calls (issue 14: the Admin department cannot change the accounts that hold its own power). */
export const USER_ADMIN_MESSAGES = {
  superuserAccount: 'Only a superuser can change a superuser account.',
  adminAccount: 'Only a superuser can change the account of another Admin department user.',
  grantAdmin: 'Only a superuser can give an account the Admin department.',
  departmentRequired: 'Choose the department this account works in.',
  designationRequired: 'Choose the designation of this account.',
} as const;

export const AUTH_MESSAGES = {
  noActiveAccount: 'No active account found with the given credentials',
  invalidToken: 'Token is invalid or expired',
  blacklisted: 'Token is blacklisted',
  notAuthenticated: 'Authentication credentials were not provided.',
  userInactive: 'User is inactive',
  invalidPassword: 'Invalid password.',
  registrationClosed: 'New registrations are currently closed.',
  usernameTaken: 'A user with that username already exists.',
  cannotBlockSelf: 'You cannot block your own account.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  sessionTimedOut: 'Your session timed out after a period of inactivity. Please sign in again.',
} as const;

/**
 * Maintenance mode (issue 23): every call of a user who is not a superuser answers 503 with this
 * message and code, sign-in's refusal included; the app shows its maintenance screen.
 */
export const MAINTENANCE = {
  message: 'FabOps is down for maintenance. Your work is kept on this device and sent when it is back.',
  code: 'maintenance',
  retryAfterSeconds: 60,
} as const;

/** Session messages of product-frame.md §4 and §8. */
export const SESSION_MESSAGES = {
  initTimeout: 'User initialization timeout',
  noUserData: 'No user data received',
  noAccessToken: 'No access token available',
  noUserFromToken: 'Failed to load user data from token',
  authFailedPrefix: 'Failed to authenticate user: ',
} as const;
