import { render, screen } from '@testing-library/react';
import { history } from '../navigation/history';
import { routesOf } from '../navigation/routes';
import { RemoteRoot, type RemoteDefinition } from '../remote/createRemoteLifecycles';

/** The test every remote runs on its definition: each of its routes renders its screen. */
export function describeRemoteRoutes(definition: RemoteDefinition): void {
  describe(`${definition.remote} routes`, () => {
    const routes = routesOf(definition.remote);

    it('owns at least one route of the route table', () => {
      expect(routes.length).toBeGreaterThan(0);
    });

    it.each(routes.map((route) => [route.path, route.title]))('renders %s with its title and owner', async (path, title) => {
      history.replace(path.replace(/:([a-z_]+)/g, 'sample-$1'));
      render(<RemoteRoot {...definition} />);
      // A screen of one object (a route with parameters) adds them to its title.
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).toHaveTextContent(new RegExp(`^${title}`));
      expect(heading.closest('[data-owner]')).toHaveAttribute('data-owner', definition.remote);
    });
  });
}
