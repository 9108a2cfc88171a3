import { API_BASE_PATH } from '@portal/shared';
import { INITIALIZATION_PATH } from './redirects';
import { askSessionEarly, EARLY_SESSION_SKIPPED_PATH, EARLY_SESSION_URL, takeEarlySession } from './earlySession';

const answer = (status: number, body: unknown, type = 'application/json') =>
  ({ ok: status >= 200 && status < 300, status, headers: new Headers({ 'content-type': type }), json: async () => body }) as unknown as Response;

afterEach(async () => {
  await takeEarlySession();
});

describe('the early GET sessions', () => {
  it("asks the API client's GET sessions with the cookies, and gives its session once", async () => {
    const fetcher = jest.fn().mockResolvedValue(answer(200, { authenticated: true }));
    askSessionEarly('/dashboard', fetcher);
    askSessionEarly('/dashboard', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(EARLY_SESSION_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
    expect(await takeEarlySession()).toEqual({ authenticated: true });
    expect(await takeEarlySession()).toBeUndefined();
  });

  it('names the same URL and Initiator route as the API client and the redirects', () => {
    expect(EARLY_SESSION_URL).toBe(`${API_BASE_PATH}/sessions`);
    expect(EARLY_SESSION_SKIPPED_PATH).toBe(INITIALIZATION_PATH);
  });

  it("asks nothing on the Initiator's sign-in, where the page signs in first", async () => {
    const fetcher = jest.fn();
    askSessionEarly(INITIALIZATION_PATH, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(await takeEarlySession()).toBeUndefined();
  });

  it("leaves a failure, a refusal or an answer that is not JSON to the API client's own call", async () => {
    for (const outcome of [Promise.reject(new TypeError('offline')), Promise.resolve(answer(503, {})), Promise.resolve(answer(200, '<html>', 'text/html'))]) {
      askSessionEarly('/dashboard', jest.fn().mockReturnValue(outcome));
      expect(await takeEarlySession()).toBeUndefined();
    }
  });
});
