// Component tests of the administration screens run the real API client against a faked
// `fetch`: each answer is keyed by 'METHOD /api/path', every call is recorded with its query
// and JSON body, and problem() answers as the API does for errors (problem+json with `detail`).

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  problem?: boolean;
}

export type FakeRoute = FakeAnswer | ((call: ApiCall) => FakeAnswer);

export const ok = (body: unknown, status = 200): FakeAnswer => ({ status, body });
export const noContent = (): FakeAnswer => ({ status: 204 });
export const problem = (status: number, detail: string): FakeAnswer => ({
  status,
  problem: true,
  body: { type: 'about:blank', title: 'Error', status, detail },
});

/** Replaces fetch; unknown routes answer 404. Returns the calls as they happen. */
export function fakeApi(routes: Record<string, FakeRoute>): ApiCall[] {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = route === undefined ? problem(404, 'The requested resource does not exist.') : typeof route === 'function' ? route(call) : route;
    const text = answer.status === 204 || answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, {
      status: answer.status,
      headers: { 'content-type': answer.problem ? 'application/problem+json' : 'application/json' },
    });
  }) as unknown as typeof fetch;
  return calls;
}

/** The calls other than reads. */
export const writes = (calls: readonly ApiCall[]): ApiCall[] => calls.filter((call) => call.method !== 'GET');

/** A field label as Testing Library reads it: required fields add Chakra's '*' indicator. */
export const fieldLabel = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
