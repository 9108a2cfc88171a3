import { stat } from 'node:fs/promises';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/shared/server';
import { API_KEY_HEADER } from './api-key';
import { sessionCookieName } from './session-cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { problem, sendProblem } from './problem';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The remotes file may change while the API runs (it is read per request); the
// policy follows within this long without reading the file for every response.

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * CSRF defence besides SameSite=Lax: a state-changing API call must carry the header the shared
 * client always sends. A cross-site form cannot set it, and a cross-site fetch that sets it needs
 * a CORS preflight the API never grants. A call with a service module's key (a CI pipeline's
 * X-Api-Key) carries a custom header too, which is the same proof.
 */
export function isCsrfSafe(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return true;
  if (request.headers[API_KEY_HEADER] !== undefined) return true;
  return request.headers[CSRF_HEADER.toLowerCase()] === CSRF_HEADER_VALUE;
}

/** HSTS for a year, subdomains included: sent on https answers only (RFC 6797 8.1: never over http). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * An API request that presents credentials (the session cookie or X-Api-Key): its answer, whatever
 * it is (an error too), is the caller's own and must not be kept by the browser or a proxy cache.
 */
function presentsCredentials(app: FastifyInstance, request: FastifyRequest): boolean {
  if (!isApiPath(request.url)) return false;
  if (request.headers[API_KEY_HEADER] !== undefined) return true;
  // The CSRF refusal answers before @fastify/cookie has parsed the header.
  const cookies = request.cookies ?? app.parseCookie(request.headers.cookie ?? '');
  return cookies[sessionCookieName(request)] !== undefined;
}

/** The distinct origins of absolute manifest URLs; relative ones are served by the API ('self'). */
export function remoteOrigins(manifests: Readonly<Record<string, string>>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(manifests)) {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // An unparsable URL loads nothing, so it needs no place in the policy.
    }
  }
  return [...origins].sort();
}

/**
 * The Content-Security-Policy of the composed portal. Module federation loads each remote's
 * manifest by fetch (connect-src) and its chunks by <script> tags (script-src) from the remote's
 * origin; Chakra/emotion inject <style> elements ('unsafe-inline' styles); the two-factor QR code
 * is a data: image; the real-time broker is a WebSocket to this origin. Frames are this origin's
 * (document previews) and, when configured, the Grafana dashboard's of the POC screen.
 */
export function contentSecurityPolicy(
  origins: readonly string[],
  websocketOrigins: readonly string[] = [],
  frameOrigins: readonly string[] = [],
): string {
  const remote = origins.length > 0 ? ` ${origins.join(' ')}` : '';
  const sockets = websocketOrigins.length > 0 ? ` ${websocketOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${remote}`,
    `style-src 'self' 'unsafe-inline'${remote}`,
    `img-src 'self' data:${remote}`,
    `font-src 'self' data:${remote}`,
    `connect-src 'self'${sockets}${remote}`,
    ...(frameOrigins.length > 0 ? [`frame-src 'self' ${frameOrigins.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** ws:// and wss:// of the origin the browser used ('self' covers them only in CSP level 3). */
function websocketOrigins(request: FastifyRequest): string[] {
  const host = request.host;
  return /^[A-Za-z0-9.:[\]-]+$/.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

/**
 * Registered on the root before any route: the CSRF check (onRequest) and the security headers of
 * every response (onSend), the 404 and error answers included: HSTS on https, `no-store` on the
 * answers of API calls with credentials (not on the static files, whose names carry their hash).
 */
export function registerSecurity(
  app: FastifyInstance,
  config: Config,
  /** Remote name → manifest URL, as /remotes.json serves it (the static family reads the file). */
  loadRemoteManifests: (file?: string) => Promise<Record<string, string>>,
): void {
  // Keyed by the manifest file's modification time: a repointed remote is allowed from its very
  // next page load, as /remotes.json serves it at once.
  let cached: { origins: string[]; version: number } | undefined;
  const manifestVersion = async (): Promise<number> => {
    if (!config.remotesJson) return 0;
    try {
      return (await stat(config.remotesJson)).mtimeMs;
    } catch {
      return -1;
    }
  };
  const origins = async (): Promise<string[]> => {
    const version = await manifestVersion();
    if (cached && cached.version === version) return cached.origins;
    let found: string[];
    try {
      found = remoteOrigins(await loadRemoteManifests(config.remotesJson));
    } catch (error) {
      // A broken remotes file (reported by /remotes.json) must not take the headers down.
      app.log.warn({ err: error }, 'remote origins unreadable: the policy names only this origin');
      found = [];
    }
    cached = { origins: found, version };
    return found;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (isCsrfSafe(request)) return;
    request.log.info({ method: request.method, url: request.url }, `refused: no ${CSRF_HEADER} header`);
    return sendProblem(reply, problem(403));
  });

  // The POC Grafana screen's iframe (issue 25 item 3), only while the POC group is on.
  const frameOrigins = config.pocFeatures && config.grafanaDashboardUrl ? [new URL(config.grafanaDashboardUrl).origin] : [];
  app.addHook('onSend', async (request, reply) => {
    // request.protocol is the TLS socket's, or X-Forwarded-Proto's with TRUST_PROXY.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (presentsCredentials(app, request)) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('content-security-policy', contentSecurityPolicy(await origins(), websocketOrigins(request), frameOrigins));
  });
}
