import { describe, expect, it } from 'vitest';
import { decodeToken, isTokenExpired } from '../../domain/auth';

const NOW_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** An HS256-shaped token; the signature is junk because the client never verifies it. */
function token(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}
const accessExpiringIn = (seconds: number) => token({ token_type: 'access', exp: NOW_S + seconds, iat: NOW_S - 240, jti: 'abc', user_id: 3 });

describe('isTokenExpired (product-frame.md §5)', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
  ])('treats a missing token (%s) as expired', (_what, value) => {
    expect(isTokenExpired(value, NOW_MS)).toBe(true);
  });

  it.each([
    ['not a JWT', 'garbage'],
    ['a payload that is not base64 JSON', 'aaa.%%%.bbb'],
    ['a payload that is JSON but not claims', token({ hello: 'world' })],
    ['claims without exp', token({ token_type: 'access', iat: NOW_S, jti: 'x', user_id: 1 })],
    ['a payload that is not JSON', `${base64url({ alg: 'HS256' })}.${base64url('not json')}.sig`],
  ])('treats an undecodable token (%s) as expired', (_what, value) => {
    expect(decodeToken(value)).toBeNull();
    expect(isTokenExpired(value, NOW_MS)).toBe(true);
  });

  it.each([
    ['already expired', -10],
    ['expiring now', 0],
    ['with 1 s left', 1],
    ['with 59 s left', 59],
    ['with 59.5 s left', 59.5],
  ])('treats a token %s as expired (under 60 s left)', (_what, seconds) => {
    expect(isTokenExpired(accessExpiringIn(seconds), NOW_MS)).toBe(true);
  });

  it.each([
    ['exactly 60 s left', 60],
    ['61 s left', 61],
    ['5 minutes left', 300],
    ['7 days left', 7 * 86400],
  ])('treats a token with %s as fine', (_what, seconds) => {
    expect(isTokenExpired(accessExpiringIn(seconds), NOW_MS)).toBe(false);
  });

  it('reads the claims of a well-formed token', () => {
    expect(decodeToken(accessExpiringIn(300))).toEqual({ token_type: 'access', exp: NOW_S + 300, iat: NOW_S - 240, jti: 'abc', user_id: 3 });
  });

  it('decodes base64url payloads with characters outside ASCII', () => {
    const claims = { token_type: 'refresh', exp: NOW_S + 600, iat: NOW_S, jti: 'ünïcødé-€', user_id: 9 };
    expect(decodeToken(token(claims))).toEqual(claims);
  });
});
