import { apiClient } from '../api/client';
import { ApiError, STATUS_MESSAGES } from '../api/errors';
import { bus } from '../bus/bus';
import { FRESHNESS } from '../constants';
import { createPortalQueryClient, queryClient, shouldRetryRead } from './queryClient';

describe('shouldRetryRead', () => {
  it('retries statuses of 500 and above, network failures (999) included', () => {
    for (const status of [500, 501, 502, 503, 999]) expect(shouldRetryRead(0, new ApiError(status))).toBe(true);
  });

  it('never retries statuses below 500 or errors without a status', () => {
    for (const status of [400, 401, 403, 404, 409, 499]) expect(shouldRetryRead(0, new ApiError(status))).toBe(false);
    expect(shouldRetryRead(0, new Error('boom'))).toBe(false);
  });

  it('stops once 3 retries have been made (failureCount counts the earlier failures)', () => {
    expect(shouldRetryRead(2, new ApiError(500))).toBe(true);
    expect(shouldRetryRead(3, new ApiError(500))).toBe(false);
  });
});

describe('createPortalQueryClient', () => {
  function countingFetch(statuses: number[]) {
    let calls = 0;
    const queryFn = async (): Promise<string> => {
      const status = statuses[Math.min(calls, statuses.length - 1)];
      calls += 1;
      if (status !== 200) throw new ApiError(status);
      return 'data';
    };
    return { queryFn, calls: () => calls };
  }

  it.each([
    { requests: 'at most 4 requests', read: 'a read that keeps failing with 500', status: 500, key: 'a', calls: 4 },
    { requests: 'one request', read: 'a read failing with 404', status: 404, key: 'b', calls: 1 },
  ])('makes $requests for $read', async ({ status, key, calls }) => {
    const client = createPortalQueryClient();
    const read = countingFetch([status]);
    await expect(client.fetchQuery({ queryKey: [key], queryFn: read.queryFn, retryDelay: 0 })).rejects.toMatchObject({ status });
    expect(read.calls()).toBe(calls);
  });

  it('succeeds when a retry succeeds', async () => {
    const client = createPortalQueryClient();
    const read = countingFetch([503, 500, 200]);
    await expect(client.fetchQuery({ queryKey: ['c'], queryFn: read.queryFn, retryDelay: 0 })).resolves.toBe('data');
    expect(read.calls()).toBe(3);
  });

  it('never retries mutations', async () => {
    const client = createPortalQueryClient();
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
    let calls = 0;
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        calls += 1;
        throw new ApiError(500);
      },
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 500 });
    expect(calls).toBe(1);
  });

  it('exports one shared client with the same policy', () => {
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(shouldRetryRead);
  });
});

describe('FRESHNESS (spec 9)', () => {
  it('holds the cache freshness of each resource in milliseconds', () => {
    expect(FRESHNESS).toEqual({
      applications: 30_000,
      builds: 300_000,
      deploymentProfiles: 1_800_000,
      appSettings: 1_800_000,
      searches: 1_800_000,
      moduleConfigs: 1_800_000,
      serviceModules: 180_000,
      workgroups: 300_000,
      users: 30_000,
      session: 60_000,
    });
  });
});

describe("the 'Error' notice of a read: once, after its retries (spec 8)", () => {
  const notices: string[] = [];
  let answers: number[] = [];
  let requests = 0;

  beforeEach(() => {
    notices.length = 0;
    requests = 0;
    bus.all.clear();
    bus.on('notice:show', ({ title, message }) => notices.push(`${title}: ${message}`));
    // The real API client, over a fetch that answers the statuses in turn (the last one repeats).
    globalThis.fetch = (async () => {
      const status = answers[Math.min(requests, answers.length - 1)];
      requests += 1;
      return new Response(JSON.stringify(status === 200 ? { ok: true } : {}), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  });

  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const read = (method: 'get' | 'post', key: string) =>
    createPortalQueryClient().fetchQuery({ queryKey: [key], queryFn: () => (method === 'get' ? apiClient.get('apps') : apiClient.post('apps/shop/findings', {})), retryDelay: 0 });

  it('shows a POST read failing with 503 once, after its 4 attempts', async () => {
    answers = [503];
    await expect(read('post', 'p503')).rejects.toMatchObject({ status: 503 });
    await settled();
    expect(requests).toBe(4);
    expect(notices).toEqual([`Error: ${STATUS_MESSAGES[503]}`]);
  });

  it('shows nothing when a retry succeeds', async () => {
    answers = [503, 503, 200];
    await expect(read('post', 'ok')).resolves.toEqual({ ok: true });
    await settled();
    expect(requests).toBe(3);
    expect(notices).toEqual([]);
  });

  it('shows a GET 404 once, without retrying; a GET 500 only in place (not in GET’s list)', async () => {
    answers = [404];
    await expect(read('get', 'g404')).rejects.toMatchObject({ status: 404 });
    await settled();
    expect(notices).toEqual([`Error: ${STATUS_MESSAGES[404]}`]);
    notices.length = 0;
    requests = 0;
    answers = [500];
    await expect(read('get', 'g500')).rejects.toMatchObject({ status: 500 });
    await settled();
    expect(requests).toBe(4);
    expect(notices).toEqual([]);
  });

  it('shows a mutation’s 500 (PUT) and network failure (PUT, 999) once: mutations are never retried', async () => {
    answers = [500];
    await expect(apiClient.put('apps/appSettings/1', {})).rejects.toMatchObject({ status: 500 });
    await settled();
    expect(notices).toEqual([`Error: ${STATUS_MESSAGES[500]}`]);
    notices.length = 0;
    globalThis.fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(apiClient.put('apps/appSettings/1', {})).rejects.toMatchObject({ status: 999 });
    await settled();
    expect(notices).toEqual([`Error: ${STATUS_MESSAGES[999]}`]);
  });
});
