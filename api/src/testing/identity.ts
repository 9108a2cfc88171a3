// Helpers for the identity API tests: users made through the CLI command, cookies read as a
// browser would keep them.
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/shared/server';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createUserCommand } from '../cli/users';
import type { Clock } from '../identity/clock';

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

/**
 * Makes `app.inject` send the CSRF header as the shared API client does, unless a test sets that
 * header itself (to see the refusal without it, set it to '').
 */
export function likeTheApiClient(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const patched = (options: InjectOptions) =>
    inject({ ...options, headers: { [CSRF_HEADER.toLowerCase()]: CSRF_HEADER_VALUE, ...options.headers } });
  app.inject = patched as typeof app.inject;
  return app;
}

/** The answer is a problem+json document of that status and detail (the catalogue's message). */
export function expectProblem(response: LightMyRequestResponse, status: number, detail: string | undefined): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status, detail });
}
