import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../../server/lib/jwt';

/*
 * Tokens made by the hand-written signer this module replaced (issue 16), with this secret at
 * 2026-01-15 09:30:00 UTC for user 42: a device signed in before the change must stay signed in.
 */
const SECRET = 'fabops-test-secret-0123456789-abcdefghijklmnopqrstuv';
const ISSUED_MS = Date.UTC(2026, 0, 15, 9, 30, 0);
const OLD_ACCESS =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwiZXhwIjoxNzY4NDY5NzAwLCJpYXQiOjE3Njg0Njk0MDAsImp0aSI6ImM2ZmZiYjAzYzgzNTQ2ZGU4YmFlOWFiODNlMDI5ZmNmIiwidXNlcl9pZCI6NDJ9.LRA-iFyEzeEdHqFmSSiOE5uGbDmQECF-AFyCZrOgnXA';
const OLD_REFRESH =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoicmVmcmVzaCIsImV4cCI6MTc2OTA3NDIwMCwiaWF0IjoxNzY4NDY5NDAwLCJqdGkiOiJkODlhYWQ4MTY0Y2M0MTFhYTc0MDQ5NTFmNGFmODBiNiIsInVzZXJfaWQiOjQyfQ.TM7aan934d28DpJSmjvv21KMMXqIh1BvP6Mj03YGmVw';
const ACCESS_EXPIRES_MS = Date.UTC(2026, 0, 15, 9, 35, 0);
const A_MINUTE_LATER = ISSUED_MS + 60_000;

const segments = (token: string) => token.split('.') as [string, string, string];
const decoded = (segment: string): unknown => JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
const rewritten = (token: string, changes: Record<string, unknown>) => {
  const [header, payload, signature] = segments(token);
  const claims = { ...(decoded(payload) as object), ...changes };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
};

describe('tokens issued before the move to jose', () => {
  it('an access token of the old signer is accepted with its claims', async () => {
    expect(await verifyToken(OLD_ACCESS, 'access', SECRET, A_MINUTE_LATER)).toEqual({
      token_type: 'access',
      exp: 1768469700,
      iat: 1768469400,
      jti: 'c6ffbb03c83546de8bae9ab83e029fcf',
      user_id: 42,
    });
  });

  it('a refresh token of the old signer is accepted with its claims', async () => {
    expect(await verifyToken(OLD_REFRESH, 'refresh', SECRET, A_MINUTE_LATER)).toEqual({
      token_type: 'refresh',
      exp: 1769074200,
      iat: 1768469400,
      jti: 'd89aad8164cc411aa7404951f4af80b6',
      user_id: 42,
    });
  });
});

describe('the token the new signer makes', () => {
  it('has the old header and the simplejwt claims in the old order', async () => {
    const [header, payload] = segments(await signToken('access', 42, 300, SECRET, ISSUED_MS));
    expect(header).toBe('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9');
    const claims = decoded(payload) as Record<string, unknown>;
    expect(Object.keys(claims)).toEqual(['token_type', 'exp', 'iat', 'jti', 'user_id']);
    expect(claims).toMatchObject({ token_type: 'access', exp: 1768469700, iat: 1768469400, user_id: 42 });
    expect(claims.jti).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives every token its own id', async () => {
    const [first, second] = await Promise.all([signToken('refresh', 42, 60, SECRET, ISSUED_MS), signToken('refresh', 42, 60, SECRET, ISSUED_MS)]);
    expect(decoded(segments(first)[1])).not.toEqual(decoded(segments(second)[1]));
  });
});

describe('refused tokens', () => {
  it('an access token is good until the second it expires, and refused from then on', async () => {
    expect(await verifyToken(OLD_ACCESS, 'access', SECRET, ACCESS_EXPIRES_MS - 1)).not.toBeNull();
    expect(await verifyToken(OLD_ACCESS, 'access', SECRET, ACCESS_EXPIRES_MS)).toBeNull();
  });

  it('a refresh token is not an access token, nor the other way round', async () => {
    expect(await verifyToken(OLD_REFRESH, 'access', SECRET, A_MINUTE_LATER)).toBeNull();
    expect(await verifyToken(OLD_ACCESS, 'refresh', SECRET, A_MINUTE_LATER)).toBeNull();
  });

  it('claims rewritten under the old signature are refused', async () => {
    expect(await verifyToken(rewritten(OLD_ACCESS, { user_id: 1 }), 'access', SECRET, A_MINUTE_LATER)).toBeNull();
    expect(await verifyToken(rewritten(OLD_REFRESH, { token_type: 'access' }), 'access', SECRET, A_MINUTE_LATER)).toBeNull();
  });

  it('a changed signature is refused', async () => {
    const [header, payload] = segments(OLD_ACCESS);
    expect(await verifyToken(`${header}.${payload}.MRA-iFyEzeEdHqFmSSiOE5uGbDmQECF-AFyCZrOgnXA`, 'access', SECRET, A_MINUTE_LATER)).toBeNull();
  });

  it('a token signed with another secret is refused', async () => {
    expect(await verifyToken(OLD_ACCESS, 'access', 'x'.repeat(48), A_MINUTE_LATER)).toBeNull();
  });

  it('only HS256 is accepted: an unsigned token and an HS512 token with the right secret are refused', async () => {
    const [, payload] = segments(OLD_ACCESS);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect(await verifyToken(unsigned, 'access', SECRET, A_MINUTE_LATER)).toBeNull();
    const hs512 = await new SignJWT(decoded(payload) as Record<string, unknown>).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(new TextEncoder().encode(SECRET));
    expect(await verifyToken(hs512, 'access', SECRET, A_MINUTE_LATER)).toBeNull();
  });

  it('a token without an expiry is refused', async () => {
    const claims = { token_type: 'access', iat: 1768469400, jti: 'c6ffbb03c83546de8bae9ab83e029fcf', user_id: 42 };
    const endless = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(SECRET));
    expect(await verifyToken(endless, 'access', SECRET, A_MINUTE_LATER)).toBeNull();
  });

  it('garbage is refused, not thrown', async () => {
    for (const garbage of ['', 'garbage', 'a.b.c', `${segments(OLD_ACCESS)[0]}.bm90IGpzb24.sig`]) {
      expect(await verifyToken(garbage, 'access', SECRET, A_MINUTE_LATER)).toBeNull();
    }
  });
});
