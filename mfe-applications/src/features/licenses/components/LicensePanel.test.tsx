import { setPermissionChecker, type ComponentLicense, type LicenseAnalysis } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { fakeApi, fill, renderRoute } from '@portal/shared/testing';
import { signInEachTest } from '../../../testing/sessions';
import { LicenseOverview } from './LicenseOverview';
import { LicensePanel } from './LicensePanel';

const row = (name: string, declared: string[], expression: string | null, category: ComponentLicense['category']): ComponentLicense => ({
  bom_ref: name, group: null, name, version: '1.0.0', purl: `pkg:npm/${name}@1.0.0`, declared, expression, ids: expression ? [expression] : [], category,
});
const ANALYSIS: LicenseAnalysis = {
  app_key: 'shop',
  build: { id: 'b2', number: 2 },
  summary: { permissive: 2, 'weak-copyleft': 1, 'strong-copyleft': 1, unknown: 1 },
  licenses: [
    { license: 'MIT', category: 'permissive', components: 2 },
    { license: 'GPL-3.0-only', category: 'strong-copyleft', components: 1 },
    { license: 'LGPL-2.1-only', category: 'weak-copyleft', components: 1 },
    { license: 'unknown', category: 'unknown', components: 1 },
  ],
  components: [
    row('express', ['MIT'], 'MIT', 'permissive'),
    row('lodash', ['MIT'], 'MIT', 'permissive'),
    row('readline-sync', ['GPL-3.0'], 'GPL-3.0-only', 'strong-copyleft'),
    row('libxml', ['LGPL 2.1'], 'LGPL-2.1-only', 'weak-copyleft'),
    row('mystery', [], null, 'unknown'),
  ],
};

signInEachTest();

describe('license analysis', () => {
  it('shows a build’s categories, the licenses used and each component’s licenses, filtered', async () => {
    const { calls } = fakeApi({ 'GET /api/apps/shop/builds/b2/licenses': { body: ANALYSIS } });
    const { user } = renderRoute(() => <LicensePanel graph="core" appKey="shop" buildId="b2" />, '/applications/:app_key', '/applications/shop');
    expect(await screen.findByRole('list', { name: 'Components by license category' })).toHaveTextContent('Permissive 2Weak copyleft 1Strong copyleft 1Unknown 1');
    expect(calls[0].query).toEqual({ graph: 'core' });
    const licenses = screen.getByRole('table', { name: 'Licenses used' });
    expect(within(licenses).getAllByRole('row')[2]).toHaveTextContent('GPL-3.0-onlyStrong copyleft1');
    const components = screen.getByRole('table', { name: 'Component licenses' });
    expect(within(components).getAllByRole('row')).toHaveLength(6);
    expect(within(components).getAllByRole('row')[5]).toHaveTextContent('mystery 1.0.0pkg:npm/mystery@1.0.0None—Unknown');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'strong-copyleft');
    expect(within(screen.getByRole('table', { name: 'Component licenses' })).getAllByRole('row')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '');
    await user.click(within(licenses).getAllByRole('row')[3]);
    expect(screen.getByRole('searchbox', { name: 'Filter components by license' })).toHaveValue('LGPL-2.1-only');
    expect(within(screen.getByRole('table', { name: 'Component licenses' })).getAllByRole('row')[1]).toHaveTextContent('libxml');
    await fill(user, screen.getByRole('searchbox', { name: 'Filter components by license' }), 'nothing');
    expect(screen.getByText('No component matches.')).toBeInTheDocument();
  });

  it('says why a license used does not add to its category: a choice (OR) counts in its least restrictive one', async () => {
    const dual = { ...row('jersey', ['CDDL-1.1 OR GPL-2.0-only'], 'CDDL-1.1 OR GPL-2.0-only', 'weak-copyleft'), ids: ['CDDL-1.1', 'GPL-2.0-only'] };
    const analysis: LicenseAnalysis = {
      ...ANALYSIS,
      summary: { permissive: 0, 'weak-copyleft': 1, 'strong-copyleft': 0, unknown: 0 },
      licenses: [
        { license: 'CDDL-1.1', category: 'weak-copyleft', components: 1 },
        { license: 'GPL-2.0-only', category: 'strong-copyleft', components: 1 },
      ],
      components: [dual],
    };
    fakeApi({ 'GET /api/apps/shop/builds/b2/licenses': { body: analysis } });
    renderRoute(() => <LicensePanel graph="core" appKey="shop" buildId="b2" />, '/applications/:app_key', '/applications/shop');
    expect(await screen.findByRole('list', { name: 'Components by license category' })).toHaveTextContent('Strong copyleft 0');
    expect(screen.getByRole('note')).toHaveTextContent(
      '1 component counts in the category of its whole license expression: a choice (OR) as its least restrictive license, a license WITH an exception as the exception makes it. So GPL-2.0-only is among the licenses used without adding to its own category’s count.',
    );
  });

  it('has no such note when every license counts in its own category', async () => {
    fakeApi({ 'GET /api/apps/shop/builds/b2/licenses': { body: ANALYSIS } });
    renderRoute(() => <LicensePanel graph="core" appKey="shop" buildId="b2" />, '/applications/:app_key', '/applications/shop');
    await screen.findByRole('table', { name: 'Licenses used' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('summarizes the licenses of every app and lists the license-risk alerts newest first', async () => {
    fakeApi({
      'GET /api/apps/licenses': { body: [{ app_key: 'shop', name: 'Juice Shop', build: { id: 'b2', number: 2 }, summary: ANALYSIS.summary, risks: 2 }] },
      'GET /api/apps/licenses/alerts': {
        body: [
          {
            id: 'a1', app_key: 'shop', build: { id: 'b2', number: 2 }, component: { bom_ref: 'readline-sync', name: 'readline-sync', version: '1.4.10', purl: null },
            license: 'GPL-3.0-only', category: 'strong-copyleft', severity: 'HIGH', created_at: '2026-11-22T08:00:00.000Z',
          },
        ],
      },
    });
    renderRoute(() => <LicenseOverview graph="core" />, '/applications');
    const summary = await screen.findByRole('table', { name: 'Licenses by application' });
    expect(within(summary).getByRole('link', { name: 'Juice Shop' })).toHaveAttribute('href', '/applications/shop?build=b2&view=licenses');
    expect(within(summary).getAllByRole('row')[1]).toHaveTextContent('#2');
    const alerts = await screen.findByRole('table', { name: 'License-risk alerts' });
    const alert = within(alerts).getAllByRole('row')[1];
    expect(alert).toHaveTextContent('High');
    expect(alert).toHaveTextContent('readline-sync 1.4.10');
    expect(alert).toHaveTextContent('GPL-3.0-onlyStrong copyleft');
    expect(within(alert).getByRole('link', { name: 'shop #2' })).toHaveAttribute('href', '/applications/shop?build=b2&view=licenses');
  });

  it('is not shown, nor read, without the license permissions', () => {
    setPermissionChecker((permission) => permission !== 'use=>LicenseCheck' && permission !== 'receive=>Alert::LicenseRisk');
    const { calls } = fakeApi({});
    renderRoute(() => <LicenseOverview graph="core" />, '/applications');
    expect(screen.queryByRole('heading', { name: 'Licenses' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
