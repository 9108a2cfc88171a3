// The broker token of POST iam/rabbitmq/token (spec 7): the STOMP passcode a browser presents to
// the broker, embedded or RabbitMQ. It is short-lived and bound to one user: `<payload>.<mac>`,
// the payload naming the user and the expiry, the MAC an HMAC-SHA256 under a key derived from the
// API's secret key, so every API process with the same key accepts it and nothing is stored.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a token may be used to connect (an open connection is not cut when it expires). */
export const BROKER_TOKEN_TTL_MS = 5 * 60_000;

export interface BrokerTokens {
  issue(userId: string, now: Date): string;
  /** The user id the token is bound to, or null for anything but a valid, unexpired token. */
  verify(token: string, now: Date): string | null;
}

interface Payload {
  /** The user id. */
  u: string;
  /** Expiry, milliseconds since the epoch. */
  e: number;
  /** A nonce: two tokens are never equal. */
  n: string;
}

export function createBrokerTokens(secretKey: Buffer): BrokerTokens {
  const key = createHmac('sha256', secretKey).update('portal broker token v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    issue(userId, now) {
      const payload: Payload = { u: userId, e: now.getTime() + BROKER_TOKEN_TTL_MS, n: randomBytes(9).toString('base64url') };
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
        if (typeof payload.u !== 'string' || typeof payload.e !== 'number') return null;
        return payload.e > now.getTime() ? payload.u : null;
      } catch {
        return null;
      }
    },
  };
}
