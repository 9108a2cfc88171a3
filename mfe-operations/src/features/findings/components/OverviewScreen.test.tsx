import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderRoute, signInWith, testProcess, testSession } from '@portal/shared/testing';
import { history } from '@portal/shared';
import { finding, findingsPage } from '../../../testing/fixtures';
import { OverviewScreen } from './OverviewScreen';

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => setPermissionChecker(null));

const PER_CATEGORY = {
  sast: findingsPage([finding()], { total: 7, severity: { critical: 1, high: 4, medium: 2 } }),
  secret: findingsPage([], { total: 0 }),
  iac: findingsPage([], { total: 3, severity: { low: 3 } }),
  container: findingsPage([], { total: 2, severity: { critical: 2 } }),
  'cloud-posture': findingsPage([], { total: 0 }),
  'cloud-threat': findingsPage([], { total: 0 }),
};

describe('the security overview (/security)', () => {
  it("counts the open findings by category and severity from each category's totals, lists the newest, and links into the lists", async () => {
    setPermissionChecker((permission) => permission !== 'view=>AWS' && permission !== 'view=>Azure');
    const newest = finding({ id: 'n1', category: 'iac', title: 'S3 bucket without encryption', severity: 'critical', location: { kind: 'code', file: 'main.tf', region: { startLine: 4, startColumn: null, endLine: null, endColumn: null }, snippet: null } });
    const { calls } = fakeApi({
      'GET /api/security/findings': (call) =>
        call.query.category ? ok(PER_CATEGORY[call.query.category as keyof typeof PER_CATEGORY]) : ok(findingsPage([newest], { total: 12 })),
    });
    const { user } = renderRoute(OverviewScreen, '/security');
    const table = await screen.findByRole('table', { name: 'Open findings by category and severity' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Code (SAST)142007'));
    const rows = within(table).getAllByRole('row');
    // Code and IaC categories only: this user holds no cloud view.
    expect(rows.map((row) => within(row).queryAllByRole('rowheader')[0]?.textContent ?? '')).toEqual(['', 'Code (SAST)', 'Secrets', 'Infrastructure as code', 'Containers']);
    await waitFor(() => expect(rows[3]).toHaveTextContent('Infrastructure as code000303'));
    expect(rows[4]).toHaveTextContent('Containers200002');
    const perCategory = calls.filter((call) => call.query.category);
    expect(perCategory.map((call) => call.query.state)).toEqual(['open,confirmed', 'open,confirmed', 'open,confirmed', 'open,confirmed']);
    expect(calls.some((call) => call.query.category === 'cloud-posture')).toBe(false);

    expect(within(screen.getByRole('navigation', { name: 'Findings lists' })).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/security/sast', '/security/iac']);
    const newestTable = screen.getByRole('table', { name: 'Newest findings' });
    expect(calls.find((call) => !call.query.category)?.query).toMatchObject({ sort: 'first_seen', order: 'desc', limit: '10' });
    await user.click(within(newestTable).getByRole('link', { name: 'S3 bucket without encryption' }));
    expect(history.location.pathname + history.location.search).toBe('/security/iac?finding=n1');

  });

  it("leads a notification's link (?scope=&severity=) into the lists of that scope", async () => {
    fakeApi({ 'GET /api/security/findings': ok(findingsPage([])) });
    renderRoute(OverviewScreen, '/security', '/security?scope=repo%3Ashop-api&severity=critical');
    const nav = await screen.findByRole('navigation', { name: 'Findings of the scope' });
    expect(nav).toHaveTextContent('Critical findings of shop-api (repository)');
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/security/sast?scope=repo%3Ashop-api&severity=critical',
      '/security/iac?scope=repo%3Ashop-api&severity=critical',
    ]);
  });

  it('says so when there is no finding yet', async () => {
    fakeApi({ 'GET /api/security/findings': ok(findingsPage([])) });
    renderRoute(OverviewScreen, '/security');
    expect(await screen.findByText('No findings yet')).toBeInTheDocument();
  });
});
