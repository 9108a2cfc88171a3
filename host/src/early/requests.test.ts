import { API_BASE_PATH } from '@portal/shared';
import { INITIALIZATION_PATH } from '../session/redirects';
import { askEarly, EARLY_REMOTES_URL, EARLY_SESSION_SKIPPED_PATH, EARLY_SESSION_URL, takeEarly } from './requests';

const answer = (status: number, body: unknown, type = 'application/json') =>
  ({ ok: status >= 200 && status < 300, status, headers: new Headers({ 'content-type': type }), json: async () => body }) as unknown as Response;

afterEach(async () => {
  await takeEarly(EARLY_SESSION_URL);
  await takeEarly(EARLY_REMOTES_URL);
});

describe('the requests of the entry chunk', () => {
  it("asks GET sessions with the cookies and /remotes.json unstored, once each, and gives each answer once", async () => {
    const fetcher = jest.fn(async (url: string) => answer(200, url === EARLY_SESSION_URL ? { authenticated: true } : { 'mfe-auth': '/remotes/mfe-auth/mf-manifest.json' }));
    askEarly('/dashboard', fetcher as unknown as typeof fetch);
    askEarly('/dashboard', fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fetcher).toHaveBeenCalledWith(EARLY_SESSION_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
    expect(fetcher).toHaveBeenCalledWith(EARLY_REMOTES_URL, { cache: 'no-store' });
    expect(await takeEarly(EARLY_SESSION_URL)).toEqual({ authenticated: true });
    expect(await takeEarly(EARLY_SESSION_URL)).toBeUndefined();
    expect(await takeEarly(EARLY_REMOTES_URL)).toEqual({ 'mfe-auth': '/remotes/mfe-auth/mf-manifest.json' });
    expect(await takeEarly(EARLY_REMOTES_URL)).toBeUndefined();
  });

  it('names the same URL and Initiator route as the API client and the redirects', () => {
    expect(EARLY_SESSION_URL).toBe(`${API_BASE_PATH}/sessions`);
    expect(EARLY_SESSION_SKIPPED_PATH).toBe(INITIALIZATION_PATH);
  });

  it("asks no session on the Initiator's sign-in, where the page signs in first, but still the remotes", async () => {
    const fetcher = jest.fn().mockResolvedValue(answer(200, {}));
    askEarly(INITIALIZATION_PATH, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(EARLY_REMOTES_URL, { cache: 'no-store' });
    expect(await takeEarly(EARLY_SESSION_URL)).toBeUndefined();
  });

  it("leaves a failure, a refusal or an answer that is not JSON to the caller's own request", async () => {
    for (const outcome of [Promise.reject(new TypeError('offline')), Promise.resolve(answer(503, {})), Promise.resolve(answer(200, '<html>', 'text/html'))]) {
      askEarly('/dashboard', jest.fn().mockReturnValue(outcome));
      expect(await takeEarly(EARLY_SESSION_URL)).toBeUndefined();
      expect(await takeEarly(EARLY_REMOTES_URL)).toBeUndefined();
    }
  });
});
