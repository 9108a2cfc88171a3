// The recovery point as a metric (issue 25 items 1 and 6): recovery_point_age_minutes is the
// minutes since the process's newest good backup (since its creation when it has none), read by
// GET metrics, snapshotted after a backup, served to Prometheus, and watched by an alarm as it is
// now (its value moves with the clock: the latest snapshot would be stale).
import type { Alarm, Backup, MetricsAnswer, MetricSeries } from '@portal/shared/server';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

const KEY = 'recovery_point_age_minutes';
let world: TaskWorld;
let pipelineKey = '';

const age = async (graph = 'alpha'): Promise<number | null> =>
  (await world.ok<MetricsAnswer>('olga', 'GET', `/api/metrics?graph=${graph}`)).metrics.find((metric) => metric.key === KEY)!.values[0]!.value;

async function backUp(): Promise<Backup> {
  const started = await world.ok<Backup>('olga', 'POST', `/api/recovery/backups?${G}`, undefined, 202);
  await world.app.recovery.idle();
  return world.ok<Backup>('olga', 'GET', `/api/recovery/backups/${started.id}?${G}`);
}

/** The backups finished `minutes` earlier (sessions would not survive the clock moving); the snapshots a day earlier. */
const backupsAged = async (minutes: number) => {
  await world.app.database.query("UPDATE recovery_backups SET finished_at = finished_at - make_interval(mins => $1)", [minutes]);
  await world.app.database.query("UPDATE metric_snapshots SET taken_at = taken_at - interval '1 day'");
};

const scrape = async (): Promise<string> =>
  (await world.app.inject({ method: 'GET', url: '/api/metrics/prometheus', headers: { 'x-api-key': pipelineKey } })).body;

beforeAll(async () => {
  world = await taskWorld();
  pipelineKey = (await world.ok<{ api_key_value: string }>('olga', 'POST', '/api/modules/pipeline-management', { name: 'Pipelines', configs: { url: 'https://ci.acme.test', token: 'secret' } }, 201)).api_key_value;
}, 120_000);
afterAll(async () => world?.close());

describe('the recovery point age metric', () => {
  it('counts the minutes since the process was created while it has no good backup', async () => {
    const [process] = await world.app.database.query<{ created_at: Date }>('SELECT created_at FROM processes WHERE id = $1', [world.processId]);
    const expected = Math.floor((world.clock.now().getTime() - new Date(process!.created_at).getTime()) / 60_000);
    expect(await age()).toBe(expected);
  });

  it('drops to 0 after a backup, is snapshotted then, grows with the clock and is served to Prometheus', async () => {
    const backup = await backUp();
    expect(backup.status).toBe('succeeded');
    expect(await age()).toBe(0);
    // The finished backup scheduled a snapshot of the process (the tests take it with flush()).
    expect(await world.app.metricSnapshots.flush()).toBeGreaterThan(0);
    const series = await world.ok<MetricSeries>('olga', 'GET', `/api/metrics/${KEY}/series?${G}`);
    expect(series.series[0]!.points.at(-1)).toEqual({ at: world.clock.now().toISOString(), value: 0 });

    await backupsAged(90);
    expect(await age()).toBe(90);
    expect(await scrape()).toContain(`portal_${KEY}{process="alpha"} 90\n`);
    // The daily snapshot records it as the other metrics.
    await world.app.metricSnapshots.tick();
    const after = await world.ok<MetricSeries>('olga', 'GET', `/api/metrics/${KEY}/series?${G}`);
    expect(after.series[0]!.points.at(-1)).toEqual({ at: world.clock.now().toISOString(), value: 90 });
  });

  it('a failed backup does not move it; the platform gives the mean over the processes', async () => {
    await world.app.database.query(
      "INSERT INTO recovery_backups (organization_id, process_id, trigger, status, target, location, format_version, encrypted, started_at, finished_at) SELECT organization_id, id, 'manual', 'failed', 'folder', 'x', 1, false, $2, $2 FROM processes WHERE id = $1",
      [world.processId, world.clock.now().toISOString()],
    );
    expect(await age()).toBe(90);
    // Olga's organization has one process: the platform's value is alpha's.
    expect(await age('*')).toBe(90);
  });

  it('fires an alarm on it without a new snapshot, and resolves it after the next backup', async () => {
    const rule = { name: 'Backups too old', metric_key: KEY, labels: {}, comparator: '>', threshold: 120, for_minutes: 0, severity: 'critical', user_ids: [world.ids.olga], workgroup_ids: [] };
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule, 201);
    await world.app.alarms.tick();
    expect((await world.ok<Alarm>('olga', 'GET', `/api/alarms/${created.id}?${G}`)).state).toBe('ok');
    // An hour on, no snapshot taken: the alarm reads the age as it is now.
    await backupsAged(60);
    await world.app.alarms.tick();
    const firing = await world.ok<Alarm>('olga', 'GET', `/api/alarms/${created.id}?${G}`);
    expect(firing).toMatchObject({ state: 'firing', value: 150 });
    expect((await backUp()).status).toBe('succeeded');
    await world.app.metricSnapshots.flush();
    expect((await world.ok<Alarm>('olga', 'GET', `/api/alarms/${created.id}?${G}`)).state).toBe('resolved');
  });
});
