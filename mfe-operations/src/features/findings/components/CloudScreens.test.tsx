import { screen, waitFor, within } from '@testing-library/react';
import { setPermissionChecker, type ServiceModuleView } from '@portal/shared';
import { fakeApi, ok, renderRoute, signInWith, testProcess, testSession, type FakeCall } from '@portal/shared/testing';
import type { FindingGroupsPage } from '@portal/shared/operations';
import { finding, findingsPage } from '../../../testing/fixtures';
import { AwsScreen, AzureScreen, CloudsScreen } from './CloudScreens';

const cloudFinding = finding({
  id: 'c1',
  tool: { name: 'AWS Security Hub', version: null },
  category: 'cloud-posture',
  rule: { id: 'aws-foundational-security-best-practices/v/1.0.0/S3.1', name: 'S3.1', help: null, cwe: [], tags: [] },
  severity: 'medium',
  title: 'S3 Block Public Access setting should be enabled',
  location: { kind: 'cloud', provider: 'aws', resourceId: 'arn:aws:s3:::shop-assets', resourceType: 'AwsS3Bucket', account: '123456789012', region: 'eu-central-1', service: 's3' },
  scope: 'aws:123456789012:eu-central-1',
});

function module(overrides: Partial<ServiceModuleView>): ServiceModuleView {
  return {
    id: 'm1',
    type: 'aws',
    name: 'Prod AWS',
    category: 'Security Hub',
    last_sync: null,
    last_sync_attempt: null,
    configs: {},
    secret_fields: [],
    secrets_set: [],
    api_key: null,
    ...overrides,
  };
}

const groupsOf = (call: FakeCall): FindingGroupsPage => {
  const by = call.query.by as FindingGroupsPage['by'];
  const keys: Record<string, string[]> = {
    account: ['123456789012', '210987654321'],
    region: ['eu-central-1'],
    standard: ['aws-foundational-security-best-practices'],
    rule: ['aws-foundational-security-best-practices/v/1.0.0/S3.1'],
    service: ['Microsoft.Storage'],
    provider: ['aws', 'azure'],
  };
  const groups = (keys[by] ?? []).map((key, index) => ({ key, count: 5 - index, severity: { critical: 0, high: 2 - index, medium: 3, low: 0, info: 0 } }));
  return { by, groups, total: by === 'account' ? 14 : groups.length };
};

const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/security/findings');
const groupCalls = (calls: FakeCall[], by: string) => calls.filter((call) => call.path === '/api/security/findings/groups' && call.query.by === by);

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => setPermissionChecker(null));

describe('the AWS screen (/security/aws)', () => {
  it("shows the module of the navigation's entry with its last sync, the findings by account, region, standard and control, and filters the list by a chosen group", async () => {
    const { calls } = fakeApi({
      'GET /api/modules': ok([
        module({ last_sync: { sync_time: '2026-11-26T09:30:00.000Z' }, last_sync_attempt: { at: '2026-11-26T09:30:00.000Z', status: 'ok', http_status: null, message: null, findings: 7, scopes: ['aws:123456789012:eu-central-1'], secure_score: null } }),
        module({ id: 'm2', name: 'Staging AWS', category: 'Staging' }),
        module({ id: 'z1', type: 'azure', name: 'Azure', category: 'Defender' }),
      ]),
      'GET /api/security/findings/groups': (call) => ok(groupsOf(call)),
      'GET /api/security/findings': ok(findingsPage([cloudFinding])),
    });
    const { user } = renderRoute(AwsScreen, '/security/aws', '/security/aws?module=m1');
    const modules = await screen.findByRole('region', { name: 'AWS modules' });
    expect(within(modules).getAllByRole('listitem')).toHaveLength(1);
    expect(modules).toHaveTextContent('Prod AWS · Security Hub');
    expect(modules).toHaveTextContent('Last sync: 11/26/2026');
    expect(modules).toHaveTextContent('7 findings from 1 scope');
    await user.click(within(modules).getByRole('button', { name: 'Show every AWS module (2)' }));
    expect(within(modules).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Prod AWS'), expect.stringContaining('Staging AWS')]);
    expect(modules).not.toHaveTextContent('Azure');

    const table = await screen.findByRole('table', { name: 'AWS findings' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('arn:aws:s3:::shop-assets');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('AWS 123456789012 eu-central-1');
    expect(listCalls(calls)[0]?.query).toMatchObject({ provider: 'aws', category: 'cloud-posture,cloud-threat,container' });
    // No application or repository filter on a cloud screen.
    expect(within(screen.getByRole('search', { name: 'Filter aws findings' })).queryByLabelText('Application', { selector: 'select' })).toBeNull();

    const accounts = await screen.findByRole('table', { name: /By account/ });
    expect(accounts).toHaveTextContent('the 2 largest of 14');
    expect(accounts).toHaveTextContent('5 findings');
    expect(await screen.findByRole('table', { name: /By region/ })).toHaveTextContent('eu-central-1');
    expect(await screen.findByRole('table', { name: /By standard/ })).toHaveTextContent('aws-foundational-security-best-practices');
    expect(await screen.findByRole('table', { name: /By control/ })).toHaveTextContent('S3.1');
    expect(groupCalls(calls, 'account')[0]?.query).toMatchObject({ provider: 'aws', category: 'cloud-posture,cloud-threat,container', limit: '10' });

    await user.click(within(accounts).getByRole('button', { name: 'Show only account 123456789012' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ account: '123456789012', provider: 'aws' }));
    // The other groups count within the chosen account; the accounts themselves stay all there.
    await waitFor(() => expect(groupCalls(calls, 'region').at(-1)?.query).toMatchObject({ account: '123456789012' }));
    expect(groupCalls(calls, 'account').every((call) => call.query.account === undefined)).toBe(true);
    const chips = screen.getByRole('list', { name: 'Chosen groups' });
    expect(chips).toHaveTextContent('Account: 123456789012');
    await user.click(within(chips).getByRole('button', { name: 'Remove the filter account 123456789012' }));
    // Back to the whole list (read before, so from the cache) and no group chosen.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chosen groups' })).toBeNull());
    expect(within(accounts).getByRole('button', { name: 'Show only account 123456789012' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('syncs a module now into the process and says what it brought; a failed sync shows its cause', async () => {
    const { calls } = fakeApi({
      'GET /api/modules': ok([module({})]),
      'GET /api/security/findings/groups': (call) => ok(groupsOf(call)),
      'GET /api/security/findings': ok(findingsPage([cloudFinding])),
      'POST /api/security/clouds/m1/sync': [
        ok({ at: '2026-11-27T08:00:00.000Z', status: 'ok', http_status: null, message: null, findings: 7, scopes: ['aws:123456789012:eu-central-1'], secure_score: null }),
        { status: 502, problem: { detail: 'Security Hub answered 403: The security token included in the request is invalid.' } },
      ],
    });
    const { user } = renderRoute(AwsScreen, '/security/aws');
    const modules = await screen.findByRole('region', { name: 'AWS modules' });
    expect(modules).toHaveTextContent('Never synced');
    await user.click(within(modules).getByRole('button', { name: 'Sync Prod AWS now' }));
    expect(await within(modules).findByRole('status')).toHaveTextContent('Synced Prod AWS: 7 findings from 1 scope.');
    expect(calls.find((call) => call.method === 'POST')?.query).toEqual({ graph: 'core' });
    // The modules and the findings are read again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/modules')).toHaveLength(2));
    expect(listCalls(calls).length).toBeGreaterThan(1);

    await user.click(within(modules).getByRole('button', { name: 'Sync Prod AWS now' }));
    expect(await within(modules).findByRole('alert')).toHaveTextContent('Security Hub answered 403: The security token included in the request is invalid.');
  });

  it('offers no Sync now without the permission to update service modules, and no module without the one to list them', async () => {
    setPermissionChecker((permission) => permission !== 'update=>ServiceModule');
    fakeApi({ 'GET /api/modules': ok([module({})]), 'GET /api/security/findings/groups': (call) => ok(groupsOf(call)), 'GET /api/security/findings': ok(findingsPage([])) });
    const { unmount } = renderRoute(AwsScreen, '/security/aws');
    expect(await screen.findByRole('region', { name: 'AWS modules' })).toHaveTextContent('Prod AWS');
    expect(screen.queryByRole('button', { name: 'Sync Prod AWS now' })).toBeNull();
    unmount();

    setPermissionChecker((permission) => permission !== 'list=>ServiceModule');
    const { calls } = fakeApi({ 'GET /api/security/findings/groups': (call) => ok(groupsOf(call)), 'GET /api/security/findings': ok(findingsPage([])) });
    renderRoute(AwsScreen, '/security/aws');
    expect(await screen.findByText('No findings yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'AWS modules' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/modules')).toBe(false);
  });

  it('says how to add a module when the organization has none', async () => {
    fakeApi({ 'GET /api/modules': ok([]), 'GET /api/security/findings/groups': (call) => ok(groupsOf(call)), 'GET /api/security/findings': ok(findingsPage([])) });
    renderRoute(AwsScreen, '/security/aws');
    expect(await screen.findByText(/No AWS service module is set up/)).toBeInTheDocument();
  });

  it('exports the selected findings as SARIF', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:portal/1');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = fakeApi({
      'GET /api/modules': ok([]),
      'GET /api/security/findings/groups': (call) => ok(groupsOf(call)),
      'GET /api/security/findings': ok(findingsPage([cloudFinding])),
      'POST /api/security/findings/export.sarif': ok({ version: '2.1.0', runs: [] }),
    });
    const { user } = renderRoute(AwsScreen, '/security/aws');
    await screen.findByRole('table', { name: 'AWS findings' });
    expect(screen.getByRole('button', { name: 'Export SARIF' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: `Select ${cloudFinding.title}` }));
    await user.click(screen.getByRole('button', { name: 'Export SARIF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/security/findings/export.sarif')?.body).toEqual({ ids: ['c1'] });
    click.mockRestore();
  });
});

describe('the Azure and Clouds screens', () => {
  it('shows the secure score of the last Defender sync, the findings by subscription, service and recommendation', async () => {
    const { calls } = fakeApi({
      'GET /api/modules': ok([
        module({
          id: 'z1',
          type: 'azure',
          name: 'Contoso subscription',
          category: 'Defender',
          last_sync: { sync_time: '2026-11-26T09:30:00.000Z' },
          last_sync_attempt: { at: '2026-11-26T09:30:00.000Z', status: 'ok', http_status: null, message: null, findings: 3, scopes: ['azure:sub'], secure_score: { current: 23, max: 60, percentage: 0.3828 } },
        }),
      ]),
      'GET /api/security/findings/groups': (call) => ok(groupsOf(call)),
      'GET /api/security/findings': ok(findingsPage([])),
    });
    renderRoute(AzureScreen, '/security/azure');
    const modules = await screen.findByRole('region', { name: 'Azure modules' });
    expect(modules).toHaveTextContent('Secure score 38% (23 of 60)');
    expect(await screen.findByRole('table', { name: /By subscription/ })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: /By service/ })).toHaveTextContent('Microsoft.Storage');
    expect(await screen.findByRole('table', { name: /By recommendation/ })).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls)[0]?.query).toMatchObject({ provider: 'azure', category: 'cloud-threat,cloud-posture' }));
  });

  it('a failed last sync shows its cause', async () => {
    fakeApi({
      'GET /api/modules': ok([
        module({ id: 'z1', type: 'azure', name: 'Contoso', last_sync_attempt: { at: '2026-11-26T09:30:00.000Z', status: 'failed', http_status: 401, message: 'Defender for Cloud answered 401: invalid client secret.', findings: null, scopes: [], secure_score: null } }),
      ]),
      'GET /api/security/findings/groups': (call) => ok(groupsOf(call)),
      'GET /api/security/findings': ok(findingsPage([])),
    });
    renderRoute(AzureScreen, '/security/azure');
    expect(await screen.findByRole('region', { name: 'Azure modules' })).toHaveTextContent('Last sync failed at 11/26/2026');
    expect(screen.getByRole('region', { name: 'Azure modules' })).toHaveTextContent('Defender for Cloud answered 401: invalid client secret.');
  });

  it('counts every cloud by provider on /security/clouds (a count, not a filter) and lists every provider', async () => {
    const { calls } = fakeApi({ 'GET /api/modules': ok([]), 'GET /api/security/findings/groups': (call) => ok(groupsOf(call)), 'GET /api/security/findings': ok(findingsPage([cloudFinding])) });
    renderRoute(CloudsScreen, '/security/clouds');
    const providers = await screen.findByRole('table', { name: /By provider/ });
    expect(providers).toHaveTextContent('aws');
    expect(within(providers).queryByRole('button')).toBeNull();
    expect(listCalls(calls)[0]?.query).toMatchObject({ provider: 'aws,azure,gcp,other' });
  });
});
