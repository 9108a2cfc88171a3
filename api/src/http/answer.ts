import type { FastifyReply } from 'fastify';
import { ApiProblem, problem, problemSchema, sendProblem } from './problem';

/** A refusal with the exact message the caller must see (spec 8), thrown by services. */
export class IdentityProblem extends ApiProblem {}

/**
 * Input refused with the spec 5 message of each field: the problem's detail is the first of them
 * (what a screen shows in one line) and `errors` lists them all.
 */
export class InputProblem extends IdentityProblem {
  constructor(readonly fields: Readonly<Record<string, string>>) {
    super(400, Object.values(fields)[0] ?? 'Data is not valid.');
  }
}

export const problems = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, problemSchema]));

/** Runs a handler, answering an IdentityProblem (or InputProblem) with its exact message. */
export async function answer<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof IdentityProblem)) throw error;
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    const body = problem(error.status, error.detail);
    if (error instanceof InputProblem) {
      return sendProblem(reply, {
        ...body,
        errors: Object.entries(error.fields).map(([field, message]) => ({ field, message })),
      });
    }
    return sendProblem(reply, body);
  }
}
