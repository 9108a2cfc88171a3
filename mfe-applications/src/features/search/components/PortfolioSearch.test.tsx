import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, fill, renderRoute } from '@portal/shared/testing';
import { signIn } from '../../../testing/sessions';
import { PortfolioSearch } from './PortfolioSearch';

const InProcess = () => <PortfolioSearch scope="core" platformView={false} />;
const Everywhere = () => <PortfolioSearch scope={undefined} platformView />;

const COMPONENT_HIT = { app_key: 'shop', build_id: 'b2', build_number: 2, bom_ref: 'pkg:npm/lodash@4.17.15', type: 'library', group: null, name: 'lodash', version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15', vulnerability_count: 3 };
const VULNERABILITY_HIT = {
  vulnerability_id: 'GHSA-35jh-r3h4-6jhm', aliases: ['CVE-2021-23337'], severity: 'HIGH', score: 7.2, active_exploit: false, summary: 'Command Injection in lodash',
  app_key: 'shop', build_id: 'b2', build_number: 2, bom_ref: 'pkg:npm/lodash@4.17.15', name: 'lodash', version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15',
};
const BUILD_HIT = { id: 'b2', number: 2, status: 'DONE', format: 'CycloneDX', spec_version: '1.2', component_count: 840, vulnerability_count: 37, created_at: '2026-11-21T09:30:00.000Z', app_key: 'shop', app_name: 'Juice Shop', portfolio: 'Retail' };

beforeEach(() => signIn());

describe('the searches across apps', () => {
  it('runs no search for empty or blank text, then searches components and links each hit to its build', async () => {
    const { calls } = fakeApi({ 'GET /api/apps/components/search': { body: [COMPONENT_HIT] } });
    const { user } = renderRoute(InProcess, '/applications');
    const box = screen.getByRole('searchbox', { name: 'Search components' });
    await user.type(box, '   ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toHaveLength(0);
    expect(screen.getByText("Type to search the components of every app's latest build.")).toBeInTheDocument();

    await fill(user, box, 'lodash');
    const results = await screen.findByRole('table', { name: 'Components found' });
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ graph: 'core', search: 'lodash' });
    expect(within(results).getByRole('link', { name: 'shop #2' })).toHaveAttribute('href', '/applications/shop?build=b2&view=components');
    // The count follows the table (its live footer is outside it: a table holds only rows).
    expect(results.parentElement).toHaveTextContent(/1 hit$/);
  });

  it('searches vulnerabilities, and builds in a category, each opening the right place', async () => {
    const { calls } = fakeApi({
      'GET /api/apps/vulnerabilities/search': { body: [VULNERABILITY_HIT] },
      'GET /api/apps/builds/search': (call) => ({ body: call.query.category === 'component' ? [BUILD_HIT] : [] }),
    });
    const { user } = renderRoute(InProcess, '/applications');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search for' }), 'vulnerabilities');
    await fill(user, screen.getByRole('searchbox', { name: 'Search vulnerabilities' }), 'CVE-2021-23337');
    const found = await screen.findByRole('table', { name: 'Vulnerabilities found' });
    expect(within(found).getByRole('link', { name: 'GHSA-35jh-r3h4-6jhm' })).toHaveAttribute(
      'href',
      '/applications/shop?build=b2&view=findings&vuln=GHSA-35jh-r3h4-6jhm&ref=pkg%3Anpm%2Flodash%404.17.15',
    );
    expect(within(found).getByText('High')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Search for' }), 'builds');
    await fill(user, screen.getByRole('searchbox', { name: 'Search builds' }), 'lodash');
    expect(await screen.findByText('No build matches “lodash”.')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ graph: 'core', search: 'lodash', category: 'all' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Matching' }), 'component');
    const builds = await screen.findByRole('table', { name: 'Builds found' });
    expect(calls.at(-1)?.query).toEqual({ graph: 'core', search: 'lodash', category: 'component' });
    expect(within(builds).getByText('Juice Shop · Retail')).toBeInTheDocument();
  });

  it('searches every process in Platform View and names each hit’s process in its link', async () => {
    const { calls } = fakeApi({
      'GET /api/projects': { body: [{ id: 'p1', code_name: 'CORE', name: 'Core' }, { id: 'p2', code_name: 'EDGE', name: 'Edge' }] },
      'GET /api/apps/components/search': (call) => ({ body: call.query.graph === 'edge' ? [{ ...COMPONENT_HIT, app_key: 'gateway' }] : [] }),
    });
    const { user } = renderRoute(Everywhere, '/applications');
    await fill(user, screen.getByRole('searchbox', { name: 'Search components' }), 'lodash');
    const results = await screen.findByRole('table', { name: 'Components found' });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/apps/components/search').map((call) => call.query.graph).sort()).toEqual(['core', 'edge']));
    expect(within(results).getByRole('link', { name: 'gateway #2' })).toHaveAttribute('href', '/applications/gateway?process=edge&build=b2&view=components');
  });
});
