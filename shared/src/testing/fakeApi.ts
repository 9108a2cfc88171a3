// A fake `fetch` for component tests: the real API client runs against it. Answers are keyed by
// "METHOD /api/path" (the query string is recorded apart); every call is recorded with its query
// and JSON body; problems answer as the API answers errors (problem+json with `detail`). A call
// nobody answers gets 404, so a wrong path shows up as a failing assertion. Test-only.

export interface FakeProblem {
  detail: string;
  title?: string;
  errors?: Array<{ field: string; message: string }>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Problem details: sent as application/problem+json, as the API answers errors. */
  problem?: FakeProblem;
  /** The body's content type when it is not JSON (e.g. 'text/markdown'). */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  /** The path decoded ('/api/users/bob@example.com'). */
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type FakeAnswer = FakeReply | ((call: FakeCall) => FakeReply);
export type FakeRoutes = Record<string, FakeAnswer | FakeAnswer[]>;

export const ok = (body: unknown, status = 200): FakeReply => ({ status, body });
export const noContent = (): FakeReply => ({ status: 204 });
export const problem = (status: number, detail: string): FakeReply => ({ status, problem: { detail } });

/** The problem details the API sends for a status. */
export function problemBody(status: number, { detail, title, errors }: FakeProblem) {
  return { type: 'about:blank', status, title: title ?? 'Error', detail, ...(errors ? { errors } : {}) };
}

/** What a reply sends: status, headers and the body as text. */
export function replyParts({ status = 200, body, problem: details, contentType, headers = {} }: FakeReply) {
  const payload = details ? problemBody(status, details) : body;
  const text = payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload);
  const type = details ? 'application/problem+json' : (contentType ?? 'application/json');
  return { status, text, headers: { 'content-type': type, ...headers } };
}

function respond(reply: FakeReply) {
  const { status, text, headers } = replyParts(reply);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    blob: async () => new Blob([text]),
  };
}

/**
 * Answers calls from a table of routes, keyed by the path as sent or decoded: an array of answers
 * is used in order, the last repeating.
 */
export function routeAnswers(routes: FakeRoutes) {
  const used: Record<string, number> = {};
  return (call: FakeCall, rawPath = call.path): FakeReply => {
    const sent = `${call.method} ${rawPath}`;
    const key = sent in routes ? sent : `${call.method} ${call.path}`;
    const answers = routes[key];
    if (answers === undefined) return { status: 404, problem: { detail: `No fake answer for ${key}.` } };
    const list = Array.isArray(answers) ? answers : [answers];
    const index = Math.min(used[key] ?? 0, list.length - 1);
    used[key] = (used[key] ?? 0) + 1;
    const answer = list[index];
    return typeof answer === 'function' ? answer(call) : answer;
  };
}

/** The recorded form of a request: path decoded, query apart, a JSON body parsed. */
export function recordCall(method: string, input: string | URL, body: unknown): FakeCall {
  const url = new URL(String(input), 'http://localhost');
  return {
    method: method.toUpperCase(),
    path: decodeURIComponent(url.pathname),
    query: Object.fromEntries(url.searchParams),
    body: typeof body === 'string' && body !== '' ? (JSON.parse(body) as unknown) : undefined,
  };
}

/** Installs a fake `globalThis.fetch` answering from `routes`. */
export function fakeApi(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  const answer = routeAnswers(routes);
  const fetchMock = jest.fn(async (input: string | URL, init: RequestInit = {}) => {
    const call = recordCall(init.method ?? 'GET', input, init.body);
    calls.push(call);
    return respond(answer(call, new URL(String(input), 'http://localhost').pathname));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  /** The calls that changed something (every method but GET). */
  const mutations = () => calls.filter((call) => call.method !== 'GET');
  return { calls, mutations, fetchMock };
}

/** A field label as Testing Library reads it: required fields add Chakra's '*' indicator. */
export const fieldLabel = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
