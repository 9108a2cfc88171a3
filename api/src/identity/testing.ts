// Helpers for the identity API tests: users made through the CLI command, cookies read as a
// browser would keep them.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createUserCommand } from '../users/commands';
import type { Clock } from './clock';

export const PASSWORD = 'Str0ng!Pass';

export async function createTestUser(app: FastifyInstance, login: string, now: Clock, ...extra: string[]): Promise<void> {
  const result = await createUserCommand(
    app.database,
    ['--login', login, '--email', `${login}@example.com`, '--name', `User ${login}`, '--password', PASSWORD, ...extra],
    now,
  );
  if (result.code !== 0) throw new Error(result.lines.join('\n'));
}

export interface SessionCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
}

/** The session cookie a response sets; fails the test when there is none. */
export function sessionCookie(response: LightMyRequestResponse): SessionCookie {
  const cookie = (response.cookies as SessionCookie[]).find((candidate) => candidate.name.endsWith('portal_session'));
  if (!cookie) throw new Error(`no session cookie in a ${response.statusCode} answer: ${response.body}`);
  return cookie;
}

export function withCookie(cookie: SessionCookie): { cookie: string } {
  return { cookie: `${cookie.name}=${cookie.value}` };
}
