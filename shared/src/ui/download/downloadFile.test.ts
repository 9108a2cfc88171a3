import { ApiError } from '../../api/errors';
import { configureApiClient } from '../../api/client';
import { sessionStore } from '../../session/sessionStore';
import { downloadFile, fileNameOf } from './downloadFile';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const clicked: { href: string; download: string }[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock.mockReset();
  clicked.length = 0;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:portal/1');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  sessionStore.clearSession();
  configureApiClient({ baseUrl: '/api' });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('fileNameOf', () => {
  it("reads the server's file name, the RFC 5987 one first", () => {
    expect(fileNameOf(`attachment; filename="r.csv"; filename*=UTF-8''Gap%20report.csv`, 'x')).toBe('Gap report.csv');
    expect(fileNameOf('attachment; filename="shop-12.vex.json"', 'x')).toBe('shop-12.vex.json');
    expect(fileNameOf('attachment; filename=report.pdf', 'x')).toBe('report.pdf');
  });

  it('falls back without one', () => {
    expect(fileNameOf(null, 'traceability-demo.csv')).toBe('traceability-demo.csv');
    expect(fileNameOf('inline', 'report.pdf')).toBe('report.pdf');
  });
});

describe('downloadFile', () => {
  it('fetches with the credentials and saves the file under its name', async () => {
    sessionStore.setToken('t0k3n');
    fetchMock.mockResolvedValue(new Response('a,b\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="gaps.csv"' } }));
    await expect(downloadFile('reports/gaps', { graph: 'Demo', params: { format: 'csv' }, fallbackName: 'gaps-report.csv' })).resolves.toBe('gaps.csv');

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/reports/gaps?format=csv&graph=demo');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t0k3n');
    expect(clicked).toEqual([{ href: 'blob:portal/1', download: 'gaps.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    jest.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:portal/1');
  });

  it('posts a selection as JSON when given a body, and saves what the API made of it', async () => {
    fetchMock.mockResolvedValue(new Response('{"version":"2.1.0"}', { status: 200, headers: { 'content-disposition': 'attachment; filename="findings-demo.sarif"' } }));
    await expect(downloadFile('security/findings/export.sarif', { graph: 'demo', body: { ids: ['a', 'b'] }, fallbackName: 'findings.sarif' })).resolves.toBe('findings-demo.sarif');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/security/findings/export.sarif?graph=demo');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ ids: ['a', 'b'] }) });
    expect(new Headers(init.headers).get('Content-Type')).toMatch(/^application\/json/);
    expect(clicked).toEqual([{ href: 'blob:portal/1', download: 'findings-demo.sarif' }]);
  });

  it('fails as the API client does: the catalogue message, with the problem details', async () => {
    const problem = { status: 404, detail: 'The build has no VEX.' };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(problem), { status: 404, headers: { 'content-type': 'application/problem+json' } }));
    const error = await downloadFile('apps/shop/builds/1/vex', { graph: 'demo', fallbackName: 'shop.vex.json' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, problem });
    expect(clicked).toEqual([]);
  });

  it('fails with the catalogue message alone when the answer is not problem details', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await downloadFile('reports/gaps', { graph: 'demo', fallbackName: 'gaps.csv' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, problem: undefined });
  });

  it('clears the session on a 401, as every call of the API client does', async () => {
    sessionStore.setToken('t0k3n');
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    const error = await downloadFile('reports/gaps', { graph: 'demo', fallbackName: 'gaps.csv' }).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 401 });
    expect(sessionStore.getState().token).toBeNull();
    expect(clicked).toEqual([]);
  });
});
