// The new-version banner (spec 7, 8, 9): the app-version file is asked at once and then every
// interval (15 minutes, shortened for tests); a version other than the loaded one shows the
// banner, whose UPDATE Now reloads.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortalQueryClient, PortalProvider, VERSION_CHECK_MS } from '@portal/shared';
import { newVersionMessage, NewVersionBanner, reloadPage } from './NewVersionBanner';
import { resetVersionState, VERSION_INTERVAL_STORAGE_KEY, versionCheckInterval } from './versionCheck';

let versions: string[];
let calls: number;

/** The fake version file: only that file is asked for, and each call answers the next version. */
async function answerVersion(input: RequestInfo | URL) {
  expect(String(input)).toBe('/api/misc/version');
  const version = versions[Math.min(calls, versions.length - 1)];
  calls += 1;
  return new Response(JSON.stringify({ version }), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  resetVersionState();
  window.localStorage.clear();
  delete window.__PORTAL_VERSION_INTERVAL__;
  calls = 0;
  global.fetch = jest.fn(answerVersion) as typeof fetch;
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

const renderBanner = () =>
  render(
    <PortalProvider queryClient={createPortalQueryClient()}>
      <NewVersionBanner />
    </PortalProvider>,
  );
const tick = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

it('checks every 15 minutes by default, and the interval can be shortened for tests', () => {
  expect(versionCheckInterval()).toBe(VERSION_CHECK_MS);
  expect(VERSION_CHECK_MS).toBe(15 * 60 * 1000);
  window.localStorage.setItem(VERSION_INTERVAL_STORAGE_KEY, '2000');
  expect(versionCheckInterval()).toBe(2000);
  window.__PORTAL_VERSION_INTERVAL__ = 500;
  expect(versionCheckInterval()).toBe(500);
  window.__PORTAL_VERSION_INTERVAL__ = -1;
  window.localStorage.setItem(VERSION_INTERVAL_STORAGE_KEY, 'soon');
  expect(versionCheckInterval()).toBe(VERSION_CHECK_MS);
});

it('shows nothing while the version is the loaded one, and the banner once it changes; UPDATE Now reloads', async () => {
  versions = ['1.1.0', '1.1.0', '1.2.0'];
  const reload = jest.spyOn(reloadPage, 'run').mockImplementation(() => undefined);
  renderBanner();
  await tick(0);
  expect(calls).toBe(1);
  await tick(VERSION_CHECK_MS - 1);
  expect(calls).toBe(1);
  await tick(1);
  expect(calls).toBe(2);
  expect(screen.queryByTestId('new-version-banner')).not.toBeInTheDocument();

  await tick(VERSION_CHECK_MS);
  expect(calls).toBe(3);
  expect(screen.getByRole('status')).toHaveTextContent('New Security Portal version 1.2.0 is available.');
  expect(newVersionMessage('1.2.0')).toBe('New Security Portal version 1.2.0 is available.');

  jest.useRealTimers();
  await userEvent.click(screen.getByRole('button', { name: 'UPDATE Now' }));
  expect(reload).toHaveBeenCalledTimes(1);
  reload.mockRestore();
});

it('uses the shortened interval, and ignores failed or malformed answers', async () => {
  window.__PORTAL_VERSION_INTERVAL__ = 1000;
  versions = ['1.1.0'];
  renderBanner();
  await tick(0);
  (global.fetch as jest.Mock).mockImplementationOnce(async () => new Response('oops', { status: 500 }));
  await tick(1000);
  (global.fetch as jest.Mock).mockImplementationOnce(async () => new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } }));
  await tick(1000);
  expect(screen.queryByTestId('new-version-banner')).not.toBeInTheDocument();
  versions = ['1.3.0'];
  await tick(1000);
  expect(await screen.findByText('New Security Portal version 1.3.0 is available.')).toBeInTheDocument();
});

it('stops checking when it leaves the page', async () => {
  versions = ['1.1.0'];
  window.__PORTAL_VERSION_INTERVAL__ = 1000;
  const { unmount } = renderBanner();
  await tick(0);
  unmount();
  const before = calls;
  await tick(5000);
  expect(calls).toBe(before);
});
