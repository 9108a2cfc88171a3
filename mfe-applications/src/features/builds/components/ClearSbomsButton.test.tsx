import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderRoute } from '@portal/shared/testing';
import { signInEachTest } from '../../../testing/sessions';
import { ClearSbomsButton } from './ClearSbomsButton';

signInEachTest();

describe('Clear SBOMs', () => {
  it("asks 'Clear SBOMs of application {app}.' and clears that app's builds", async () => {
    const { mutations } = fakeApi({ 'DELETE /api/sbom/shop': { body: { applications: 1, builds: 3 } } });
    const { user, snackbars } = renderRoute(() => <ClearSbomsButton graph="core" target={{ appKey: 'shop' }} builds={3} />, '/applications/:app_key', '/applications/shop');
    await user.click(screen.getByRole('button', { name: 'Clear SBOMs' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear SBOMs' });
    expect(within(dialog).getByText('Clear SBOMs of application shop.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(snackbars).toContain('Cleared 3 builds of 1 application.'));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/sbom/shop', query: { graph: 'core' } })]);
  });

  it("asks 'Clear all SBOMs of the process.', and a No clears nothing", async () => {
    const { mutations } = fakeApi({ 'DELETE /api/sbom/_clearAll': { body: { applications: 4, builds: 9 } } });
    const { user, snackbars } = renderRoute(() => <ClearSbomsButton graph="core" target={{ all: true }} builds={9} />, '/applications');
    await user.click(screen.getByRole('button', { name: 'Clear all SBOMs' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Clear all SBOMs' });
    expect(within(dialog).getByText('Clear all SBOMs of the process.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mutations()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear all SBOMs' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Clear all SBOMs' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(snackbars).toContain('Cleared 9 builds of 4 applications.'));
    expect(mutations()[0]).toMatchObject({ method: 'DELETE', path: '/api/sbom/_clearAll' });
  });

  it('is offered only with the clear permission (the DEMO role)', () => {
    setPermissionChecker((permission) => permission !== 'clear=>SBOM');
    fakeApi({});
    renderRoute(() => <ClearSbomsButton graph="core" target={{ all: true }} builds={9} />, '/applications');
    expect(screen.queryByRole('button', { name: 'Clear all SBOMs' })).not.toBeInTheDocument();
  });

  it('is not offered while there is no build to clear', () => {
    fakeApi({});
    renderRoute(
      () => (
        <>
          <ClearSbomsButton graph="core" target={{ all: true }} builds={0} />
          <ClearSbomsButton graph="core" target={{ appKey: 'shop' }} builds={undefined} />
        </>
      ),
      '/applications',
    );
    expect(screen.queryByRole('button', { name: /^Clear/ })).not.toBeInTheDocument();
  });
});
