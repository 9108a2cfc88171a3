// A fake `fetch` for the component tests of the administration screens: the real API client runs
// against it. Answers are keyed by "METHOD /api/path" (the query string is recorded apart); every
// call is recorded with its query and JSON body; problems answer as the API does for errors
// (problem+json with `detail`). Test-only.

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Problem details: sent as application/problem+json, as the API answers errors. */
  problem?: { detail: string; title?: string };
}

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Answer = FakeReply | ((call: FakeCall) => FakeReply);

export const ok = (body: unknown, status = 200): FakeReply => ({ status, body });
export const noContent = (): FakeReply => ({ status: 204 });
export const problem = (status: number, detail: string): FakeReply => ({ status, problem: { detail } });

function respond({ status = 200, body, problem: details }: FakeReply) {
  const payload = details ? { type: 'about:blank', status, title: details.title ?? 'Error', detail: details.detail } : body;
  const text = payload === undefined ? '' : JSON.stringify(payload);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': details ? 'application/problem+json' : 'application/json' }),
    text: async () => text,
  };
}

/**
 * Installs a fake `globalThis.fetch`. An array of answers is used in order, the last repeating.
 * A call nobody answers gets 404, so a wrong path shows up as a failing assertion.
 */
export function fakeApi(routes: Record<string, Answer | Answer[]>) {
  const calls: FakeCall[] = [];
  const used: Record<string, number> = {};
  globalThis.fetch = jest.fn(async (input: string | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = new URL(String(input), 'http://localhost');
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const call: FakeCall = {
      method,
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      body: raw ? (JSON.parse(raw) as unknown) : undefined,
    };
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
  /** The calls that changed something (every method but GET). */
  const mutations = () => calls.filter((call) => call.method !== 'GET');
  return { calls, mutations };
}

/** A field label as Testing Library reads it: required fields add Chakra's '*' indicator. */
export const fieldLabel = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
