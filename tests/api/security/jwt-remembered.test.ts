import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../../server/lib/jwt';

const SECRET = 'a-secret-of-this-test-only-0123456789';
const NOW = Date.UTC(2026, 0, 5, 10, 0, 0);

describe('a token whose signature was already checked', () => {
  it('still expires, keeps its type, and is not valid under another secret', async () => {
    const token = await signToken('access', 7, 60, SECRET, NOW);
    expect((await verifyToken(token, 'access', SECRET, NOW))?.user_id).toBe(7);
    expect((await verifyToken(token, 'access', SECRET, NOW + 30_000))?.user_id).toBe(7);
    expect(await verifyToken(token, 'refresh', SECRET, NOW)).toBeNull();
    expect(await verifyToken(token, 'access', SECRET, NOW + 60_000)).toBeNull();
    expect(await verifyToken(token, 'access', 'another-secret-of-this-test-0123456789', NOW)).toBeNull();
  });
});
