import type { FastifyReply, FastifyRequest } from 'fastify';

const NAME = 'portal_session';
// Under https the `__Host-` prefix makes the browser refuse the cookie unless it is Secure, has
// Path=/ and no Domain: no subdomain or plain-http page can plant or overwrite it.
const SECURE_NAME = `__Host-${NAME}`;

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function sessionCookieName(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_NAME : NAME;
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request)];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(request), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isHttps(request),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(request), { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps(request) });
}
