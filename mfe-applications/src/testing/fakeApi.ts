// A fake `fetch` for the component tests: answers by "METHOD /path" (the query string is recorded
// apart) and records every call with its JSON body. Test-only.

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Problem details, sent as application/problem+json as the API answers errors. */
  problem?: { detail: string; title?: string; errors?: Array<{ field: string; message: string }> };
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type FakeAnswer = FakeReply | ((call: FakeCall) => FakeReply);

export function problemBody(status: number, problem: NonNullable<FakeReply['problem']>) {
  return { type: 'about:blank', status, title: problem.title ?? 'Error', detail: problem.detail, ...(problem.errors ? { errors: problem.errors } : {}) };
}

function respond({ status = 200, body, problem, headers = {} }: FakeReply) {
  const payload = problem ? problemBody(status, problem) : body;
  const text = payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': problem ? 'application/problem+json' : 'application/json', ...headers }),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    blob: async () => new Blob([text]),
  };
}

/**
 * Installs a fake `globalThis.fetch`. An array of answers is used in order, the last repeating. A
 * call nobody answers gets 404, so a wrong path shows up as a failing assertion.
 */
export function fakeApi(routes: Record<string, FakeAnswer | FakeAnswer[]>) {
  const calls: FakeCall[] = [];
  const used: Record<string, number> = {};
  globalThis.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = new URL(input, 'http://localhost');
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const call: FakeCall = { method, path: decodeURIComponent(url.pathname), query: Object.fromEntries(url.searchParams), body: raw ? (JSON.parse(raw) as unknown) : undefined };
    calls.push(call);
    const key = `${method} ${call.path}`;
    const answers = routes[key];
    if (answers === undefined) return respond({ status: 404, problem: { detail: `No fake answer for ${key}.` } });
    const list = Array.isArray(answers) ? answers : [answers];
    const index = Math.min(used[key] ?? 0, list.length - 1);
    used[key] = (used[key] ?? 0) + 1;
    const answer = list[index];
    return respond(typeof answer === 'function' ? answer(call) : answer);
  }) as unknown as typeof fetch;
  const mutations = () => calls.filter((call) => call.method !== 'GET');
  return { calls, mutations };
}
