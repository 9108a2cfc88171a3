import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, problemSchema, sendProblem } from '../http/problem';
import { setSessionCookie } from '../http/session-cookie';
import { completeOidcSignIn, OIDC_FAILURE_MESSAGE, OIDC_REQUEST_MS, startOidcSignIn, type OidcClient } from './oidc';
import { IdentityProblem } from '../http/answer';
import type { IdentityContext } from '../identity/context';

/** The `type` of the message the callback page posts to the window that opened it. */
export const OIDC_MESSAGE_TYPE = 'portal:msal';
const CALLBACK_PATH = '/api/sessions/msal/callback';
const BINDING_NAME = 'portal_msal';

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

// The `__Host-` prefix under https, as for the session cookie: no subdomain can plant one.
function bindingCookieName(request: FastifyRequest): string {
  return isHttps(request) ? `__Host-${BINDING_NAME}` : BINDING_NAME;
}

function bindingCookieOptions(request: FastifyRequest) {
  // Lax: the provider's redirect back is a top-level GET navigation, which carries Lax cookies.
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isHttps(request) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The page the popup ends on. The content security policy allows no inline script: the result
 * travels in data attributes and callback.js (same origin) posts it to the opener.
 */
export function callbackPage(result: { ok: boolean; origin: string | undefined; message?: string }): string {
  const text = result.ok ? 'Signed in. This window closes itself.' : (result.message ?? OIDC_FAILURE_MESSAGE);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Sign in</title>
<script src="callback.js" defer></script>
</head>
<body>
<p id="portal-msal" data-origin="${escapeHtml(result.origin ?? '')}" data-ok="${result.ok}" data-message="${
    result.ok ? '' : escapeHtml(text)
  }">${escapeHtml(text)}</p>
</body>
</html>
`;
}

export const CALLBACK_SCRIPT = `(function () {
  var result = document.getElementById('portal-msal');
  if (!result) return;
  var origin = result.getAttribute('data-origin');
  var message = { type: '${OIDC_MESSAGE_TYPE}', ok: result.getAttribute('data-ok') === 'true' };
  var text = result.getAttribute('data-message');
  if (text) message.message = text;
  if (window.opener && origin) window.opener.postMessage(message, origin);
  window.close();
})();
`;

export interface OidcRoutesOptions {
  identity: IdentityContext;
  oidc: OidcClient;
  /** Unset: `<request origin>/api/sessions/msal/callback`. */
  redirectUrl?: string;
}

/** GET sessions/msal/signin and the provider's way back; registered only when OIDC_* is set. */
export async function oidcRoutes(app: FastifyInstance, { identity, oidc, redirectUrl }: OidcRoutesOptions): Promise<void> {
  const tags = ['sessions'];
  const redirectUri = (request: FastifyRequest) => redirectUrl ?? `${request.protocol}://${request.host}${CALLBACK_PATH}`;

  app.get(
    '/sessions/msal/signin',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The authorization URL of the OpenID Connect sign-in, to open in a popup',
        querystring: {
          type: 'object',
          required: ['state'],
          properties: {
            state: { type: 'string', minLength: 1, maxLength: 2048, description: 'base64 of JSON {id: uuid, origin: window origin}' },
          },
        },
        response: {
          200: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
          400: problemSchema,
          502: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { state } = request.query as { state: string };
      reply.header('cache-control', 'no-store');
      try {
        const started = await startOidcSignIn(identity, oidc, { state, redirectUri: redirectUri(request) });
        reply.setCookie(bindingCookieName(request), started.binding, {
          ...bindingCookieOptions(request),
          maxAge: OIDC_REQUEST_MS / 1000,
        });
        return { url: started.url };
      } catch (error) {
        if (error instanceof IdentityProblem) return sendProblem(reply, problem(error.status, error.detail));
        request.log.warn({ err: error }, 'OpenID Connect provider unavailable');
        return sendProblem(reply, problem(502, OIDC_FAILURE_MESSAGE));
      }
    },
  );

  app.get(
    '/sessions/msal/callback',
    {
      config: { permission: 'public' },
      schema: { tags, summary: "The provider's answer: signs the user in and posts the result to the opener" },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const binding = request.cookies[bindingCookieName(request)];
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      reply.clearCookie(bindingCookieName(request), bindingCookieOptions(request));
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const result = await completeOidcSignIn(identity, oidc, { binding, query });
      if (!result.ok) {
        request.log.info({ reason: result.reason, err: result.error }, 'OpenID Connect sign-in refused');
        return callbackPage({ ok: false, origin: result.origin, message: OIDC_FAILURE_MESSAGE });
      }
      setSessionCookie(request, reply, result.issued.token);
      return callbackPage({ ok: true, origin: result.origin });
    },
  );

  app.get('/sessions/msal/callback.js', { schema: { hide: true }, config: { permission: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(CALLBACK_SCRIPT),
  );
}
