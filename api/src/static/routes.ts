import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HELP_CACHE_MS, REMOTES } from '@portal/shared/server';
import type { NotFoundFallback } from '../http/errors';
import { loadRemoteManifests, remotePrefix } from './remotes';

export interface StaticOptions {
  /** Holds `host/dist` and `mfe-<name>/dist`. */
  staticDir: string;
  remotesJson?: string;
}

// webpack names long-lived assets `<name>.<contenthash>.<ext>` (chunks, the host's main entry) or `<hash><ext>` (images,
// fonts); everything else (index.html, remoteEntry.js, mf-manifest.json) must be
// revalidated (ETag, 304) so that a new deployment is seen at once.
const HASHED_ASSET = /(^|[.-])[0-9a-f]{8,}\.[a-z0-9]+$/i;
// The build's .br and .gz siblings (shared/federation/precompress.cjs), chosen by Accept-Encoding.
const PRECOMPRESSED = /\.(br|gz)$/;
const NOT_THE_PORTAL = /^\/(api|events|remotes|help)(\/|$)/;
const FILE_LIKE = /\/[^/]+\.[a-z0-9]{1,8}$/i;

/** `file` is the one sent: the sibling `x.js.br` is cached as `x.js` is. */
export function cacheControlOf(file: string): string {
  const served = path.basename(file).replace(PRECOMPRESSED, '');
  return HASHED_ASSET.test(served) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function cacheHeaders(reply: FastifyReply, file: string): void {
  reply.header('cache-control', cacheControlOf(file));
}

/** If-None-Match (a list, `*`, weak validators compared weakly as RFC 9110 13.1.2 says) vs `etag`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (NOT_THE_PORTAL.test(pathname) || pathname === '/remotes.json') return false;
  // A missing script stays a 404; a deep link with a dot in it (an app key) is still a page.
  return !FILE_LIKE.test(pathname) || (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built host at `/`, each remote at `/remotes/<name>/` (cross-origin readable) and
 * `/remotes.json`. Missing builds only warn: the API runs without them and serves them once
 * they appear. Returns the SPA fallback: deep links answer with the host's index.html.
 */
export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<NotFoundFallback> {
  const hostDist = path.join(options.staticDir, 'host', 'dist');
  const missing = [hostDist, ...REMOTES.map((remote) => path.join(options.staticDir, remote, 'dist'))].filter(
    (dir) => !existsSync(dir),
  );
  if (missing.length > 0) {
    app.log.warn({ missing }, 'some packages are not built yet; run `npm run build` to serve them');
  }

  // `preCompressed`: the .br, else the .gz sibling of a file when the request accepts it (with its
  // own Content-Type, Content-Length and `Vary: Accept-Encoding`), else the file; the SPA fallback's
  // sendFile too. ETag and Last-Modified (on by default) answer revalidations with 304.
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    suppressWarning: true,
    setHeaders: (reply, file) => cacheHeaders(reply, file),
  });
  for (const remote of REMOTES) {
    await app.register(fastifyStatic, {
      root: path.join(options.staticDir, remote, 'dist'),
      prefix: remotePrefix(remote),
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      suppressWarning: true,
      setHeaders: (reply, file) => {
        // The host may live on another origin and fetches mf-manifest.json with CORS.
        reply.header('access-control-allow-origin', '*');
        cacheHeaders(reply, file);
      },
    });
  }

  // The online help documents (spec 7: Login and Multifactor Authentication help), which the
  // browser caches for 5 minutes (spec 9).
  await app.register(fastifyStatic, {
    root: path.join(options.staticDir, 'docs', 'help'),
    prefix: '/help/',
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'ignore',
    suppressWarning: true,
    setHeaders: (reply) => {
      reply.header('cache-control', `public, max-age=${HELP_CACHE_MS / 1000}`);
      reply.header('content-type', 'text/markdown; charset=utf-8');
    },
  });

  // Revalidated on every page load (no-cache): an ETag of its content lets an unchanged answer be
  // a bodiless 304.
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    const body = JSON.stringify(await loadRemoteManifests(options.remotesJson));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  return async (request, reply) => {
    if (!wantsPage(request)) return false;
    if (!existsSync(path.join(hostDist, 'index.html'))) {
      await reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The portal has not been built yet: run `npm run build`, then reload.');
      return true;
    }
    await reply.header('cache-control', 'no-cache').sendFile('index.html', hostDist, { cacheControl: false });
    return true;
  };
}
