// Which queries each live event of the applications makes stale (issue 22): what the screens show
// of the changed object, and no more — an app's page exactly, never the components of every build.
import type { LiveEvent } from '@portal/shared/screens';
import { QueryClient } from '@tanstack/react-query';
import { applicationDetail, build } from '../testing/fixtures';
import type { ApplicationDetail } from '../lib/types';
import { APPLICATION_LIVE_RULES, applicationLiveRules } from './liveRules';

const targets = (type: string, data: Record<string, unknown>) => APPLICATION_LIVE_RULES[type]!({ type, session_id: '', data } as LiveEvent, 'core');

describe('the live rules of the applications', () => {
  it('a build stored or advancing: the lists, the app page exactly and that build', () => {
    expect(targets('Import SBOM', { app_key: 'shop', build_id: 'b2', status: 'PENDING' })).toEqual([
      ['applications', 'core', 'list'],
      ['applications', 'core', 'licenses'],
      { queryKey: ['applications', 'core', 'app', 'shop'], exact: true },
      ['applications', 'core', 'app', 'shop', 'build', 'b2'],
    ]);
  });

  it('a build done: also the profiles of the app, whose RBOM waited for it, and the priority plane', () => {
    expect(targets('Import SBOM', { app_key: 'shop', build_id: 'b2', status: 'DONE' })).toEqual(
      expect.arrayContaining([['applications', 'core', 'app', 'shop', 'deploymentProfiles'], ['applications', 'core', 'planes']]),
    );
    expect(targets('Import SBOM', { app_key: 'shop', build_id: 'b2', status: 'PROCESSING' })).not.toContainEqual(['applications', 'core', 'app', 'shop', 'deploymentProfiles']);
  });

  it("a profile: the app's profiles with their RBOMs and shares", () => {
    expect(targets('Deployment Profile', { app_key: 'shop', id: 'p1', kind: 'updated' })).toEqual([['applications', 'core', 'app', 'shop', 'deploymentProfiles']]);
  });

  it("an analysis: that build's findings", () => {
    expect(targets('Analysis', { app_key: 'shop', id: 'f1', build_id: 'b2', kind: 'updated' })).toEqual([['applications', 'core', 'app', 'shop', 'build', 'b2', 'findings']]);
  });

  it('an application: the lists, the settings, monitoring and its page', () => {
    expect(targets('Application', { app_key: 'billing', id: 'a2', kind: 'created' })).toEqual([
      ['applications', 'core', 'list'],
      ['applications', 'core', 'settings'],
      ['applications', 'core', 'monitoring'],
      { queryKey: ['applications', 'core', 'app', 'billing'], exact: true },
    ]);
  });

  it('a monitoring event: the events, the list and everything of the app whose newest build gained findings', () => {
    for (const type of ['New Vulnerability', 'New Active Exploit']) {
      expect(targets(type, { app_key: 'shop', id: 'e1' })).toEqual([['applications', 'core', 'monitoring'], ['applications', 'core', 'list'], ['applications', 'core', 'app', 'shop']]);
    }
  });

  it('an event that names no app: the whole process, rather than missing a change', () => {
    expect(targets('Import SBOM', {})).toEqual([['applications', 'core']]);
    expect(targets('Deployment Profile', {})).toEqual([['applications', 'core']]);
    expect(targets('Analysis', { app_key: 'shop' })).toEqual([['applications', 'core']]);
  });
});

describe('a build state written from its event', () => {
  const client = new QueryClient();
  const rules = applicationLiveRules(client);
  const page = () => client.getQueryData<ApplicationDetail>(['applications', 'core', 'app', 'shop']);
  const send = (data: Record<string, unknown>) => rules['Import SBOM']!({ type: 'Import SBOM', session_id: '', data: { graph: 'core', app_key: 'shop', build_id: 'b2', ...data } } as LiveEvent, 'core');

  it('shows the stored build at once, then each newer state, before the server answers', () => {
    client.setQueryData(['applications', 'core', 'app', 'shop'], applicationDetail('shop', [build(1)]));
    send({ status: 'PENDING', build: build(2, { status: 'PENDING', component_count: 0, vulnerability_count: 0 }) });
    expect(page()!.builds.map((row) => `${row.number} ${row.status}`)).toEqual(['2 PENDING', '1 DONE']);
    send({ status: 'PROCESSING', component_count: 841 });
    expect(page()!.builds[0]).toMatchObject({ status: 'PROCESSING', component_count: 841 });
    send({ status: 'DONE', vulnerability_count: 37 });
    expect(page()!.builds[0]).toMatchObject({ status: 'DONE', component_count: 841, vulnerability_count: 37 });
    // An older state arriving late does not undo a newer one.
    send({ status: 'PROCESSING' });
    expect(page()!.builds[0].status).toBe('DONE');
  });
});
