import { history, type ScreenComponent } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { fakeApi, renderRoute } from '@portal/shared/testing';
import { signIn } from '../../../testing/sessions';
import { DeploymentProfilesOverview } from './DeploymentProfilesOverview';

const Tab: ScreenComponent = () => <DeploymentProfilesOverview graph="core" appKey="shop" />;

beforeEach(() => signIn());

describe("the app page's Deployment profiles tab", () => {
  it('lists the profiles; one opens its runtime BOM on the RBOM settings page', async () => {
    fakeApi({
      'GET /api/apps/shop/deploymentProfiles': {
        body: [
          {
            id: 'p1',
            app_key: 'shop',
            name: 'Production',
            environment: 'prod',
            description: null,
            build: { id: 'b3', number: 3, status: 'PROCESSING' },
            exclude: [],
            include_types: ['library'],
            version: 1,
            created_by: 'ada',
            created_at: '2026-11-22T09:00:00.000Z',
            updated_by: null,
            updated_at: '2026-11-22T09:00:00.000Z',
          },
        ],
      },
    });
    const { user } = renderRoute(Tab, '/applications/:app_key', '/applications/shop');
    const table = await screen.findByRole('table', { name: 'Deployment profiles' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('ProductionProductionBuild 3Processingtypes: library11/22/2026');
    expect(within(table).queryByRole('button', { name: 'Change Production' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RBOM settings' })).toHaveAttribute('href', '/applications/shop/rbom-settings');
    await user.click(within(table).getByRole('button', { name: 'Production' }));
    expect(`${history.location.pathname}${history.location.search}`).toBe('/applications/shop/rbom-settings?profile=p1');
  });

  it('says where to create profiles when there are none', async () => {
    fakeApi({ 'GET /api/apps/shop/deploymentProfiles': { body: [] } });
    renderRoute(Tab, '/applications/:app_key', '/applications/shop');
    expect(await screen.findByText('Create them on the RBOM settings page.')).toBeInTheDocument();
  });
});
