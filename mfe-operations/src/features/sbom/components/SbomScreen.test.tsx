import { screen, waitFor, within } from '@testing-library/react';
import type { PortfolioComponent, PortfolioResource } from '@portal/shared';
import { history, sessionStore } from '@portal/shared';
import { fakeApi, ok, renderRoute, signInWith, testProcess, testSession, type FakeCall } from '@portal/shared/testing';
import { SbomScreen } from './SbomScreen';

const SBOM = '/security/sbom';
const counts = (values: Partial<PortfolioComponent['severities']> = {}) => {
  const all = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, NONE: 0, UNKNOWN: 0, ...values };
  return { ...all, total: Object.values(all).reduce((sum, value) => sum + value, 0) };
};

const lodash: PortfolioComponent = {
  key: 'pkg:npm/lodash@4.17.15',
  purl: 'pkg:npm/lodash@4.17.15',
  group: null,
  name: 'lodash',
  version: '4.17.15',
  ecosystem: 'npm',
  applications: [
    { app_key: 'shop', name: 'Shop' },
    { app_key: 'web', name: 'Web' },
  ],
  vulnerabilities: [
    {
      id: 'GHSA-35jh-r3h4-6jhm',
      aliases: ['CVE-2021-23337'],
      severity: 'HIGH',
      score: 7.2,
      active_exploit: true,
      summary: 'Command Injection in lodash',
      fixed_versions: ['4.17.21'],
      analyses: [
        { app_key: 'shop', state: 'not_affected' },
        { app_key: 'web', state: 'false_positive' },
      ],
    },
    {
      id: 'GHSA-29mw-wpgm-hmr9',
      aliases: ['CVE-2020-28500'],
      severity: 'MEDIUM',
      score: 5.3,
      active_exploit: false,
      summary: 'ReDoS in lodash',
      fixed_versions: ['4.17.21'],
      analyses: [
        { app_key: 'shop', state: null },
        { app_key: 'web', state: null },
      ],
    },
  ],
  severities: counts({ HIGH: 1, MEDIUM: 1 }),
  highest_severity: 'HIGH',
};

const guzzle: PortfolioComponent = {
  key: 'pkg:composer/guzzlehttp/psr7@1.6.1',
  purl: 'pkg:composer/guzzlehttp/psr7@1.6.1',
  group: 'guzzlehttp',
  name: 'psr7',
  version: '1.6.1',
  ecosystem: 'composer',
  applications: [{ app_key: 'php', name: 'PHP' }],
  vulnerabilities: [
    { id: 'GHSA-q7rv-6hp3-vh96', aliases: [], severity: 'MEDIUM', score: null, active_exploit: false, summary: null, fixed_versions: [], analyses: [{ app_key: 'php', state: null }] },
  ],
  severities: counts({ MEDIUM: 1 }),
  highest_severity: 'MEDIUM',
};

const page = <T,>(items: T[], total = items.length, offset = 0, next_offset: number | null = null) => ({ items, total, limit: 50, offset, next_offset });

const shop: PortfolioResource = {
  id: 'a1',
  app_key: 'shop',
  name: 'Shop',
  portfolio: 'Retail',
  current_build: { id: 'b2', number: 2, created_at: '2026-11-26T10:00:00.000Z' },
  latest_build_at: '2026-11-27T08:00:00.000Z',
  vulnerable_components: 3,
  vulnerabilities: counts({ CRITICAL: 1, HIGH: 2 }),
  active_exploits: 1,
};
const idle: PortfolioResource = {
  id: 'a4',
  app_key: 'idle',
  name: 'Idle',
  portfolio: null,
  current_build: null,
  latest_build_at: null,
  vulnerable_components: 0,
  vulnerabilities: counts(),
  active_exploits: 0,
};

const APPS = ok([
  { id: 'a1', app_key: 'shop', name: 'Shop' },
  { id: 'a2', app_key: 'web', name: 'Web' },
]);
const componentCalls = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/apps/componentsVulnerabilities');
const resourceCalls = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/apps/resourcesVulnerabilities');

beforeEach(() => signInWith(testSession(), testProcess()));

describe('the portfolio SBOM view (/security/sbom)', () => {
  it('lists the vulnerable components with their applications (links), vulnerabilities, KEV and VEX states, the total, and reads more pages', async () => {
    const { calls } = fakeApi({
      'GET /api/apps': APPS,
      'GET /api/apps/componentsVulnerabilities': (call) =>
        call.query.offset === '1' ? ok(page([guzzle], 2, 1)) : ok(page([lodash], 2, 0, 1)),
    });
    const { user } = renderRoute(SbomScreen, SBOM);
    const table = await screen.findByRole('table', { name: 'Vulnerable components' });
    expect(componentCalls(calls)[0]?.query).toEqual({ graph: 'core', sort: 'severity', order: 'desc', limit: '50' });
    expect(screen.getByRole('tab', { name: 'Components', selected: true })).toBeInTheDocument();
    expect(screen.getByText('2 vulnerable components')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('lodash');
    expect(row).toHaveTextContent('pkg:npm/lodash@4.17.15');
    expect(row).toHaveTextContent('4.17.15');
    expect(row).toHaveTextContent('npm');
    expect(row).toHaveTextContent('1 High');
    expect(row).toHaveTextContent('1 Medium');
    expect(row).toHaveTextContent('GHSA-35jh-r3h4-6jhm');
    expect(row).toHaveTextContent('Known exploited');
    expect(row).toHaveTextContent('shop: Not affected · web: False positive');
    expect(row).toHaveTextContent('GHSA-29mw-wpgm-hmr9');
    expect(within(row).getByRole('link', { name: 'shop' })).toHaveAttribute('href', '/applications/shop');
    await user.click(within(row).getByRole('link', { name: 'web' }));
    expect(history.location.pathname).toBe('/applications/web');
    history.replace(SBOM);

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Vulnerable components' })).getAllByRole('row')).toHaveLength(3));
    expect(componentCalls(calls).at(-1)?.query).toMatchObject({ offset: '1' });
    const second = within(screen.getByRole('table', { name: 'Vulnerable components' })).getAllByRole('row')[2]!;
    expect(second).toHaveTextContent('guzzlehttp/psr7');
    expect(second).toHaveTextContent('composer');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by severity and application, searches (debounced) and sorts on the server', async () => {
    const { calls } = fakeApi({ 'GET /api/apps': APPS, 'GET /api/apps/componentsVulnerabilities': ok(page([lodash])) });
    const { user } = renderRoute(SbomScreen, SBOM);
    await screen.findByRole('table', { name: 'Vulnerable components' });
    await user.selectOptions(screen.getByLabelText('Severity', { selector: 'select' }), 'HIGH');
    await waitFor(() => expect(componentCalls(calls).at(-1)?.query).toMatchObject({ severity: 'HIGH' }));
    await waitFor(() => expect(screen.getByLabelText('Application', { selector: 'select' })).toHaveTextContent('Web (web)'));
    await user.selectOptions(screen.getByLabelText('Application', { selector: 'select' }), 'web');
    await waitFor(() => expect(componentCalls(calls).at(-1)?.query).toMatchObject({ severity: 'HIGH', application: 'web' }));
    await user.selectOptions(screen.getByLabelText('Sort by', { selector: 'select' }), 'name');
    await waitFor(() => expect(componentCalls(calls).at(-1)?.query).toMatchObject({ sort: 'name', order: 'asc' }));
    await user.selectOptions(screen.getByLabelText('Sort by', { selector: 'select' }), 'applications');
    await waitFor(() => expect(componentCalls(calls).at(-1)?.query).toMatchObject({ sort: 'applications', order: 'desc' }));
    const before = componentCalls(calls).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'CVE-2021-23337');
    await waitFor(() => expect(componentCalls(calls).at(-1)?.query).toMatchObject({ q: 'CVE-2021-23337' }));
    expect(componentCalls(calls).length - before).toBe(1);
    expect(screen.getByText('1 vulnerable component match')).toBeInTheDocument();
  });

  it('says when no application has a vulnerable component, and when none matches the filters', async () => {
    fakeApi({ 'GET /api/apps': APPS, 'GET /api/apps/componentsVulnerabilities': ok(page([])) });
    const { user } = renderRoute(SbomScreen, SBOM);
    expect(await screen.findByText('No application has a vulnerable component')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Severity', { selector: 'select' }), 'CRITICAL');
    expect(await screen.findByText('No component matches the filters.')).toBeInTheDocument();
  });

  it('shows the API failure in place, and retries', async () => {
    const { calls } = fakeApi({
      'GET /api/apps': APPS,
      'GET /api/apps/componentsVulnerabilities': [{ status: 400, problem: { detail: "'q' must have from 1 to 200 characters." } }, ok(page([lodash]))],
    });
    const { user } = renderRoute(SbomScreen, SBOM);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("'q' must have from 1 to 200 characters.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Vulnerable components' })).toBeInTheDocument();
    expect(componentCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('asks for a process when none is selected', async () => {
    sessionStore.setProcess(null);
    const { calls } = fakeApi({});
    renderRoute(SbomScreen, SBOM);
    expect(await screen.findByText('No process selected')).toBeInTheDocument();
    expect(componentCalls(calls)).toEqual([]);
  });

  it('lists the applications with their current build, vulnerable components, severities and newest build on the Applications tab', async () => {
    const { calls } = fakeApi({
      'GET /api/apps': APPS,
      'GET /api/apps/componentsVulnerabilities': ok(page([lodash])),
      'GET /api/apps/resourcesVulnerabilities': ok(page([shop, idle])),
    });
    const { user } = renderRoute(SbomScreen, SBOM);
    await user.click(await screen.findByRole('tab', { name: 'Applications' }));
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(history.location.search).toBe('?tab=applications');
    expect(resourceCalls(calls)[0]?.query).toEqual({ graph: 'core', sort: 'severity', order: 'desc', limit: '50' });
    expect(screen.getByText('2 applications')).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'shop' })).toHaveAttribute('href', '/applications/shop');
    expect(first).toHaveTextContent('Shop · Retail');
    expect(first).toHaveTextContent('#2 (2026-11-26)');
    expect(first).toHaveTextContent('1 Critical');
    expect(first).toHaveTextContent('2 High');
    expect(first).toHaveTextContent('2026-11-27');
    expect(second).toHaveTextContent('No processed build');
    expect(second).toHaveTextContent('None');

    await user.selectOptions(screen.getByLabelText('Sort by', { selector: 'select' }), 'build_date');
    await waitFor(() => expect(resourceCalls(calls).at(-1)?.query).toMatchObject({ sort: 'build_date', order: 'desc' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sho');
    await waitFor(() => expect(resourceCalls(calls).at(-1)?.query).toMatchObject({ q: 'sho' }));
  });

  it('opens on the Applications tab from its link', async () => {
    const { calls } = fakeApi({ 'GET /api/apps': APPS, 'GET /api/apps/resourcesVulnerabilities': ok(page([idle])) });
    renderRoute(SbomScreen, SBOM, `${SBOM}?tab=applications`);
    expect(await screen.findByRole('table', { name: 'Applications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Applications', selected: true })).toBeInTheDocument();
    expect(componentCalls(calls)).toEqual([]);
  });
});
