import { history, setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, fill, renderRoute } from '@portal/shared/testing';
import { application, counts } from '../../testing/fixtures';
import { signIn, signInPlatformView } from '../../testing/sessions';
import { SecurityPostureScreen } from './SecurityPostureScreen';
import { READ_ONLY_SETTINGS } from '../../features/applications/components/ApplicationSettingsDialog';

const APPS = [
  application('shop', { name: 'Juice Shop', portfolio: 'Retail', build_count: 2, latest_build: { id: 'b2', number: 2, status: 'DONE', created_at: '2026-11-21T09:30:00.000Z', component_count: 1900 }, vulnerabilities: counts({ CRITICAL: 1, HIGH: 4, MEDIUM: 2 }) }),
  application('api', { name: 'Billing API', portfolio: 'Finance', vulnerabilities: counts({ HIGH: 6, LOW: 1 }), enable_continuous_monitoring: true }),
  application('docs', { name: 'Docs site' }),
];

// The license section of the screen, with nothing to show.
const NO_LICENSES = { 'GET /api/apps/licenses': { body: [] }, 'GET /api/apps/licenses/alerts': { body: [] } };

const rowNames = () => within(screen.getByRole('table', { name: 'Applications' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent);

beforeEach(() => {
  signIn();
  setPermissionChecker(null);
});
afterEach(() => setPermissionChecker(null));

describe('Security Posture', () => {
  it('lists the apps worst first with their findings by severity, sorts by any column, searches and opens an app', async () => {
    const { calls } = fakeApi({ ...NO_LICENSES, 'GET /api/apps': { body: APPS } });
    const { user } = renderRoute(SecurityPostureScreen, '/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(calls[0].query).toEqual({ graph: 'core' });
    expect(rowNames()).toEqual(['Juice Shopshop', 'Billing APIapi', 'Docs sitedocs']);
    const shop = within(table).getAllByRole('row')[1];
    expect(within(shop).getByLabelText('Critical: 1')).toBeInTheDocument();
    expect(within(shop).getByLabelText('High: 4')).toBeInTheDocument();
    expect(within(shop).getByText('#2 · 11/21/2026')).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[3]).getByText('No SBOM yet')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Findings of all applications by severity' })).toHaveTextContent('Critical 1High 10Medium 2Low 1');
    expect(screen.getByText('3 applications')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /^High/ }));
    expect(rowNames()[0]).toBe('Billing APIapi');
    expect(within(table).getByRole('columnheader', { name: /High/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: /^Application/ }));
    expect(rowNames()).toEqual(['Billing APIapi', 'Docs sitedocs', 'Juice Shopshop']);
    await user.click(within(table).getByRole('button', { name: /^Application/ }));
    expect(rowNames()[0]).toBe('Juice Shopshop');

    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'finance');
    expect(rowNames()).toEqual(['Billing APIapi']);
    expect(screen.getByText('1 of 3 applications')).toBeInTheDocument();
    await fill(user, screen.getByRole('searchbox', { name: 'Search applications' }), 'nothing');
    expect(screen.getByText('No application matches “nothing”')).toBeInTheDocument();
    await fill(user, screen.getByRole('searchbox', { name: 'Search applications' }), '');

    await user.click(screen.getByRole('link', { name: 'Juice Shop' }));
    expect(history.location.pathname).toBe('/applications/shop');
  });

  it('creates an application after checking its fields, and shows a taken app key on its field', async () => {
    const { mutations } = fakeApi({
      ...NO_LICENSES,
      'GET /api/apps': { body: APPS },
      'POST /api/apps': [
        { status: 409, problem: { detail: "An application with the app key 'shop2' already exists.", errors: [{ field: 'app_key', message: "An application with the app key 'shop2' already exists." }] } },
        { status: 201, body: application('shop3', { name: 'Shop 3' }) },
      ],
    });
    const { user, snackbars } = renderRoute(SecurityPostureScreen, '/applications');
    await user.click(await screen.findByRole('button', { name: 'New application' }));
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Required.')).toHaveLength(2);
    expect(mutations()).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/App key/), 'my shop');
    expect(within(dialog).getByText("Letters, digits, '.', '_' and '-' only, starting with a letter or a digit. No blank spaces.")).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/App key/), 'builds');
    expect(within(dialog).getByText("'builds' is a reserved word and cannot be an app key.")).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/App key/), 'shop2');
    await fill(user, within(dialog).getByLabelText(/Name/), 'Shop 2');
    await fill(user, within(dialog).getByLabelText(/Portfolio/), 'Retail');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText("An application with the app key 'shop2' already exists.")).toBeInTheDocument();
    expect(mutations()[0]).toMatchObject({ path: '/api/apps', query: { graph: 'core' }, body: { app_key: 'shop2', name: 'Shop 2', portfolio: 'Retail' } });

    await fill(user, within(dialog).getByLabelText(/App key/), 'shop3');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()[1].body).toEqual({ app_key: 'shop3', name: 'Shop 2', portfolio: 'Retail' });
    expect(snackbars).toContain('Application shop3 created.');
  });

  it('edits an app, switches its continuous monitoring and deletes it after the confirm word', async () => {
    const { mutations } = fakeApi({
      ...NO_LICENSES,
      'GET /api/apps': { body: APPS },
      'PUT /api/apps/api': { body: { ...APPS[1], name: 'Billing' } },
      'GET /api/apps/appSettings/id-api': { body: { id: 'id-api', app_key: 'api', enable_continuous_monitoring: true } },
      'PUT /api/apps/appSettings/id-api': { body: { id: 'id-api', app_key: 'api', enable_continuous_monitoring: false } },
      'DELETE /api/apps/docs': { status: 204 },
    });
    const { user, snackbars } = renderRoute(SecurityPostureScreen, '/applications');
    await user.click(await screen.findByRole('button', { name: 'Edit api' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit application api' });
    expect(within(edit).getByRole('button', { name: 'Save' })).toBeDisabled();
    await fill(user, within(edit).getByLabelText(/Name/), 'Billing');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()[0]).toMatchObject({ method: 'PUT', path: '/api/apps/api', body: { app_key: 'api', name: 'Billing', portfolio: 'Finance' } });

    await user.click(screen.getByRole('button', { name: 'Settings of api' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings of api' });
    const monitoring = await within(settings).findByRole('switch', { name: 'Continuous monitoring' });
    expect(monitoring).toBeChecked();
    await user.click(monitoring);
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()[1]).toMatchObject({ method: 'PUT', path: '/api/apps/appSettings/id-api', body: { enable_continuous_monitoring: false } });
    expect(snackbars).toContain('Continuous monitoring of api is off.');

    await user.click(screen.getByRole('button', { name: 'Delete docs' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete application docs' });
    expect(within(confirm).getByText(/will be deleted with all its builds/)).toBeInTheDocument();
    const remove = within(confirm).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox'), 'delete');
    await user.click(remove);
    await waitFor(() => expect(mutations()[2]).toMatchObject({ method: 'DELETE', path: '/api/apps/docs', query: { graph: 'core' } }));
    expect(snackbars).toContain('Application docs deleted.');
  });

  it('hides the actions a READER may not take, and the settings cannot be changed', async () => {
    setPermissionChecker((permission) => permission.startsWith('list=>') || permission.startsWith('view=>'));
    fakeApi({
      ...NO_LICENSES,
      'GET /api/apps': { body: APPS },
      'GET /api/apps/appSettings/id-api': { body: { id: 'id-api', app_key: 'api', enable_continuous_monitoring: true } },
    });
    const { user } = renderRoute(SecurityPostureScreen, '/applications');
    await screen.findByRole('table', { name: 'Applications' });
    expect(screen.queryByRole('button', { name: 'New application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit api' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete api' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings of api' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings of api' });
    expect(await within(settings).findByRole('switch', { name: 'Continuous monitoring' })).toBeDisabled();
    expect(within(settings).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(settings).getByText(READ_ONLY_SETTINGS)).toBeInTheDocument();
  });

  it("links those who may import advisories to the vulnerability database, and holds no import itself", async () => {
    fakeApi({ ...NO_LICENSES, 'GET /api/apps': { body: APPS } });
    const { user } = renderRoute(SecurityPostureScreen, '/applications');
    await screen.findByRole('table', { name: 'Applications' });
    expect(screen.queryByRole('group', { name: 'Advisory files: drop zone' })).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Vulnerability database' });
    await user.click(within(section).getByRole('link', { name: 'Import advisories and see what the database holds' }));
    expect(history.location.pathname).toBe('/administration/global/vulnerabilities');
  });

  it('links an organization admin to the vulnerability database to read it, and offers nothing to a process admin', async () => {
    // An organization admin: access=>Administration, not the import.
    setPermissionChecker((permission) => permission !== 'import=>Vulnerability@global');
    fakeApi({ ...NO_LICENSES, 'GET /api/apps': { body: APPS } });
    const first = renderRoute(SecurityPostureScreen, '/applications');
    await screen.findByRole('table', { name: 'Applications' });
    await first.user.click(within(screen.getByRole('region', { name: 'Vulnerability database' })).getByRole('link', { name: 'See what the database holds' }));
    expect(history.location.pathname).toBe('/administration/global/vulnerabilities');
    first.view.unmount();

    // A process admin holds neither.
    setPermissionChecker((permission) => permission !== 'import=>Vulnerability@global' && permission !== 'access=>Administration');
    fakeApi({ ...NO_LICENSES, 'GET /api/apps': { body: APPS } });
    renderRoute(SecurityPostureScreen, '/applications');
    await screen.findByRole('table', { name: 'Applications' });
    expect(screen.queryByRole('region', { name: 'Vulnerability database' })).not.toBeInTheDocument();
  });

  it('has a loading, an error with Try again, and an empty state', async () => {
    fakeApi({ ...NO_LICENSES, 'GET /api/apps': [{ status: 503, problem: { detail: 'Service is not available at the moment. Please try again later.' } }, { body: [] }] });
    const { user } = renderRoute(SecurityPostureScreen, '/applications');
    expect(screen.getByText('Loading applications…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service is not available at the moment. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
    expect(screen.getByText('Create the first application with New application, then upload its SBOM to see its vulnerabilities.')).toBeInTheDocument();
  });

  it('lists in Platform View the apps of every process the user may open, read-only, linking each in its process', async () => {
    signInPlatformView();
    const { calls } = fakeApi({
      'GET /api/projects': { body: [{ id: 'p1', code_name: 'CORE', name: 'Core controls' }, { id: 'p2', code_name: 'EDGE', name: 'Edge' }, { id: 'p3', code_name: 'SECRET', name: 'Secret' }] },
      'GET /api/apps': (call) =>
        call.query.graph === 'core'
          ? { body: [APPS[0]] }
          : call.query.graph === 'edge'
            ? { body: [application('gateway', { process: 'EDGE', name: 'Gateway', vulnerabilities: counts({ CRITICAL: 3 }) })] }
            : { status: 403, problem: { detail: 'You do not have the privileges for the request.' } },
    });
    const { user } = renderRoute(SecurityPostureScreen, '/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(calls.filter((call) => call.path === '/api/apps').map((call) => call.query.graph).sort()).toEqual(['core', 'edge', 'secret']);
    expect(rowNames()).toEqual(['Gatewaygateway', 'Juice Shopshop']);
    expect(within(table).getByRole('columnheader', { name: /Process/ })).toBeInTheDocument();
    expect(screen.getByText(/2 applications in every process you may open/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit|^Delete|^Settings/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'Gateway' }));
    expect(`${history.location.pathname}${history.location.search}`).toBe('/applications/gateway?process=edge');
  });
});
