import { DEPLOYMENT_CONFIG_POLL_MS, history, setPermissionChecker, type DeploymentConfiguration, type DeploymentProfileView, type RbomShare } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { getDeploymentConfigurationQueryOptions } from '../../features/deployment-profiles/api/getDeploymentConfiguration';
import { fakeApi, fill, renderRoute } from '@portal/shared/testing';
import { applicationDetail, build } from '../../testing/fixtures';
import { signInEachTest } from '../../testing/sessions';
import { RbomSettingsScreen } from './RbomSettingsScreen';

const PATH = '/applications/:app_key/rbom-settings';
const BASE = '/api/apps/shop/deploymentProfiles';

const profile = (overrides: Partial<DeploymentProfileView> = {}): DeploymentProfileView => ({
  id: 'p1',
  app_key: 'shop',
  name: 'Production',
  environment: 'prod',
  description: 'EU cluster',
  build: { id: 'b1', number: 1, status: 'DONE' },
  exclude: ['pkg:npm/jest@*'],
  include_types: [],
  version: 1,
  created_by: 'ada',
  created_at: '2026-11-22T09:00:00.000Z',
  updated_by: 'ada',
  updated_at: '2026-11-22T09:00:00.000Z',
  ...overrides,
});
const READY: DeploymentConfiguration = {
  status: 'READY',
  profile: { id: 'p1', name: 'Production', environment: 'prod', version: 1 },
  build: { id: 'b1', number: 1 },
  requested_at: '2026-11-22T09:01:00.000Z',
  computed_at: '2026-11-22T09:01:01.000Z',
  message: null,
  summary: { components: 2, excluded: 2, vulnerabilities: { CRITICAL: 0, HIGH: 1, MEDIUM: 0, LOW: 0, NONE: 0, UNKNOWN: 0, total: 1 }, active_exploits: 0 },
  components: [
    { bom_ref: 'shop', name: 'shop', group: null, version: '1.0.0', purl: null, type: 'application', licenses: [], vulnerabilities: [] },
    { bom_ref: 'pkg:npm/lodash@4.17.15', name: 'lodash', group: null, version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15', type: 'library', licenses: ['MIT'], vulnerabilities: [{ id: 'GHSA-35jh-r3h4-6jhm', severity: 'HIGH', active_exploit: false }] },
  ],
  excluded: [
    { bom_ref: 'pkg:npm/jest@26.0.0', group: null, name: 'jest', version: '26.0.0', purl: 'pkg:npm/jest@26.0.0', reason: 'pattern', pattern: 'pkg:npm/jest@*' },
    { bom_ref: 'pkg:npm/%40types/cookie@0.4.0', group: '@types', name: 'cookie', version: '0.4.0', purl: 'pkg:npm/%40types/cookie@0.4.0', reason: 'unreachable' },
  ],
};
const PENDING: DeploymentConfiguration = { ...READY, status: 'PENDING', computed_at: null, message: 'Build 2 is still being processed: the RBOM is computed once it is done.', summary: undefined, components: undefined, excluded: undefined };
const SHARE: RbomShare = {
  id: 's1',
  status: 'active',
  created_by: 'olga',
  created_at: '2026-11-22T10:00:00.000Z',
  expires_at: '2026-11-29T10:00:00.000Z',
  revoked_at: null,
  recipients: ['auditor@example.com'],
  build: { id: 'b1', number: 1 },
  components: 2,
};

function answers(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/apps/shop': { body: applicationDetail('shop', [build(2, { status: 'PROCESSING' }), build(1)]) },
    [`GET ${BASE}`]: { body: [profile()] },
    [`GET ${BASE}/p1/requestDeploymentConfiguration`]: { body: READY },
    [`GET ${BASE}/p1/shares`]: { body: [SHARE] },
    ...overrides,
  });
}

signInEachTest();

describe('RbomSettingsScreen', () => {
  it("lists the profiles and opens one's runtime BOM: what runs with its findings, what is left out and why", async () => {
    const { calls } = answers();
    const { user } = renderRoute(RbomSettingsScreen, PATH, '/applications/shop/rbom-settings');
    const table = await screen.findByRole('table', { name: 'Deployment profiles' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('ProductionEU clusterProductionBuild 11 pattern11/22/2026 by ada');
    await user.click(within(table).getByRole('button', { name: 'Production' }));
    expect(new URLSearchParams(history.location.search).get('profile')).toBe('p1');
    expect(await screen.findByTestId('rbom-summary')).toHaveTextContent('2 components of 4 run (build 1); 2 components left out.');
    const deployed = screen.getByRole('table', { name: 'Deployed components' });
    expect(within(deployed).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['shop1.0.0application—none known', 'lodash4.17.15libraryMITHigh1']);
    const left = screen.getByRole('table', { name: 'Components not deployed' });
    expect(within(left).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['jest26.0.0matches pkg:npm/jest@*', '@types/cookie0.4.0only needed by components left out']);
    expect(calls.find((call) => call.path.endsWith('requestDeploymentConfiguration'))?.query).toEqual({ graph: 'core' });
  });

  it('creates a profile, checking its fields first, then opens its RBOM', async () => {
    const { mutations } = answers({
      [`GET ${BASE}`]: [{ body: [] }, { body: [profile()] }],
      [`POST ${BASE}`]: { status: 201, body: profile() },
    });
    const { user, snackbars } = renderRoute(RbomSettingsScreen, PATH, '/applications/shop/rbom-settings');
    expect(await screen.findByText('No deployment profiles yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New deployment profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'New deployment profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Production');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Not deployed/ }), 'pkg:npm/jest@*\n\nbad pattern');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('A pattern is one word without spaces, e.g. pkg:npm/jest* or *eslint*.')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Not deployed/ }), 'pkg:npm/jest@*');
    await user.click(within(dialog).getByRole('checkbox', { name: 'library' }));
    // The newest processed build is proposed; builds still processing can be chosen too.
    expect(within(dialog).getByLabelText('Build deployed')).toHaveValue('b1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(mutations()[0]).toMatchObject({
        method: 'POST',
        path: BASE,
        body: { name: 'Production', environment: 'prod', exclude: ['pkg:npm/jest@*'], include_types: ['library'], build_id: 'b1' },
      }),
    );
    expect(snackbars).toContain('Created Production.');
    expect(await screen.findByTestId('rbom-summary')).toBeInTheDocument();
  });

  it('shows the API’s refusal in the form, and changes a profile with the build detached', async () => {
    const { mutations } = answers({
      [`PUT ${BASE}/p1`]: [
        { status: 409, problem: { detail: "The application already has a deployment profile named 'Staging'.", errors: [{ field: 'name', message: "The application already has a deployment profile named 'Staging'." }] } },
        { body: profile({ name: 'Staging', build: null, version: 2 }) },
      ],
    });
    const { user } = renderRoute(RbomSettingsScreen, PATH, '/applications/shop/rbom-settings');
    await user.click(await screen.findByRole('button', { name: 'Change Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the profile Production' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Staging');
    await user.selectOptions(within(dialog).getByLabelText('Build deployed'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText("The application already has a deployment profile named 'Staging'.")).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutations()).toHaveLength(2));
    expect(mutations()[1]).toMatchObject({ method: 'PUT', path: `${BASE}/p1`, body: { name: 'Staging', build_id: null, exclude: ['pkg:npm/jest@*'] } });
  });

  it('waits for a runtime BOM being computed, asking again every 15 s or at once', async () => {
    const { calls } = answers({ [`GET ${BASE}/p1/requestDeploymentConfiguration`]: [{ status: 202, body: PENDING }, { body: READY }] });
    const { user } = renderRoute(RbomSettingsScreen, PATH, '/applications/shop/rbom-settings?profile=p1');
    expect(await screen.findByTestId('rbom-pending')).toHaveTextContent('Build 2 is still being processed: the RBOM is computed once it is done.');
    expect(screen.getByTestId('rbom-pending')).toHaveTextContent('Checked again every 15 s');
    const options = getDeploymentConfigurationQueryOptions('core', 'shop', 'p1');
    const interval = options.refetchInterval as (query: { state: { data?: DeploymentConfiguration } }) => number | false;
    expect(interval({ state: { data: PENDING } })).toBe(DEPLOYMENT_CONFIG_POLL_MS);
    expect(interval({ state: { data: READY } })).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByTestId('rbom-summary')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('requestDeploymentConfiguration'))).toHaveLength(2);
  });

  it('exports the RBOM and shares it by a link mailed to the recipients; a link is revoked after a confirmation', async () => {
    globalThis.URL.createObjectURL = jest.fn(() => 'blob:rbom');
    globalThis.URL.revokeObjectURL = jest.fn();
    const { mutations } = answers({
      [`GET ${BASE}/p1/rbom`]: { body: { bomFormat: 'CycloneDX' }, headers: { 'content-disposition': 'attachment; filename="shop-Production-build-1.rbom.cdx.json"' } },
      [`POST ${BASE}/p1/shares`]: { status: 201, body: { ...SHARE, id: 's2', url: 'http://portal.example/api/rbom/shared/token' } },
      [`DELETE ${BASE}/p1/shares/s1`]: { status: 204 },
    });
    const { user, snackbars } = renderRoute(RbomSettingsScreen, PATH, '/applications/shop/rbom-settings?profile=p1');
    await user.click(await screen.findByRole('button', { name: 'Export CycloneDX' }));
    await waitFor(() => expect(snackbars).toContain('Exported shop-Production-build-1.rbom.cdx.json.'));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share the runtime BOM of Production' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Mail it to/ }), 'auditor@example.com, not-an-address');
    await user.tab();
    expect(within(dialog).getByText('Invalid email format.')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Mail it to/ }), 'auditor@example.com');
    await user.selectOptions(within(dialog).getByLabelText('The link works for'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create the link' }));
    expect(await screen.findByRole('textbox', { name: 'Shared link' })).toHaveValue('http://portal.example/api/rbom/shared/token');
    expect(mutations()[0]).toMatchObject({ method: 'POST', body: { expires_in_days: 30, recipients: ['auditor@example.com'] } });
    await user.click(screen.getByRole('button', { name: 'Done' }));

    const links = screen.getByRole('table', { name: 'Shared links' });
    expect(within(links).getAllByRole('row')[1]).toHaveTextContent('11/22/2026 by olga (build 1, 2 components)11/29/2026auditor@example.comActive');
    await user.click(within(links).getByRole('button', { name: 'Revoke' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(mutations().at(-1)).toMatchObject({ method: 'DELETE', path: `${BASE}/p1/shares/s1` }));
    expect(snackbars).toContain('The link was revoked.');
  });

  it('deletes a profile after the word is typed', async () => {
    const { mutations } = answers({ [`DELETE ${BASE}/p1`]: { status: 204 } });
    const { user } = renderRoute(RbomSettingsScreen, PATH, '/applications/shop/rbom-settings');
    await user.click(await screen.findByRole('button', { name: 'Delete Production' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: /delete/i });
    expect(confirm).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox'), 'delete');
    await user.click(confirm);
    await waitFor(() => expect(mutations()[0]).toMatchObject({ method: 'DELETE', path: `${BASE}/p1` }));
  });

  it('shows a READER the profiles and RBOM without the actions they may not take', async () => {
    setPermissionChecker((permission) => permission.startsWith('list=>') || permission.startsWith('view=>') || permission.startsWith('use=>'));
    answers();
    renderRoute(RbomSettingsScreen, PATH, '/applications/shop/rbom-settings?profile=p1');
    expect(await screen.findByTestId('rbom-summary')).toBeInTheDocument();
    for (const name of ['New deployment profile', 'Change Production', 'Delete Production', 'Export CycloneDX', 'Share']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('table', { name: 'Shared links' })).not.toBeInTheDocument();
  });

  it("says 'Invalid app key' for an app the process does not hold", async () => {
    fakeApi({ 'GET /api/apps/nope': { status: 404, problem: { detail: 'Invalid app key' } } });
    renderRoute(RbomSettingsScreen, PATH, '/applications/nope/rbom-settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid app key');
  });
});
