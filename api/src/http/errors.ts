import { bodyTooLarge } from '@portal/shared/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { childPath, describeField, fieldName } from './hostile-values';
import { ApiProblem, messageForStatus, problem, sendProblem, type Problem } from './problem';

/** Answers a request no route took; resolves false to let it become a 404 problem. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** A JSON pointer's segment (RFC 6901: ~1 is '/', ~0 is '~'). */
const pointerSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * A schema failure as a 400 whose detail names the field and says what is wrong with it ('Data is
 * not valid: 'likelihood' must be <= 5.'), the catalogue's words first; every failure in `errors`.
 */
function validationProblem(error: FastifyError): Problem {
  const issues = (error.validation ?? []).map((issue) => {
    let path = issue.instancePath
      .split('/')
      .slice(1)
      .map(pointerSegment)
      .reduce<string>((parent, segment) => childPath(parent, /^\d+$/.test(segment) ? Number(segment) : segment), '');
    let message = issue.message ?? 'is not valid';
    const missing = issue.params?.missingProperty;
    if (issue.keyword === 'required' && typeof missing === 'string') {
      path = childPath(path, missing);
      message = 'is required';
    }
    return { path, message };
  });
  const part = error.validationContext;
  const [first] = issues;
  const detail = first ? `${messageForStatus(400).replace(/\.$/, '')}: ${describeField(part, first.path)} ${first.message}.` : messageForStatus(400);
  return { ...problem(400, detail), errors: issues.map(({ path, message }) => ({ field: fieldName(part, path), message })) };
}

/**
 * SQLSTATEs by which the database refuses a value the caller sent rather than the server's own
 * query: text holding NUL (U+0000: 22021 for a text parameter, 22P05 for a JSON \u0000), which
 * JSON and URLs carry but Postgres text cannot. A 400 then, never a 500; the refused statement
 * rolls its transaction back, so nothing of the request is kept.
 */
const REFUSED_VALUE_STATES = new Set(['22021', '22P05']);
export const NUL_IN_TEXT = 'Data is not valid: text may not contain the NUL character (U+0000).';

function isRefusedValue(error: unknown): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && REFUSED_VALUE_STATES.has(code) && typeof severity === 'string';
}

export const STATIC_PATH_REFUSED = "The path is not valid: it may not hold '..', '.' or empty segments.";

// The 413 of a body over its route's limit (Fastify's bodyLimit): the contract's message, which a
// remote shows when it refuses a file before sending it.
export { bodyTooLarge };

/**
 * Every error leaves the API as `application/problem+json` whose detail is the catalogue message
 * of spec 8: the UI shows it as it is. Internals of a 500 go to the log, never to the caller.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiProblem) {
      request.log.info({ status: error.status, detail: error.detail }, 'request refused');
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      const fields = error.fields ? Object.entries(error.fields).map(([field, message]) => ({ field, message })) : undefined;
      return sendProblem(reply, { ...problem(error.status, error.detail), ...(fields ? { errors: fields } : {}) });
    }
    if (isRefusedValue(error)) {
      request.log.info({ err: error }, 'request refused: a value the database cannot hold');
      return sendProblem(reply, problem(400, NUL_IN_TEXT));
    }
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') {
      // @fastify/static refuses '..', '.' and empty segments (a way out of the built files) with a
      // 403 that would read as a missing privilege: the request's path is what is wrong.
      request.log.info({ url: request.url }, 'request refused: not a plain path to a file');
      return sendProblem(reply, problem(400, STATIC_PATH_REFUSED));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Refused as the body arrived (Content-Length, or the bytes counted so far): say the limit.
      request.log.info({ err: error }, 'request refused: body too large');
      return sendProblem(reply, problem(413, bodyTooLarge(request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request rejected');
      return sendProblem(reply, error.validation ? validationProblem(error) : problem(status));
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, problem(status >= 500 && status < 600 ? status : 500));
  });
}

/** Registered last: a request no route took is a 404 problem unless the fallback answers it. */
export function registerNotFoundHandler(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (await fallback(request, reply))) return reply;
    return sendProblem(reply, problem(404));
  });
}
