// POST apps/monitoring/rescan when its run is not done within the request's wait (issue 27: rescans
// are jobs): 202 with the run as it stands, which GET apps/monitoring/runs/{id} follows until DONE
// — here on an app whose workers start only after the answer, so the run waits for them.
import { withCookie } from '../testing/identity';
import { processBuild } from '../sbom/processing';
import { monitoringSuite } from '../testing/monitoring';
import { until } from '../testing/until';

const { world, olga } = monitoringSuite({
  olga: true,
  setUp: async () => {
    await world.app.database.query('UPDATE applications SET enable_continuous_monitoring = true WHERE id = $1', [world.applicationId]);
    const build = await world.store();
    await processBuild(world.context(), build.id, build.components);
    // What the rescan finds anew.
    await world.app.database.query("DELETE FROM build_findings WHERE build_id = $1 AND vulnerability_id = 'GHSA-35jh-r3h4-6jhm'", [build.id]);
    world.app.monitoring.rescanWaitMs = 50;
  },
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  world.app.inject({ method, url, headers: withCookie(olga), ...(payload ? { payload } : {}) });

test('a rescan not done within the wait answers 202 with its run, which GET follows until DONE', async () => {
  const answer = await call('POST', '/api/apps/monitoring/rescan?graph=alpha', {});
  expect(answer.statusCode).toBe(202);
  const { id } = answer.json();
  expect(answer.json()).toEqual({ id, status: 'QUEUED', error: null, pending: 0, applications: 0, builds: 0, new_vulnerabilities: 0, new_active_exploits: 0, events: [] });
  const run = () => call('GET', `/api/apps/monitoring/runs/${id}?graph=alpha`);
  expect((await run()).json()).toMatchObject({ id, status: 'QUEUED' });

  await world.app.jobs.start();
  await until(async () => (await run()).json().status === 'DONE', 'the run done');
  expect((await run()).json()).toMatchObject({
    status: 'DONE',
    pending: 0,
    applications: 1,
    builds: 1,
    new_vulnerabilities: 1,
    events: [{ vulnerability_id: 'GHSA-35jh-r3h4-6jhm', app_key: 'web', source: 'rescan', triggered_by: 'olga' }],
  });
  expect((await call('GET', '/api/apps/monitoring/runs/00000000-0000-4000-8000-000000000000?graph=alpha')).statusCode).toBe(404);
  expect((await call('GET', '/api/apps/monitoring/runs/not-a-run?graph=alpha')).statusCode).toBe(404);
});
