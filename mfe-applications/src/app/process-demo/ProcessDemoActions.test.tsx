import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { application } from '../../testing/fixtures';
import { signIn } from '../../testing/sessions';
import { ProcessDemoActions } from './ProcessDemoActions';

beforeEach(() => signIn());

describe('ProcessDemoActions (mounted by the host’s process menu)', () => {
  it('rescans at once and says what it found, then closes', async () => {
    const { mutations } = fakeApi({
      'POST /api/apps/monitoring/rescan': { body: { id: 'r1', status: 'DONE', pending: 0, applications: 2, builds: 2, new_vulnerabilities: 1, new_active_exploits: 0, events: [] } },
    });
    const onClose = jest.fn();
    const { snackbars } = renderScreen(<ProcessDemoActions action="rescan-sbom-components" graph="core" onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(mutations()).toMatchObject([{ method: 'POST', path: '/api/apps/monitoring/rescan', query: { graph: 'core' } }]);
    expect(snackbars).toEqual([
      'Rescanning the SBOM components of the monitored applications…',
      'Rescanned 2 monitored applications: 1 new vulnerability, 0 new active exploits.',
    ]);
  });

  it('clears the SBOMs of the chosen application after its confirmation', async () => {
    const { mutations } = fakeApi({
      'GET /api/apps': { body: [application('shop', { name: 'Shop' }), application('blog', { name: 'Blog' })] },
      'DELETE /api/sbom/blog': { body: { applications: 1, builds: 3 } },
    });
    const onClose = jest.fn();
    const { user, snackbars } = renderScreen(<ProcessDemoActions action="clear-app-sboms" graph="core" onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear SBOMs per application' });
    await user.selectOptions(await within(dialog).findByLabelText('Application'), 'blog');
    expect(within(dialog).getByText('Clear SBOMs of application blog.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mutations()).toMatchObject([{ method: 'DELETE', path: '/api/sbom/blog', query: { graph: 'core' } }]);
    expect(snackbars).toEqual(['Cleared 3 builds of 1 application.']);
  });

  it('says why an action failed', async () => {
    fakeApi({ 'DELETE /api/sbom/_clearAll': { status: 409, problem: { detail: 'A build is still processing.' } } });
    const onClose = jest.fn();
    const { user, snackbars } = renderScreen(<ProcessDemoActions action="clear-all-sboms" graph="core" onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear All SBOMs' });
    expect(within(dialog).getByText('Clear all SBOMs of the process.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(snackbars).toEqual(['A build is still processing.']);
  });
});
