// The broker token: bound to one user and one session, valid 5 minutes, refused when altered or
// signed with another key.
import { randomBytes } from 'node:crypto';
import { BROKER_TOKEN_TTL_MS, createBrokerTokens } from './token';

describe('broker tokens', () => {
  const tokens = createBrokerTokens(randomBytes(32));
  const now = new Date('2030-01-01T00:00:00Z');
  const holder = { userId: 'user-1', sessionId: 'session-1' };

  it('names the user and session it was issued to until it expires', () => {
    const token = tokens.issue(holder, now);
    expect(tokens.verify(token, now)).toEqual(holder);
    expect(tokens.verify(token, new Date(now.getTime() + BROKER_TOKEN_TTL_MS - 1))).toEqual(holder);
    expect(tokens.verify(token, new Date(now.getTime() + BROKER_TOKEN_TTL_MS))).toBeNull();
    expect(tokens.issue(holder, now)).not.toBe(token);
  });

  it('refuses an altered token, another key and anything else', () => {
    const token = tokens.issue(holder, now);
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ u: 'user-2', s: 'session-1', e: now.getTime() + 60_000, n: 'x' })).toString('base64url');
    expect(tokens.verify(`${forged}.${mac}`, now)).toBeNull();
    expect(tokens.verify(`${payload}.${mac}x`, now)).toBeNull();
    expect(createBrokerTokens(randomBytes(32)).verify(token, now)).toBeNull();
    for (const other of ['', 'guest', `${token}.x`, '.']) expect(tokens.verify(other, now)).toBeNull();
  });
});
