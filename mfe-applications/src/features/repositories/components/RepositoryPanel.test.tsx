import type { RepositoryAnalysis } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { fakeApi, renderRoute } from '@portal/shared/testing';
import { signIn } from '../../../testing/sessions';
import { RepositoryPanel } from './RepositoryPanel';

const ANALYSIS: RepositoryAnalysis = {
  app_key: 'shop',
  build: { id: 'b2', number: 2 },
  components: 840,
  with_vcs: 612,
  without_reference: 120,
  by_type: { vcs: 640, website: 500, distribution: 30 },
  hosts: [
    { host: 'github.com', repositories: 580, components: 600 },
    { host: 'gitlab.com', repositories: 3, components: 4 },
  ],
  repositories: [
    { url: 'https://github.com/lodash/lodash', host: 'github.com', types: ['vcs', 'website'], components: 12, component_refs: [] },
    { url: 'svn.apache.org/repos/asf/commons', host: 'svn.apache.org', types: ['vcs'], components: 1, component_refs: [] },
  ],
};

beforeEach(() => signIn());

describe('repository analysis', () => {
  it('shows where the components’ sources live: figures, hosts and repositories', async () => {
    const { calls } = fakeApi({ 'GET /api/apps/shop/builds/b2/repositoryAnalysis': { body: ANALYSIS } });
    renderRoute(() => <RepositoryPanel graph="core" appKey="shop" buildId="b2" />, '/applications/:app_key', '/applications/shop');
    const figures = await screen.findByLabelText('Repository figures');
    expect(calls[0].query).toEqual({ graph: 'core' });
    expect(figures).toHaveTextContent('Components840');
    expect(figures).toHaveTextContent('With a source repository612');
    expect(figures).toHaveTextContent('Without any reference120');
    expect(within(screen.getByRole('table', { name: 'Hosts' })).getAllByRole('row')[1]).toHaveTextContent('github.com580600');
    const repositories = screen.getByRole('table', { name: 'Source repositories' });
    expect(within(repositories).getByRole('link', { name: 'https://github.com/lodash/lodash' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(repositories).getAllByRole('row')[2]).toHaveTextContent('svn.apache.org/repos/asf/commons');
    expect(within(within(repositories).getAllByRole('row')[2]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when no component names a repository', async () => {
    fakeApi({ 'GET /api/apps/shop/builds/b2/repositoryAnalysis': { body: { ...ANALYSIS, with_vcs: 0, hosts: [], repositories: [] } } });
    renderRoute(() => <RepositoryPanel graph="core" appKey="shop" buildId="b2" />, '/applications/:app_key', '/applications/shop');
    expect(await screen.findByText('No component of this build names a source repository.')).toBeInTheDocument();
  });
});
