import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

// The catalogue of spec 8 is the contract's, so the API and the browser cannot disagree.
import { messageForStatus } from '@portal/shared/server';

export { messageForStatus };

/** An RFC 9457 problem document; `detail` is the catalogue message the UI shows. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Which fields failed validation, when that is the problem. */
  errors?: ProblemFieldError[];
}

export interface ProblemFieldError {
  field: string;
  message: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const problemSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

export function problem(status: number, detail: string = messageForStatus(status)): Problem {
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/**
 * A refusal with the exact message the caller must see (spec 8): thrown anywhere in a handler,
 * the error handler answers it as problem+json. `fields` lists per-field messages (spec 5).
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string = messageForStatus(status),
    readonly headers: Readonly<Record<string, string>> = {},
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(detail);
  }
}
