import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { tokenClaimsSchema, type TokenClaims } from '../../domain/auth';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export function signToken(type: TokenClaims['token_type'], userId: number, lifetimeSeconds: number, secret: string, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: TokenClaims = { token_type: type, exp: iat + Math.floor(lifetimeSeconds), iat, jti: randomUUID().replace(/-/g, ''), user_id: userId };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${signature(body, secret)}`;
}

/** The claims of a well-signed, unexpired token of the wanted type; null otherwise. */
export function verifyToken(token: string, type: TokenClaims['token_type'], secret: string, nowMs = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(signature(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = tokenClaimsSchema.safeParse(JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')));
    if (!claims.success || claims.data.token_type !== type || claims.data.exp <= nowMs / 1000) return null;
    return claims.data;
  } catch {
    return null;
  }
}
