// Continuous monitoring through the API (issue 7 item 12): for apps with monitoring on, an advisory
// imported through the API, a KEV catalog and a rescan raise New Vulnerability / New Active
// Exploit events once, stored and pushed through the outbox (events# to the process's people,
// notifications# to those with the alert permission); apps with monitoring off hear nothing; the
// events list and detail; the demo simulation; and the refusals.
import type { SessionCookie } from '../testing/identity';
import { importKevCatalog } from '../vulnerabilities/repository';
import { advisory, cycloneDx, npm, startTestApi, type TestApi } from '../testing/graph';

let api: TestApi;
let olga: SessionCookie; // ORG_ADMIN of Acme: alerts
let ada: SessionCookie; // AUTHOR of alpha: alerts, scan
let rita: SessionCookie; // READER of alpha: events, no alerts
let dora: SessionCookie; // DEMO, AUTHOR of alpha: the simulation
const ids: Record<string, string> = {};

const lodash = npm('lodash', '4.17.15');
const minimist = npm('minimist', '1.2.0');
const SBOM = (root: string) => cycloneDx(root, [lodash, minimist], { [root]: [lodash.ref, minimist.ref] });

async function outbox(after: number) {
  return api.app.database.query<{ seq: string; destination: string; body: Record<string, unknown> }>(
    'SELECT seq::text AS seq, destination, body FROM outbox WHERE seq > $1 ORDER BY seq',
    [after],
  );
}
async function lastSeq(): Promise<number> {
  const [row] = await api.app.database.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM outbox');
  return Number(row.seq ?? 0);
}
const findingsOf = async (appKey: string) =>
  (
    await api.app.database.query<{ vulnerability_id: string; active_exploit: boolean }>(
      `SELECT f.vulnerability_id, f.active_exploit FROM build_findings f JOIN application_builds b ON b.id = f.build_id
         JOIN applications a ON a.id = b.application_id WHERE a.app_key = $1 ORDER BY 1`,
      [appKey],
    )
  ).map((row) => `${row.vulnerability_id}${row.active_exploit ? ' (exploited)' : ''}`);
/** POST rescan: its answer once the run is done (200 at once, or 202 and the run polled until done). */
async function rescan(cookie: SessionCookie, body?: object) {
  const answer = await api.call(cookie, 'POST', '/api/apps/monitoring/rescan?graph=alpha', body);
  if (answer.statusCode !== 202) return answer;
  for (;;) {
    const run = await api.call(cookie, 'GET', `/api/apps/monitoring/runs/${answer.json().id}?graph=alpha`);
    if (run.statusCode !== 200 || run.json().status === 'DONE') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const eventsOf = async (cookie: SessionCookie, query = '') => (await api.call(cookie, 'GET', `/api/apps/monitoring/events?graph=alpha${query}`)).json();

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha', 'other'] });
  olga = await api.user('olga', '--org', 'Acme', '--role', 'ORG_ADMIN');
  ada = await api.user('ada', '--org', 'Acme', '--member', 'alpha=AUTHOR');
  rita = await api.user('rita', '--org', 'Acme', '--member', 'alpha=READER');
  dora = await api.user('dora', '--org', 'Acme', '--role', 'DEMO', '--member', 'alpha=AUTHOR');
  for (const [login] of [['olga'], ['ada'], ['rita'], ['dora']]) {
    [{ id: ids[login] }] = await api.app.database.query<{ id: string }>('SELECT id FROM users WHERE login_id = $1', [login]);
  }
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm')]);
  await api.createApp(olga, 'alpha', 'shop', { enable_continuous_monitoring: true });
  await api.createApp(olga, 'alpha', 'quiet');
  await api.createApp(olga, 'other', 'elsewhere', { enable_continuous_monitoring: true });
  for (const [graph, appKey] of [['alpha', 'shop'], ['alpha', 'quiet'], ['other', 'elsewhere']]) await api.uploadBuild(olga, graph, appKey, SBOM(appKey));
  await api.app.monitoring.idle();
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('an advisory imported through the API', () => {
  it('raises New Vulnerability for monitored apps it newly affects, stored and pushed once', async () => {
    const before = await lastSeq();
    expect(await findingsOf('shop')).toEqual(['GHSA-35jh-r3h4-6jhm']);
    await api.importAdvisories([advisory('GHSA-p6mc-m468-83gw')]);
    await api.app.monitoring.idle();

    expect(await findingsOf('shop')).toEqual(['GHSA-35jh-r3h4-6jhm', 'GHSA-p6mc-m468-83gw']);
    // Monitoring off: its findings wait for the next rescan.
    expect(await findingsOf('quiet')).toEqual(['GHSA-35jh-r3h4-6jhm']);
    const { events, total } = await eventsOf(rita);
    expect(total).toBe(1);
    expect(events[0]).toMatchObject({
      type: 'New Vulnerability',
      project: 'alpha',
      app_key: 'shop',
      build: { number: 1 },
      vulnerability_id: 'GHSA-p6mc-m468-83gw',
      aliases: ['CVE-2020-8203'],
      severity: 'HIGH',
      active_exploit: false,
      component: { bom_ref: lodash.ref, name: 'lodash', version: '4.17.15', purl: lodash.purl },
      source: 'advisory-import',
      triggered_by: null,
      // olga, ada and dora hold the alert; rita does not.
      notified: 3,
    });

    const pushed = await outbox(before);
    const inAlpha = pushed.filter((row) => (row.body.project ?? (row.body.data as { graph?: string }).graph) === 'alpha');
    const to = (prefix: string) => inAlpha.filter((row) => row.destination.startsWith(prefix)).map((row) => row.destination).sort();
    expect(to('notifications#')).toEqual([`notifications#${ids.ada}`, `notifications#${ids.dora}`, `notifications#${ids.olga}`].sort());
    expect(to('events#')).toEqual(expect.arrayContaining([`events#${ids.rita}`, `events#${ids.ada}`]));
    const notification = pushed.find((row) => row.destination === `notifications#${ids.ada}`)!.body;
    expect(notification).toMatchObject({
      title: 'New Vulnerability',
      project: 'alpha',
      login_id: 'ada',
      sender: 'Continuous Monitoring',
      message: 'GHSA-p6mc-m468-83gw (HIGH) in lodash 4.17.15 was found in ##shop## (build 1).',
      link: `/applications/monitoring/events?event=${events[0].id}`,
      read: false,
    });
    // By mail too (the process's settings have Mail on): to the same people, as the event kind.
    const mailed = await api.app.database.query<{ user_id: string; subject: string; link: string }>(
      "SELECT user_id, subject, link FROM mail_queue WHERE event = 'New Vulnerability' AND message LIKE '%##shop##%'",
    );
    expect(mailed.map((row) => row.user_id).sort()).toEqual([ids.ada, ids.dora, ids.olga].sort());
    expect(mailed[0]).toMatchObject({ subject: 'New Vulnerability', link: `/applications/monitoring/events?event=${events[0].id}` });
    expect(pushed.find((row) => row.destination === `events#${ids.rita}`)!.body).toMatchObject({
      type: 'New Vulnerability',
      eventId: events[0].id,
      data: { graph: 'alpha', id: events[0].id, app_key: 'shop', vulnerability_id: 'GHSA-p6mc-m468-83gw' },
    });
    // The other process's monitored app was affected too: its own events (and olga's second notification).
    const elsewhere = await api.call(olga, 'GET', '/api/apps/monitoring/events?graph=other');
    expect(elsewhere.json()).toMatchObject({ total: 1, events: [{ app_key: 'elsewhere', project: 'other' }] });
  });

  it('raises nothing when the same advisory comes again, or when a rescan finds nothing new', async () => {
    const before = await lastSeq();
    await api.importAdvisories([advisory('GHSA-p6mc-m468-83gw')]);
    await api.app.monitoring.idle();
    const rescanned = await rescan(ada, {});
    expect(rescanned.statusCode).toBe(200);
    expect(rescanned.json()).toEqual({ id: expect.any(String), status: 'DONE', error: null, pending: 0, applications: 1, builds: 1, new_vulnerabilities: 0, new_active_exploits: 0, events: [] });
    expect(await outbox(before)).toEqual([]);
    expect((await eventsOf(olga)).total).toBe(1);
  });
});

describe('a KEV catalog', () => {
  it('raises New Active Exploit for a known finding that is now exploited', async () => {
    await importKevCatalog(api.app.database, { catalogVersion: '2026.11.22', vulnerabilities: [{ cveID: 'CVE-2021-23337', dateAdded: '2026-11-22' }] });
    await api.app.monitoring.idle();
    expect(await findingsOf('shop')).toEqual(['GHSA-35jh-r3h4-6jhm (exploited)', 'GHSA-p6mc-m468-83gw']);
    const { events } = await eventsOf(olga, '&type=New%20Active%20Exploit');
    expect(events).toEqual([expect.objectContaining({ type: 'New Active Exploit', vulnerability_id: 'GHSA-35jh-r3h4-6jhm', active_exploit: true, app_key: 'shop' })]);
  });
});

describe('POST /api/apps/monitoring/rescan', () => {
  it("finds what an app missed while its monitoring was off, once it is on; names who asked", async () => {
    expect((await api.call(olga, 'PUT', '/api/apps/quiet?graph=alpha', { enable_continuous_monitoring: true })).statusCode).toBe(200);
    const rescanned = await rescan(ada, { app_key: 'quiet' });
    expect(rescanned.json()).toMatchObject({ status: 'DONE', applications: 1, builds: 1, new_vulnerabilities: 1, new_active_exploits: 1 });
    // The finding it already had became exploited; the advisory imported meanwhile is new to it.
    expect(rescanned.json().events.map((event: { type: string; vulnerability_id: string }) => `${event.type} ${event.vulnerability_id}`).sort()).toEqual([
      'New Active Exploit GHSA-35jh-r3h4-6jhm',
      'New Vulnerability GHSA-p6mc-m468-83gw',
    ]);
    expect(rescanned.json().events[0]).toMatchObject({ source: 'rescan', triggered_by: 'ada' });
    expect(await findingsOf('quiet')).toEqual(['GHSA-35jh-r3h4-6jhm (exploited)', 'GHSA-p6mc-m468-83gw']);
  });

  it('refuses an app with monitoring off (409), an unknown app (404) and a READER (403)', async () => {
    await api.createApp(olga, 'alpha', 'silent');
    const off = await api.call(ada, 'POST', '/api/apps/monitoring/rescan?graph=alpha', { app_key: 'silent' });
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toBe("Continuous monitoring is off for silent: turn it on in the application's settings first.");
    expect((await api.call(ada, 'POST', '/api/apps/monitoring/rescan?graph=alpha', { app_key: 'elsewhere' })).statusCode).toBe(404);
    expect((await api.call(rita, 'POST', '/api/apps/monitoring/rescan?graph=alpha', {})).statusCode).toBe(403);
  });
});

describe('the events', () => {
  it('list newest first, filtered by app, type or severity, and page', async () => {
    const all = await eventsOf(rita);
    expect(all.total).toBe(4);
    const times = all.events.map((event: { created_at: string }) => event.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await eventsOf(rita, '&app=QUIET')).total).toBe(2);
    expect((await eventsOf(rita, '&severity=CRITICAL')).total).toBe(0);
    const page = await eventsOf(rita, '&limit=1&offset=1');
    expect(page).toMatchObject({ total: 4, events: [all.events[1]] });
    expect((await api.call(rita, 'GET', '/api/apps/monitoring/events?graph=alpha&type=Nope')).statusCode).toBe(400);
  });

  it('one, with its finding as it stands now; another process or a malformed id is 404', async () => {
    const [latest] = (await eventsOf(rita)).events;
    const detail = await api.call(rita, 'GET', `/api/apps/monitoring/events/${latest.id}?graph=alpha`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ ...latest, finding: { present: true, analysis_state: null } });
    expect((await api.call(olga, 'GET', `/api/apps/monitoring/events/${latest.id}?graph=other`)).statusCode).toBe(404);
    expect((await api.call(rita, 'GET', '/api/apps/monitoring/events/not-an-id?graph=alpha')).statusCode).toBe(404);
  });
});

describe('POST /api/apps/monitoring/simulateNewVulnerability/:cve', () => {
  it('raises the events the advisory would raise, for a demo user, without changing findings', async () => {
    const before = await lastSeq();
    const simulated = await api.call(dora, 'POST', '/api/apps/monitoring/simulateNewVulnerability/CVE-2020-8203?graph=alpha');
    expect(simulated.statusCode).toBe(200);
    expect(simulated.json().events.map((event: { app_key: string; type: string; source: string }) => `${event.app_key} ${event.type} ${event.source}`).sort()).toEqual([
      'quiet New Vulnerability simulation',
      'shop New Vulnerability simulation',
    ]);
    expect((await outbox(before)).filter((row) => row.destination === `notifications#${ids.olga}`)).toHaveLength(2);
    expect(await findingsOf('shop')).toEqual(['GHSA-35jh-r3h4-6jhm (exploited)', 'GHSA-p6mc-m468-83gw']);
  });

  it('refuses a user without the demo permission, an unknown advisory and one that affects nothing', async () => {
    expect((await api.call(ada, 'POST', '/api/apps/monitoring/simulateNewVulnerability/CVE-2020-8203?graph=alpha')).statusCode).toBe(403);
    const unknown = await api.call(dora, 'POST', '/api/apps/monitoring/simulateNewVulnerability/CVE-1999-0001?graph=alpha');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('CVE-1999-0001 is not in the vulnerability database: import its advisory first.');
    await api.importAdvisories([advisory('GHSA-3h5v-q93c-6h6q')]);
    const nothing = await api.call(dora, 'POST', '/api/apps/monitoring/simulateNewVulnerability/CVE-2024-37890?graph=alpha');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().detail).toBe(
      'GHSA-3h5v-q93c-6h6q affects no component of the newest build of an application with continuous monitoring on in this process.',
    );
    expect((await api.call(dora, 'POST', '/api/apps/monitoring/simulateNewVulnerability/bad%20id?graph=alpha')).statusCode).toBe(400);
  });
});

describe('POST /api/apps/monitoring/clearDemoCves', () => {
  const counts = async (appKey: string) =>
    (
      await api.app.database.query<{ vulnerability_count: number }>(
        'SELECT b.vulnerability_count FROM application_builds b JOIN applications a ON a.id = b.application_id WHERE a.app_key = $1',
        [appKey],
      )
    ).map((row) => row.vulnerability_count);

  it("removes the two demo CVEs' findings and events from the process only; a rescan raises them again", async () => {
    expect(await counts('shop')).toEqual([2]);
    const cleared = await api.call(dora, 'POST', '/api/apps/monitoring/clearDemoCves?graph=alpha');
    expect(cleared.statusCode).toBe(200);
    // shop and quiet each had both lodash advisories (by their CVE aliases).
    expect(cleared.json()).toEqual({ cves: ['CVE-2020-8203', 'CVE-2021-23337'], findings: 4, builds: 2 });
    expect(await findingsOf('shop')).toEqual([]);
    expect(await counts('shop')).toEqual([0]);
    expect((await eventsOf(rita)).total).toBe(0);
    // The other process keeps its own.
    expect(await findingsOf('elsewhere')).not.toEqual([]);

    const rescanned = await rescan(ada);
    expect(rescanned.statusCode).toBe(200);
    // Both apps have monitoring on by now (the rescan tests above turned quiet's on).
    expect(rescanned.json()).toMatchObject({ new_vulnerabilities: 4 });
    expect(await findingsOf('shop')).toEqual(['GHSA-35jh-r3h4-6jhm (exploited)', 'GHSA-p6mc-m468-83gw']);
    expect(await counts('shop')).toEqual([2]);
  });

  it('is refused without the demo permission (403) and for a process unknown to the caller (404)', async () => {
    expect((await api.call(ada, 'POST', '/api/apps/monitoring/clearDemoCves?graph=alpha')).statusCode).toBe(403);
    expect((await api.call(dora, 'POST', '/api/apps/monitoring/clearDemoCves?graph=nowhere')).statusCode).toBe(404);
    expect(await findingsOf('shop')).toHaveLength(2);
  });
});
