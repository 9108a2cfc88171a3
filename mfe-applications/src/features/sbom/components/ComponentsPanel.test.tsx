import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, fill, renderRoute } from '@portal/shared/testing';
import { build, component } from '../../../testing/fixtures';
import { signIn } from '../../../testing/sessions';
import { ComponentsPanel } from './ComponentsPanel';

const Components = () => <ComponentsPanel graph="core" appKey="shop" buildId="b1" />;

/** A root with `count` direct dependencies, each with one of its own; every 100th is vulnerable. */
function sbom(count: number) {
  const rows = [component('shop', null, { name: 'juice-shop', version: '11.1.2' })];
  for (let index = 0; index < count; index += 1) {
    rows.push(component(`dep${index}`, 'shop', { name: `dep-${index}` }));
    rows.push(component(`sub${index}`, `dep${index}`, { name: `sub-${index}`, vulnerabilities: index % 100 === 0 ? [{ id: `GHSA-${index}`, severity: 'HIGH' }] : [] }));
  }
  return { app_key: 'shop', build: build(1), components: rows };
}

beforeEach(() => signIn());

describe('the component tree of a build', () => {
  it('renders only the rows in view of thousands of components, with the derived figures', async () => {
    const { calls } = fakeApi({ 'GET /api/sbom': { body: sbom(2500) } });
    const { user } = renderRoute(Components, '/applications/:app_key', '/applications/shop');
    const tree = await screen.findByRole('tree', { name: 'Components' });
    expect(calls[0].query).toEqual({ graph: 'core', app: 'shop', build: 'b1' });
    expect(screen.getByText('5,001 components, 25 vulnerable')).toBeInTheDocument();
    const root = within(tree).getByRole('treeitem', { name: 'juice-shop 11.1.2' });
    expect(root).toHaveAttribute('aria-expanded', 'true');
    expect(root).toHaveTextContent('25 vuln.');
    expect(root).toHaveTextContent('5000 below');
    expect(within(tree).getAllByRole('treeitem').length).toBeLessThan(80);

    tree.focus();
    await user.keyboard('{End}');
    expect(tree.getAttribute('aria-activedescendant')).toBe('sbom-node-4999');
    // The tree scrolled the active row into view; jsdom does not announce it as a browser does.
    fireEvent.scroll(tree);
    expect(await within(tree).findByRole('treeitem', { name: 'dep-2499 1.0.0' })).toHaveAttribute('aria-level', '2');
    await user.keyboard('{ArrowRight}');
    expect(await within(tree).findByRole('treeitem', { name: 'sub-2499 1.0.0' })).toHaveAttribute('aria-level', '3');
    await user.keyboard('{Home}');
    expect(tree.getAttribute('aria-activedescendant')).toBe('sbom-node-0');
  });

  it('filters by text or to the vulnerable components, opening the branches that lead there', async () => {
    fakeApi({ 'GET /api/sbom': { body: sbom(300) } });
    const { user } = renderRoute(Components, '/applications/:app_key', '/applications/shop');
    const tree = await screen.findByRole('tree', { name: 'Components' });
    await user.click(screen.getByRole('checkbox', { name: 'Only vulnerable components' }));
    expect(within(tree).getAllByRole('treeitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'juice-shop 11.1.2', 'dep-0 1.0.0', 'sub-0 1.0.0', 'dep-100 1.0.0', 'sub-100 1.0.0', 'dep-200 1.0.0', 'sub-200 1.0.0',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Only vulnerable components' }));
    await fill(user, screen.getByRole('searchbox', { name: 'Filter components' }), 'sub-42');
    expect(await within(tree).findByRole('treeitem', { name: 'sub-42 1.0.0' })).toBeInTheDocument();
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(3);
    await fill(user, screen.getByRole('searchbox', { name: 'Filter components' }), 'nothing-like-it');
    expect(await screen.findByText('No component matches.')).toBeInTheDocument();
  });
});
