// A fake `fetch` for component tests: answers by "METHOD /path" and records every call.
import { MESSAGES } from '@portal/shared';

export interface FakeReply {
  status?: number;
  body?: unknown;
  contentType?: string;
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = FakeReply | ((call: FakeCall) => FakeReply);

function fakeResponse({ status = 200, body, contentType = 'application/json' }: FakeReply) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': contentType }),
    text: async () => text,
  };
}

/**
 * Installs a fake `global.fetch`. An array of answers is used in order, the last one repeating.
 * A call nobody answers gets 404, so a wrong path shows up as a failing assertion.
 */
export function fakeApi(routes: Record<string, Answer | Answer[]>) {
  const calls: FakeCall[] = [];
  const used: Record<string, number> = {};
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(input, 'http://localhost').pathname;
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const call: FakeCall = { method, path, body: raw ? (JSON.parse(raw) as unknown) : undefined };
    calls.push(call);
    const key = `${method} ${path}`;
    const answers = routes[key];
    if (answers === undefined) return fakeResponse({ status: 404, body: {} });
    const list = Array.isArray(answers) ? answers : [answers];
    const index = Math.min(used[key] ?? 0, list.length - 1);
    used[key] = (used[key] ?? 0) + 1;
    const answer = list[index];
    return fakeResponse(typeof answer === 'function' ? answer(call) : answer);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

/** The API's refusal of a common password (problem+json with its field message). */
export const COMMON_PASSWORD_REPLY: FakeReply = {
  status: 400,
  contentType: 'application/problem+json',
  body: {
    status: 400,
    title: 'Bad Request',
    detail: MESSAGES.commonPassword,
    errors: [{ field: 'new_password', message: MESSAGES.commonPassword }],
  },
};
