import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderRoute, signInWith, testProcess, testSession } from '@portal/shared/testing';
import { history } from '@portal/shared';
import { finding, findingCounts, findingsPage } from '../../../testing/fixtures';
import { OverviewScreen } from './OverviewScreen';

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => setPermissionChecker(null));

const SLA = { sla: { critical: 7, high: 30, medium: 90, low: 180, info: null }, default: true };
const TREND = {
  days: [
    { date: '2026-11-25', new: 0, fixed: 0, open: 4 },
    { date: '2026-11-26', new: 3, fixed: 1, open: 6 },
    { date: '2026-11-27', new: 1, fixed: 0, open: 7 },
  ],
};
const overviewReads = {
  'GET /api/security/sla': ok(SLA),
  'GET /api/security/findings/trend': ok(TREND),
  'GET /api/security/findings/groups': (call: { query: Record<string, string> }) =>
    ok({ by: call.query.by, total: 1, groups: [{ key: call.query.by === 'rule' ? 'js/xss' : 'src/app.js', count: 4, severity: { critical: 0, high: 4, medium: 0, low: 0, info: 0 } }] }),
};

const PER_CATEGORY = {
  sast: findingCounts(7, { severity: { critical: 1, high: 4, medium: 2 } }),
  secret: findingCounts(0),
  iac: findingCounts(3, { severity: { low: 3 } }),
  container: findingCounts(2, { severity: { critical: 2 } }),
  'cloud-posture': findingCounts(0),
  'cloud-threat': findingCounts(0),
};

describe('the security overview (/security)', () => {
  it("counts the open findings by category and severity from each category's totals, lists the newest, and links into the lists", async () => {
    setPermissionChecker((permission) => permission !== 'view=>AWS' && permission !== 'view=>Azure');
    const newest = finding({ id: 'n1', category: 'iac', title: 'S3 bucket without encryption', severity: 'critical', location: { kind: 'code', file: 'main.tf', region: { startLine: 4, startColumn: null, endLine: null, endColumn: null }, snippet: null } });
    const { calls } = fakeApi({
      ...overviewReads,
      'GET /api/security/findings/counts': (call) =>
        call.query.overdue
          ? ok(findingCounts(3, { severity: { critical: 1, high: 2 } }))
          : ok((PER_CATEGORY[call.query.category as keyof typeof PER_CATEGORY])),
      'GET /api/security/findings': ok(findingsPage([newest], { total: 12 })),
    });
    const { user } = renderRoute(OverviewScreen, '/security');
    const table = await screen.findByRole('table', { name: 'Open findings by category and severity' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Code (SAST)142007'));
    const rows = within(table).getAllByRole('row');
    // Code and IaC categories only: this user holds no cloud view.
    expect(rows.map((row) => within(row).queryAllByRole('rowheader')[0]?.textContent ?? '')).toEqual(['', 'Code (SAST)', 'Secrets', 'Infrastructure as code', 'Containers']);
    await waitFor(() => expect(rows[3]).toHaveTextContent('Infrastructure as code000303'));
    expect(rows[4]).toHaveTextContent('Containers200002');
    const perCategory = calls.filter((call) => call.path === '/api/security/findings/counts' && call.query.category && !call.query.overdue);
    expect(perCategory.map((call) => call.query.state)).toEqual(['open,confirmed', 'open,confirmed', 'open,confirmed', 'open,confirmed']);
    expect(calls.some((call) => call.query.category === 'cloud-posture')).toBe(false);

    expect(within(screen.getByRole('navigation', { name: 'Findings lists' })).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/security/sast', '/security/iac', '/metrics', '/alarms']);
    const newestTable = screen.getByRole('table', { name: 'Newest findings' });
    expect(calls.find((call) => call.path === '/api/security/findings' && !call.query.category)?.query).toMatchObject({ sort: 'first_seen', order: 'desc', limit: '10' });
    await user.click(within(newestTable).getByRole('link', { name: 'S3 bucket without encryption' }));
    expect(history.location.pathname + history.location.search).toBe('/security/iac?finding=n1');
  });

  it('shows the findings past their due date, the SLA, the trend and the top rules and resources', async () => {
    setPermissionChecker((permission) => permission !== 'view=>AWS' && permission !== 'view=>Azure');
    const { calls } = fakeApi({
      ...overviewReads,
      'GET /api/security/findings/counts': (call) => (call.query.overdue ? ok(findingCounts(3, { severity: { critical: 1, high: 2 } })) : ok(findingCounts(0))),
      'GET /api/security/findings': ok(findingsPage([])),
    });
    renderRoute(OverviewScreen, '/security');
    const breaches = await screen.findByRole('region', { name: 'SLA breaches' });
    await waitFor(() => expect(breaches).toHaveTextContent('3 findings'));
    expect(breaches).toHaveTextContent('Critical 1 · High 2');
    expect(calls.find((call) => call.query.overdue)?.query).toMatchObject({ overdue: 'true', state: 'open,confirmed', category: 'sast,secret,iac,container' });
    expect(within(breaches).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/security/sast?overdue=true', '/security/iac?overdue=true']);

    const sla = await screen.findByRole('region', { name: 'Findings SLA' });
    await waitFor(() => expect(sla).toHaveTextContent('Critical7 days'));
    expect(sla).toHaveTextContent('Infono due date');
    expect(sla).toHaveTextContent("The portal's default");

    const trend = screen.getByRole('region', { name: 'Trend' });
    expect(await within(trend).findByRole('img')).toHaveAccessibleName('Open findings went from 4 on 2026-11-25 to 7 on 2026-11-27: 4 findings found and 1 fixed in 30 days.');
    expect(calls.find((call) => call.path === '/api/security/findings/trend')?.query).toMatchObject({ days: '30', category: 'sast,secret,iac,container' });

    const top = screen.getByRole('region', { name: 'Top rules and resources' });
    expect(await within(top).findByRole('table', { name: /By rule/ })).toHaveTextContent('js/xss');
    expect(within(top).getByRole('table', { name: /By resource/ })).toHaveTextContent('src/app.js');
    // Counts, not filters: nothing to click.
    expect(within(top).queryAllByRole('button')).toHaveLength(0);
  });

  it('lets who may update the process change the SLA; the API refusal shows at its field', async () => {
    const { calls } = fakeApi({
      ...overviewReads,
      'GET /api/security/findings': ok(findingsPage([])),
      'PUT /api/security/sla': [
        { status: 400, problem: { detail: "'high' must be a whole number of days from 1 to 3650, or null for no due date.", errors: [{ field: 'high', message: "'high' must be a whole number of days from 1 to 3650, or null for no due date." }] } },
        ok({ sla: { critical: 3, high: 14, medium: 90, low: null, info: null }, default: false }),
      ],
    });
    const { user } = renderRoute(OverviewScreen, '/security');
    const sla = await screen.findByRole('region', { name: 'Findings SLA' });
    await user.click(await within(sla).findByRole('button', { name: 'Edit SLA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Findings SLA' });
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Critical' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Critical' }), '3');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'High' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'High' }), '0');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Low' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save SLA' }));
    expect(await within(dialog).findByText("'high' must be a whole number of days from 1 to 3650, or null for no due date.")).toBeInTheDocument();
    // No due date is a null, which the client leaves out: the API reads it so.
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({ critical: 3, high: 0, medium: 90 });
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'High' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'High' }), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Save SLA' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Findings SLA' })).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({ critical: 3, high: 14, medium: 90 });
  });

  it('offers no SLA editing without the permission to update the process', async () => {
    setPermissionChecker((permission) => permission !== 'update=>Process');
    fakeApi({ ...overviewReads, 'GET /api/security/findings': ok(findingsPage([])) });
    renderRoute(OverviewScreen, '/security');
    const sla = await screen.findByRole('region', { name: 'Findings SLA' });
    await waitFor(() => expect(sla).toHaveTextContent('Critical7 days'));
    expect(within(sla).queryByRole('button', { name: 'Edit SLA' })).toBeNull();
  });

  it("leads a notification's link (?scope=&severity=) into the lists of that scope", async () => {
    fakeApi({ ...overviewReads, 'GET /api/security/findings': ok(findingsPage([])) });
    renderRoute(OverviewScreen, '/security', '/security?scope=repo%3Ashop-api&severity=critical');
    const nav = await screen.findByRole('navigation', { name: 'Findings of the scope' });
    expect(nav).toHaveTextContent('Critical findings of shop-api (repository)');
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/security/sast?scope=repo%3Ashop-api&severity=critical',
      '/security/iac?scope=repo%3Ashop-api&severity=critical',
    ]);
  });

  it('says so when there is no finding yet', async () => {
    fakeApi({ ...overviewReads, 'GET /api/security/findings': ok(findingsPage([])) });
    renderRoute(OverviewScreen, '/security');
    expect(await screen.findByText('No findings yet')).toBeInTheDocument();
  });
});
