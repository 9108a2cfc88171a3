// The broker token of POST iam/rabbitmq/token (spec 7): the STOMP passcode a browser presents to
// the broker, embedded or RabbitMQ. It is short-lived and bound to one user and to the session it
// was issued to: `<payload>.<mac>`, the payload naming the user, the session and the expiry, the
// MAC an HMAC-SHA256 under a key derived from the API's secret key, so every API process with the
// same key accepts it and nothing is stored. The browser's endpoint accepts a token only with the
// cookie of that same session (browser-policy.ts): one leaked from a session is useless in another.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a token may be used to connect (an open connection is not cut when it expires). */
export const BROKER_TOKEN_TTL_MS = 5 * 60_000;

/** Whom a valid token was issued to. */
export interface BrokerTokenHolder {
  userId: string;
  /** The id of the session (its record, not its secret) that asked for the token. */
  sessionId: string;
}

export interface BrokerTokens {
  issue(holder: BrokerTokenHolder, now: Date): string;
  /** Whom the token was issued to, or null for anything but a valid, unexpired token. */
  verify(token: string, now: Date): BrokerTokenHolder | null;
}

interface Payload {
  /** The user id. */
  u: string;
  /** The session id. */
  s: string;
  /** Expiry, milliseconds since the epoch. */
  e: number;
  /** A nonce: two tokens are never equal. */
  n: string;
}

export function createBrokerTokens(secretKey: Buffer): BrokerTokens {
  // v2: tokens name their session (v1 tokens, bound to the user only, are no longer accepted).
  const key = createHmac('sha256', secretKey).update('portal broker token v2').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    issue({ userId, sessionId }, now) {
      const payload: Payload = { u: userId, s: sessionId, e: now.getTime() + BROKER_TOKEN_TTL_MS, n: randomBytes(9).toString('base64url') };
      const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${encoded}.${mac(encoded).toString('base64url')}`;
    },
    verify(token, now) {
      const [encoded, signature, extra] = token.split('.');
      if (!encoded || !signature || extra !== undefined) return null;
      const expected = mac(encoded);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<Payload>;
        if (typeof payload.u !== 'string' || typeof payload.s !== 'string' || typeof payload.e !== 'number') return null;
        return payload.e > now.getTime() ? { userId: payload.u, sessionId: payload.s } : null;
      } catch {
        return null;
      }
    },
  };
}
