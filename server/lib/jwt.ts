import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { tokenClaimsSchema, type TokenClaims } from '../../domain/auth';

/**
 * HS256 over the secret's UTF-8 bytes, header {"alg":"HS256","typ":"JWT"} and the claims in
 * simplejwt's order: the same bytes the hand-written signer made, so tokens it issued still verify.
 */
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** `sessionId` names the sign-in the token belongs to (its `sid`, server/modules/sessions). */
export async function signToken(type: TokenClaims['token_type'], userId: number, lifetimeSeconds: number, secret: string, nowMs = Date.now(), sessionId?: string): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const claims: TokenClaims = { token_type: type, exp: iat + Math.floor(lifetimeSeconds), iat, jti: randomUUID().replace(/-/g, ''), user_id: userId, ...(sessionId ? { sid: sessionId } : {}) };
  return new SignJWT(claims).setProtectedHeader(HEADER).sign(keyOf(secret));
}

/**
 * Signatures already checked, per secret, until the token expires: a client sends the same access
 * token with every call for minutes, and the HMAC through WebCrypto was the largest fixed cost of a
 * list call (issue 16's list-call budget). Only the signature is remembered; expiry is checked on
 * every call, and what a token's user may do is read from the user's row as before.
 */
const verified = new Map<string, Map<string, TokenClaims>>();
const VERIFIED_MAX = 10_000;

/** The claims of a well-signed, unexpired token of the wanted type; null otherwise. */
export async function verifyToken(token: string, type: TokenClaims['token_type'], secret: string, nowMs = Date.now()): Promise<TokenClaims | null> {
  const known = verified.get(secret)?.get(token);
  if (known) return known.exp > Math.floor(nowMs / 1000) && known.token_type === type ? known : null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [HEADER.alg], typ: HEADER.typ, requiredClaims: ['exp'], currentDate: new Date(nowMs) });
    const claims = tokenClaimsSchema.safeParse(payload);
    if (!claims.success) return null;
    remember(secret, token, claims.data);
    return claims.data.token_type === type ? claims.data : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

function remember(secret: string, token: string, claims: TokenClaims): void {
  let tokens = verified.get(secret);
  if (!tokens) verified.set(secret, (tokens = new Map()));
  // A bound on memory, not a cache policy: starting afresh only costs one verification per token.
  if (tokens.size >= VERIFIED_MAX) tokens.clear();
  tokens.set(token, claims);
}
