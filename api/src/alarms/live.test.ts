// @backend-agnostic: who is told what, read as outbox rows; the SQL is the same engine on PGlite, and the
// relay is realtime/'s.
// Alarms seen elsewhere at once (issue 25 items 4-5, docs/alarms.md "Live"): a rule created or
// changed is evaluated in the request (a condition that already holds answers firing, not at the
// next timer tick), and every change — created, updated, a state change, acknowledged, deleted —
// is an 'Alarm Change' live event to who may view the process's alarms (not to a reader).
import type { Alarm } from '@portal/shared/server';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;

const rule = (extra: Record<string, unknown> = {}) => ({
  name: 'Any draft',
  metric_key: 'requirements',
  labels: { status: 'DRAFT' },
  comparator: '>=',
  threshold: 1,
  for_minutes: 0,
  severity: 'low',
  user_ids: [world.ids.olga],
  workgroup_ids: [],
  ...extra,
});

/** The 'Alarm Change' events of the alarm, in order: change (and from → to), per destination. */
async function changes(id: string): Promise<Array<{ destination: string; change: string; from: string | null; to: string | null }>> {
  return world.app.database.query(
    `SELECT destination, body -> 'data' ->> 'change' AS change, body -> 'data' ->> 'from' AS "from", body -> 'data' ->> 'to' AS "to"
       FROM outbox WHERE body ->> 'type' = 'Alarm Change' AND body -> 'data' ->> 'id' = $1 ORDER BY seq`,
    [id],
  );
}

beforeAll(async () => {
  world = await taskWorld();
  // RQ-12 is a draft: the snapshot stores requirements{status=DRAFT} = 1.
  await world.app.metricSnapshots.tick();
}, 120_000);
afterAll(async () => world?.close());

describe('alarms live', () => {
  let id = '';

  it('evaluates a new rule at once: one whose condition holds answers firing', async () => {
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule(), 201);
    id = created.id;
    expect(created).toMatchObject({ state: 'firing', value: 1 });
    const told = await changes(id);
    expect(told.filter((row) => row.destination === `events#${world.ids.olga}`).map((row) => `${row.change} ${row.from ?? ''}→${row.to ?? ''}`)).toEqual([
      'created →',
      'state ok→firing',
    ]);
    // A reader of the process (no view=>Alarm) is not told.
    expect(told.map((row) => row.destination)).not.toContain(`events#${world.ids.reed}`);
  });

  it('tells of an acknowledgement, a change (evaluated again) and a deletion', async () => {
    await world.ok('olga', 'POST', `/api/alarms/${id}/acknowledge?${G}`, { note: 'Looking at the drafts.' });
    const changed = await world.ok<Alarm>('olga', 'PUT', `/api/alarms/${id}?${G}`, rule({ threshold: 5 }));
    // The changed condition starts over at ok, and no longer holds.
    expect(changed.state).toBe('ok');
    await world.ok('olga', 'DELETE', `/api/alarms/${id}?${G}`, undefined, 204);
    const told = (await changes(id)).filter((row) => row.destination === `events#${world.ids.olga}`);
    expect(told.map((row) => `${row.change} ${row.from ?? ''}→${row.to ?? ''}`)).toEqual([
      'created →',
      'state ok→firing',
      'state firing→acknowledged',
      'updated →',
      'deleted →',
    ]);
  });
});
