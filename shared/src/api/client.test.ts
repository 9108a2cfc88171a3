/** @jest-environment node */
// Node's fetch/Response/Headers stand in for the browser's; fetch itself is faked per test.
import { bus } from '../bus/bus';
import type { NoticeMessage } from '../bus/events';
import { setPermissionChecker } from '../permissions/checker';
import { sessionStore } from '../session/sessionStore';
import { installFakeUploads } from '../testing/fakeUploads';
import { testSession } from '../testing/sessions';
import {
  apiClient,
  buildUrl,
  configureApiClient,
  isAbortError,
  setApiErrorHandler,
  UPLOAD_TOO_LARGE_MESSAGE,
  type ApiErrorHandler,
  type UploadProgress,
} from './client';
import { ApiError, SIGN_IN_MESSAGES } from './errors';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const notices: NoticeMessage[] = [];
const cleared: string[] = [];

const session = testSession({ session_id: 's1' });

function json(status: number, body: unknown, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
  return { url, init, headers: new Headers(init.headers) };
}

/** One task later: a status a read may retry shows its notice then (api/notices.ts). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    await nextTask();
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  notices.length = 0;
  cleared.length = 0;
  bus.all.clear();
  bus.on('notice:show', (notice) => notices.push(notice));
  bus.on('session:cleared', ({ reason }) => cleared.push(reason));
  sessionStore.clearSession();
  setApiErrorHandler(null);
  setPermissionChecker(null);
  configureApiClient({ baseUrl: '/api' });
});

describe('requests', () => {
  it('GETs under /api with credentials, query parameters and parsed JSON', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 1 }]));
    const result = await apiClient.get<{ id: number }[]>('apps', { params: { search: 'log4j', tag: ['a', 'b'], page: null } });
    expect(result).toEqual([{ id: 1 }]);
    const { url, init } = lastCall();
    expect(url).toBe('/api/apps?search=log4j&tag=a&tag=b');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('sends the bearer token only when the session store holds one', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiClient.get('sessions');
    expect(lastCall().headers.has('Authorization')).toBe(false);
    sessionStore.setToken('t0k3n');
    await apiClient.get('sessions');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer t0k3n');
  });

  it('POSTs JSON without null fields', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 'n' }));
    await apiClient.post('projects', { name: 'P', description: null, settings: { a: undefined, b: 1 } });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'P', settings: { b: 1 } });
  });

  it('passes FormData through untouched', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const form = new FormData();
    form.append('file', 'content');
    await expect(apiClient.post('attachments/share', form)).resolves.toBeUndefined();
    expect(lastCall().init.body).toBe(form);
    expect(lastCall().headers.has('Content-Type')).toBe(false);
  });

  it('sends PUT, PATCH and DELETE with their methods', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await apiClient.put('users/1', { name: 'x' });
    expect(lastCall().init.method).toBe('PUT');
    await apiClient.patch('sessions', {});
    expect(lastCall().init.method).toBe('PATCH');
    await apiClient.delete('users/1');
    expect(lastCall().init.method).toBe('DELETE');
    expect(lastCall().url).toBe('/api/users/1');
  });

  it('returns non-JSON bodies as text', async () => {
    fetchMock.mockResolvedValue(new Response('# Help', { status: 200, headers: { 'content-type': 'text/markdown' } }));
    await expect(apiClient.get<string>('help/login.md')).resolves.toBe('# Help');
  });

  it('uses a configured base URL and leaves absolute URLs alone', async () => {
    configureApiClient({ baseUrl: 'http://api.test/api/' });
    expect(buildUrl('/sessions')).toBe('http://api.test/api/sessions');
    expect(buildUrl('https://cdn.test/version.json')).toBe('https://cdn.test/version.json');
  });
});

describe('graph parameter', () => {
  it('lowercases an explicit process code name', () => {
    expect(buildUrl('apps', { graph: 'MyProcess', params: { x: 1 } })).toBe('/api/apps?x=1&graph=myprocess');
  });

  it('takes the current process from the session store when graph is true', () => {
    expect(buildUrl('apps', { graph: true })).toBe('/api/apps');
    sessionStore.setProcess({ id: '7', code_name: 'Alpha' });
    expect(buildUrl('apps', { graph: true })).toBe('/api/apps?graph=alpha');
    expect(buildUrl('apps/search?search=x', { graph: true })).toBe('/api/apps/search?search=x&graph=alpha');
  });

  it('is absent unless asked for', () => {
    sessionStore.setProcess({ id: '7', code_name: 'Alpha' });
    expect(buildUrl('sessions')).toBe('/api/sessions');
  });
});

describe('errors', () => {
  it('turns a problem+json answer into an ApiError with the catalogue message', async () => {
    fetchMock.mockResolvedValue(
      json(404, { title: 'Not Found', status: 404, detail: 'No application abc.' }, 'application/problem+json'),
    );
    const error = await failure(apiClient.get('apps/abc'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('The requested resource does not exist.');
    expect(error.problem?.detail).toBe('No application abc.');
  });

  it('keeps a non-problem error body', async () => {
    fetchMock.mockResolvedValue(json(400, { field: 'name' }));
    const error = await failure(apiClient.patch('projects/1', {}));
    expect(error.message).toBe('Data is not valid.');
    expect(error.problem).toBeUndefined();
    expect(error.body).toEqual({ field: 'name' });
  });

  it('reports a network failure as status 999', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const error = await failure(apiClient.put('apps/appSettings', {}));
    expect(error.status).toBe(999);
    expect(error.message).toBe('Network issues. Please try again later.');
    expect(notices).toEqual([{ title: 'Error', message: 'Network issues. Please try again later.' }]);
  });

  it('lets a cancelled request reject with the abort, unreported', async () => {
    const handler = jest.fn<ReturnType<ApiErrorHandler>, Parameters<ApiErrorHandler>>();
    setApiErrorHandler(handler);
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(apiClient.get('apps')).rejects.toMatchObject({ name: 'AbortError' });
    expect(handler).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('uses the call’s specific messages', async () => {
    fetchMock.mockResolvedValueOnce(json(401, {}));
    expect((await failure(apiClient.post('sessions', {}, { messages: SIGN_IN_MESSAGES, preserveSessionOn401: true }))).message).toBe(
      'Invalid credentials. Please try again.',
    );
    fetchMock.mockResolvedValueOnce(json(500, {}));
    expect((await failure(apiClient.post('sessions', {}, { messages: SIGN_IN_MESSAGES }))).message).toBe(
      'Unable to process your login request. Please try again later.',
    );
  });

  it('passes every error to the global handler, even when the handler throws', async () => {
    const seen: Array<[number, string, string]> = [];
    setApiErrorHandler((error, request) => {
      seen.push([error.status, request.method, request.path]);
      throw new Error('handler bug');
    });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json(409, {}));
    const error = await failure(apiClient.post('projects', {}));
    expect(error.status).toBe(409);
    expect(seen).toEqual([[409, 'POST', 'projects']]);
    consoleError.mockRestore();
  });
});

describe('notices', () => {
  async function noticeFor(call: () => Promise<unknown>, status: number): Promise<NoticeMessage[]> {
    notices.length = 0;
    fetchMock.mockResolvedValueOnce(json(status, {}));
    await failure(call());
    return [...notices];
  }

  it('GET shows 404 but not 500', async () => {
    expect(await noticeFor(() => apiClient.get('apps'), 404)).toEqual([
      { title: 'Error', message: 'The requested resource does not exist.' },
    ]);
    expect(await noticeFor(() => apiClient.get('apps'), 500)).toEqual([]);
  });

  it('PUT shows 409; POST shows 503 but not 404; PATCH and DELETE use the default list', async () => {
    expect(await noticeFor(() => apiClient.put('x', {}), 409)).toHaveLength(1);
    expect(await noticeFor(() => apiClient.post('x', {}), 503)).toHaveLength(1);
    expect(await noticeFor(() => apiClient.post('x', {}), 404)).toEqual([]);
    expect(await noticeFor(() => apiClient.patch('x', {}), 404)).toHaveLength(1);
    expect(await noticeFor(() => apiClient.delete('x'), 409)).toEqual([]);
  });

  it('a call can turn notices off or choose its own statuses', async () => {
    expect(await noticeFor(() => apiClient.get('apps', { notices: false }), 404)).toEqual([]);
    expect(await noticeFor(() => apiClient.post('x', {}, { notices: [409] }), 409)).toHaveLength(1);
  });
});

describe('401', () => {
  it('clears the session and announces it', async () => {
    sessionStore.setSession(session);
    sessionStore.setToken('t');
    sessionStore.setProcess({ id: '1', code_name: 'a' });
    fetchMock.mockResolvedValue(json(401, {}));
    const error = await failure(apiClient.get('apps'));
    expect(error.message).toBe('Unauthorized.');
    expect(sessionStore.getState()).toEqual({ session: null, process: null, token: null });
    expect(cleared).toEqual(['unauthorized']);
  });

  it('does not announce anything when there was no session', async () => {
    fetchMock.mockResolvedValue(json(401, {}));
    await failure(apiClient.get('sessions'));
    expect(cleared).toEqual([]);
  });

  it('keeps the session for calls that ask to (wrong MFA code)', async () => {
    sessionStore.setSession({ ...session, authenticated: false, authentication_status: 'MfaVerification' });
    fetchMock.mockResolvedValue(json(401, {}));
    await failure(apiClient.post('sessions/mfa/verify/123456', undefined, { preserveSessionOn401: true }));
    expect(sessionStore.getState().session?.session_id).toBe('s1');
    expect(cleared).toEqual([]);
  });
});

describe('client-side permission check', () => {
  it('rejects a mutation without permission as 403 with no request', async () => {
    const asked: string[] = [];
    setPermissionChecker((permission) => {
      asked.push(permission);
      return false;
    });
    const error = await failure(apiClient.put('users/1', { name: 'x' }, { permission: 'update=>User' }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('You do not have the privileges for the request.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(asked).toEqual(['update=>User']);
    // PUT lists 403, so the user sees why nothing happened.
    expect(notices).toEqual([{ title: 'Error', message: 'You do not have the privileges for the request.' }]);
    await failure(apiClient.delete('users/1', { permission: 'delete=>User' }));
    await failure(apiClient.post('users', {}, { permission: 'create=>User' }));
    await failure(apiClient.patch('users/1', {}, { permission: 'update=>User' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the mutation when the checker allows it (the default)', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(apiClient.post('users', {}, { permission: 'create=>User' })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('CSRF header', () => {
  it('marks every state-changing call, and no read', async () => {
    const calls: Array<{ method: string; header: string | null }> = [];
    global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ method: String(init?.method), header: new Headers(init?.headers).get('X-Requested-With') });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await apiClient.get('/things');
    await apiClient.post('/things', { a: 1 });
    await apiClient.patch('/things/1', { a: 2 });
    await apiClient.delete('/things/1');
    expect(calls).toEqual([
      { method: 'GET', header: null },
      { method: 'POST', header: 'XMLHttpRequest' },
      { method: 'PATCH', header: 'XMLHttpRequest' },
      { method: 'DELETE', header: 'XMLHttpRequest' },
    ]);
  });
});

describe('upload', () => {
  const uploads = installFakeUploads();
  const file = () => new Blob(['0123456789'], { type: 'application/json' });
  const form = () => {
    const body = new FormData();
    body.append('file', file(), 'bom.json');
    return body;
  };

  it('sends as every call does: credentials, bearer token, CSRF header, the graph; and answers the JSON', async () => {
    sessionStore.setToken('t0k3n');
    const body = form();
    const sending = apiClient.upload<{ id: string }>('apps/shop/builds', body, { graph: 'CORE' });
    const [request] = uploads.requests;
    expect(request.method).toBe('POST');
    expect(`${request.url.pathname}${request.url.search}`).toBe('/api/apps/shop/builds?graph=core');
    expect(request.withCredentials).toBe(true);
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request.headers.get('Authorization')).toBe('Bearer t0k3n');
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.body).toBe(body);
    request.answer({ status: 202, body: { id: 'b1' } });
    await expect(sending).resolves.toEqual({ id: 'b1' });
  });

  it('reports progress as the bytes go out, then all of them once answered', async () => {
    const seen: UploadProgress[] = [];
    const sending = apiClient.upload('vulnerabilities/kev', file(), { method: 'PUT', onProgress: (progress) => seen.push(progress) });
    const [request] = uploads.requests;
    expect(request.method).toBe('PUT');
    request.progress(4, 10);
    request.progress(8, 10);
    request.answer({ status: 200, body: {} });
    await sending;
    expect(seen).toEqual([
      { loaded: 4, total: 10 },
      { loaded: 8, total: 10 },
      { loaded: 10, total: 10 },
    ]);
  });

  it('is cancelled by its signal: rejects with an AbortError, unreported', async () => {
    const handler = jest.fn();
    setApiErrorHandler(handler);
    const controller = new AbortController();
    const sending = apiClient.upload('apps/shop/builds', form(), { signal: controller.signal });
    controller.abort();
    const error = await sending.catch((failed: unknown) => failed);
    expect(isAbortError(error)).toBe(true);
    expect(uploads.requests[0].aborted).toBe(true);
    expect(handler).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
    // Already cancelled: nothing is sent.
    await expect(apiClient.upload('apps/shop/builds', form(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(uploads.requests).toHaveLength(1);
  });

  it('clears the session on a 401, as every call does', async () => {
    sessionStore.setSession(session);
    sessionStore.setToken('t');
    const sending = apiClient.upload('apps/shop/builds', form());
    uploads.requests[0].answer({ status: 401, problem: { detail: 'Session expired.' } });
    const error = await failure(sending);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Unauthorized.');
    expect(sessionStore.getState()).toEqual({ session: null, process: null, token: null });
    expect(cleared).toEqual(['unauthorized']);
  });

  it("says why a 413 was refused: the API's words (they name the limit), else the client's", async () => {
    const named = apiClient.upload('apps/shop/builds', form());
    uploads.requests[0].answer({ status: 413, problem: { detail: 'The SBOM is larger than the 64 MiB accepted.' } });
    expect(await failure(named)).toMatchObject({ status: 413, message: 'The SBOM is larger than the 64 MiB accepted.' });
    const bare = apiClient.upload('apps/shop/builds', form());
    uploads.requests[1].answer({ status: 413, body: '<html>Request Entity Too Large</html>', contentType: 'text/html' });
    expect(await failure(bare)).toMatchObject({ status: 413, message: UPLOAD_TOO_LARGE_MESSAGE, problem: undefined });
  });

  it('maps errors as every call does: catalogue message, problem details kept, notices, the global handler', async () => {
    const handler = jest.fn();
    setApiErrorHandler(handler);
    const refused = apiClient.upload('apps/shop/builds', form());
    uploads.requests[0].answer({ status: 400, problem: { detail: 'Not an SBOM.', errors: [{ field: 'bom', message: 'Unknown format' }] } });
    const error = await failure(refused);
    expect(error).toMatchObject({ status: 400, message: 'Data is not valid.', problem: { detail: 'Not an SBOM.' } });
    expect(handler).toHaveBeenCalledWith(error, { method: 'POST', path: 'apps/shop/builds' });
    // POST shows 503 as a notice, like any other POST.
    const unavailable = apiClient.upload('apps/shop/builds', form());
    uploads.requests[1].answer({ status: 503 });
    expect(await failure(unavailable)).toMatchObject({ status: 503 });
    expect(notices).toEqual([{ title: 'Error', message: 'Service is not available at the moment. Please try again later.' }]);
    // The network failing under the upload is status 999.
    const lost = apiClient.upload('apps/shop/builds', form(), { messages: { other: 'The file could not be sent.' } });
    uploads.requests[2].fail();
    expect(await failure(lost)).toMatchObject({ status: 999, message: 'The file could not be sent.' });
  });

  it('refuses an upload the session may not make as 403, before a byte is sent', async () => {
    setPermissionChecker(() => false);
    const error = await failure(apiClient.upload('apps/shop/builds', form(), { permission: 'ingest=>SBOM' }));
    expect(error.status).toBe(403);
    expect(uploads.requests).toHaveLength(0);
  });
});
