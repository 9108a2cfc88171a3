import { history, setPermissionChecker } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderRoute } from '@portal/shared/testing';
import { applicationDetail, build, buildDetail, component, counts, finding, findingDetail, findingsPage } from '../../testing/fixtures';
import { signInEachTest, signInPlatformView } from '../../testing/sessions';
import { APP_KEYS } from '../../lib/queryKeys';
import { NO_PROCESSED_BUILD } from '../../features/applications/components/ApplicationHeader';
import { ApplicationScreen } from './ApplicationScreen';

const PATH = '/applications/:app_key';
const SHOP = applicationDetail('shop', [build(3, { status: 'FAILED', error: 'Not a CycloneDX or SPDX document.' }), build(2), build(1)], {
  name: 'Juice Shop',
  portfolio: 'Retail',
  vulnerabilities: counts({ CRITICAL: 1, HIGH: 1 }),
});

signInEachTest();

describe('the app page', () => {
  it('shows the app, its builds, and the newest processed build with its findings', async () => {
    const { calls } = fakeApi({
      'GET /api/apps/shop': { body: SHOP },
      'GET /api/apps/shop/builds/b2': { body: buildDetail(2, { vulnerabilities: counts({ CRITICAL: 1, HIGH: 1 }) }) },
      'POST /api/apps/shop/builds/b2/vulnerabilities': { body: findingsPage([finding('GHSA-1', { severity: 'CRITICAL', score: 9.8 }), finding('GHSA-2')]) },
      'GET /api/apps/shop/builds/b3': { body: buildDetail(3, { status: 'FAILED', error: 'Not a CycloneDX or SPDX document.' }) },
    });
    const { user } = renderRoute(ApplicationScreen, PATH, '/applications/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application shop' })).toBeInTheDocument();
    expect(await screen.findByText('Retail')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Findings of shop by severity' })).toHaveTextContent('Critical 1High 1');
    const builds = screen.getByRole('table', { name: 'Builds' });
    expect(within(builds).getAllByRole('row')).toHaveLength(4);
    expect(within(builds).getAllByRole('row')[2]).toHaveAttribute('aria-current', 'true');
    expect(within(within(builds).getAllByRole('row')[1]).getByText('Failed')).toBeInTheDocument();

    const findings = await screen.findByRole('table', { name: 'Findings' });
    expect(within(findings).getAllByRole('row')[1]).toHaveTextContent('GHSA-1');
    expect(calls.find((call) => call.method === 'POST')?.query).toEqual({ graph: 'core' });

    await user.click(within(builds).getByRole('link', { name: 'Open build #3' }));
    expect(await screen.findByText('Build #3 failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not a CycloneDX or SPDX document.');
    expect(history.location.search).toBe('?build=b3');
  });

  it('clears the app’s SBOMs after the confirmation, and does not ask for the cleared build again', async () => {
    const { calls } = fakeApi({
      'GET /api/apps/shop': [{ body: applicationDetail('shop', [build(1)]) }, { body: applicationDetail('shop', []) }],
      'GET /api/apps/shop/builds/b1': { body: buildDetail(1, { vulnerabilities: counts({ HIGH: 1 }) }) },
      'POST /api/apps/shop/builds/b1/vulnerabilities': { body: findingsPage([finding('GHSA-1')]) },
      'DELETE /api/sbom/shop': { body: { applications: 1, builds: 1 } },
    });
    const { user, snackbars } = renderRoute(ApplicationScreen, PATH, '/applications/shop');
    await screen.findByRole('table', { name: 'Findings' });
    await user.click(screen.getByRole('button', { name: 'Clear SBOMs' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear SBOMs' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No builds yet')).toBeInTheDocument();
    await waitFor(() => expect(snackbars).toContain('Cleared 1 build of 1 application.'));
    // Nothing left to clear: the button goes; the cleared build (404 now) is not fetched again.
    expect(screen.queryByRole('button', { name: 'Clear SBOMs' })).not.toBeInTheDocument();
    const cleared = calls.findIndex((call) => call.method === 'DELETE');
    expect(calls.slice(cleared).filter((call) => call.path.startsWith('/api/apps/shop/builds/'))).toEqual([]);
  });

  it('follows a build being processed until it is done', async () => {
    const processing = applicationDetail('shop', [build(1, { status: 'PROCESSING' })]);
    const done = applicationDetail('shop', [build(1)]);
    const { calls } = fakeApi({
      'GET /api/apps/shop': [{ body: processing }, { body: done }],
      'GET /api/apps/shop/builds/b1': [{ body: buildDetail(1, { status: 'PROCESSING' }) }, { body: buildDetail(1, { vulnerability_count: 0 }) }],
      'POST /api/apps/shop/builds/b1/vulnerabilities': { body: findingsPage([]) },
    });
    const { queryClient } = renderRoute(ApplicationScreen, PATH, '/applications/shop');
    expect(await screen.findByText('Building the component tree and matching components against advisories…')).toBeInTheDocument();
    // No polling: the page reads again when the build's DONE event marks its queries stale (the
    // remote's live rules do that: LiveApplications.test.tsx).
    expect(calls.filter((call) => call.path === '/api/apps/shop')).toHaveLength(1);
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: APP_KEYS.app('core', 'shop'), exact: true });
      await queryClient.invalidateQueries({ queryKey: APP_KEYS.build('core', 'shop', 'b1') });
    });
    expect(await screen.findByText('No findings')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/apps/shop')).toHaveLength(2);
  });

  it("says 'Invalid app key' for a key the process does not hold", async () => {
    fakeApi({ 'GET /api/apps/nope': { status: 404, problem: { detail: 'Invalid app key' } } });
    renderRoute(ApplicationScreen, PATH, '/applications/nope');
    const alert = await screen.findByRole('alert');
    // Said once: the API's message is the catalogue's own.
    expect(alert).toHaveTextContent(/^Invalid app key$/);
    expect(screen.getByText(/No application of this process has the key “nope”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Security Posture' })).toHaveAttribute('href', '/applications');
  });

  it('moves to the new key’s page when the app key is changed there', async () => {
    const renamed = applicationDetail('webshop', [], { name: 'Juice Shop' });
    const { calls, mutations } = fakeApi({
      'GET /api/apps/shop': [{ body: applicationDetail('shop', [], { name: 'Juice Shop' }) }, { status: 404, problem: { detail: 'Invalid app key' } }],
      'PUT /api/apps/shop': { body: renamed },
      'GET /api/apps/webshop': { body: renamed },
    });
    const { user } = renderRoute(ApplicationScreen, PATH, '/applications/shop');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit application shop' });
    const key = within(edit).getByLabelText(/App key/);
    await user.clear(key);
    await user.type(key, 'webshop');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Application webshop' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/applications/webshop');
    expect(screen.queryByText('Invalid app key')).not.toBeInTheDocument();
    expect(mutations()[0]).toMatchObject({ method: 'PUT', path: '/api/apps/shop', body: { app_key: 'webshop' } });
    // The old key, which answers 404 now, is not asked again.
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/apps/shop')).toHaveLength(1);
  });

  it('gives focus back to Edit when its dialog closes, by Escape or by saving (it fell to the page before)', async () => {
    const shop = applicationDetail('shop', [], { name: 'Juice Shop' });
    fakeApi({ 'GET /api/apps/shop': { body: shop }, 'PUT /api/apps/shop': { body: { ...shop, name: 'Juice Shop EU' } } });
    const { user } = renderRoute(ApplicationScreen, PATH, '/applications/shop');
    const edit = await screen.findByRole('button', { name: 'Edit' });
    edit.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: 'Edit application shop' });
    await waitFor(() => expect(within(dialog).getByLabelText(/App key/)).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(edit).toHaveFocus());

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Edit application shop' });
    await user.type(within(dialog).getByLabelText(/^Name/), ' EU');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('has tabs of the WAI-ARIA pattern: one Tab stop, arrow keys and Home/End move between them', async () => {
    fakeApi({ 'GET /api/apps/shop': { body: applicationDetail('shop', []) }, 'GET /api/apps/shop/deploymentProfiles': { body: [] } });
    const { user } = renderRoute(ApplicationScreen, PATH, '/applications/shop');
    const tablist = await screen.findByRole('tablist', { name: 'Application shop' });
    const builds = within(tablist).getByRole('tab', { name: 'Builds' });
    const profiles = within(tablist).getByRole('tab', { name: 'Deployment profiles' });
    expect(builds).toHaveAttribute('aria-selected', 'true');
    expect(builds).toHaveAttribute('tabindex', '0');
    expect(profiles).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Builds' })).toHaveTextContent('No builds yet');
    builds.focus();
    await user.keyboard('{ArrowRight}');
    expect(profiles).toHaveFocus();
    expect(profiles).toHaveAttribute('aria-selected', 'true');
    expect(profiles).toHaveAttribute('tabindex', '0');
    expect(history.location.search).toBe('?tab=deployment');
    expect(await screen.findByRole('tabpanel', { name: 'Deployment profiles' })).toHaveTextContent('Create them on the RBOM settings page.');
    await user.keyboard('{Home}');
    expect(builds).toHaveFocus();
    await user.keyboard('{End}');
    expect(profiles).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(builds).toHaveAttribute('aria-selected', 'true');
  });

  it('offers a READER no upload and no changes, and an app without builds its empty state', async () => {
    setPermissionChecker((permission) => permission.startsWith('view=>') || permission.startsWith('list=>'));
    fakeApi({ 'GET /api/apps/shop': { body: applicationDetail('shop', []) } });
    renderRoute(ApplicationScreen, PATH, '/applications/shop');
    expect(await screen.findByText('No builds yet')).toBeInTheDocument();
    expect(screen.getByText('Builds appear here once an SBOM is uploaded.')).toBeInTheDocument();
    // No zero counts for findings nobody looked for yet.
    expect(screen.getByText(NO_PROCESSED_BUILD)).toBeInTheDocument();
    expect(screen.queryByLabelText('Findings of shop by severity')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('SBOM file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('reads an app of another process in Platform View from its link, without changes', async () => {
    signInPlatformView();
    const { calls } = fakeApi({ 'GET /api/apps/gateway': { body: applicationDetail('gateway', [], { process: 'EDGE' }) } });
    renderRoute(ApplicationScreen, PATH, '/applications/gateway?process=edge');
    expect(await screen.findByText('No builds yet')).toBeInTheDocument();
    expect(calls[0].query).toEqual({ graph: 'edge' });
    expect(screen.queryByLabelText('SBOM file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('opens the component tree and a component, and its vulnerability from there', async () => {
    fakeApi({
      'GET /api/apps/shop': { body: applicationDetail('shop', [build(1)]) },
      'GET /api/apps/shop/builds/b1': { body: buildDetail(1) },
      'GET /api/apps/shop/builds/b1/vulnerabilities/GHSA-9': (call) =>
        call.query.component === 'qs' ? { body: findingDetail(finding('GHSA-9', { component: { bom_ref: 'qs', name: 'qs' } }), { advisory: null }) } : { status: 409, problem: { detail: 'Name one component.' } },
      'GET /api/sbom': {
        body: {
          app_key: 'shop',
          build: build(1),
          components: [component('shop', null), component('express', 'shop'), component('qs', 'express', { vulnerabilities: [{ id: 'GHSA-9', severity: 'HIGH' }] })],
        },
      },
    });
    const { user } = renderRoute(ApplicationScreen, PATH, '/applications/shop?view=components');
    const tree = await screen.findByRole('tree', { name: 'Components' });
    expect(within(tree).getAllByRole('treeitem').map((item) => item.getAttribute('aria-label'))).toEqual(['shop 1.0.0', 'express 1.0.0']);
    await user.click(within(tree).getByRole('treeitem', { name: 'express 1.0.0' }));
    expect(history.location.search).toContain('component=express');
    tree.focus();
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowDown}{Enter}');
    const detail = await screen.findByRole('region', { name: 'Component qs 1.0.0' });
    expect(within(detail).getByText('pkg:npm/qs@1.0.0')).toBeInTheDocument();
    await user.click(within(detail).getByRole('link', { name: 'GHSA-9' }));
    const dialog = await screen.findByRole('dialog', { name: 'GHSA-9' });
    expect(await within(dialog).findByText('qs 4.17.15')).toBeInTheDocument();
    expect(within(dialog).getByText('The advisory is no longer in the vulnerability database.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.search).not.toContain('vuln=');
  });
});
