// @backend-agnostic: who is told what, read as outbox rows; the SQL is the same engine on PGlite, and the
// relay is realtime/'s.
// The live events of the applications screens (issue 22): a build uploaded by CI tells each of its
// processing states ('Import SBOM': PENDING, PROCESSING, DONE with its counts) in that order, and
// an app's changes (the app, its deployment profiles, its findings' analyses) raise their events —
// each only to the process's members who may view its applications: never to a member without
// that permission (who must not learn that a build arrived), another process's member, or another
// organization.
import type { SessionCookie } from '../testing/identity';
import { advisory, cycloneDx, npm, startTestApi, type TestApi } from '../testing/graph';

let api: TestApi;
let olga: SessionCookie; // ORG_ADMIN of Acme
let rita: SessionCookie; // READER of alpha: views the apps
let tess: SessionCookie; // TASKER of alpha: a member who may not view applications
let apiKey: string; // Acme's CI/CD ingestion module
const ids: Record<string, string> = {};

const lodash = npm('lodash', '4.17.15');
const SBOM = cycloneDx('shop', [lodash], { shop: [lodash.ref] });

interface OutboxRow {
  destination: string;
  body: { type: string; eventId: string; data: Record<string, unknown> };
}

async function lastSeq(): Promise<number> {
  const [row] = await api.app.database.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM outbox');
  return Number(row.seq ?? 0);
}

/** The live events (events#) recorded after `after`, in order, of `type`. */
async function liveEvents(after: number, type: string): Promise<OutboxRow[]> {
  return api.app.database.query<OutboxRow>(
    `SELECT destination, body FROM outbox WHERE seq > $1 AND destination LIKE 'events#%' AND body->>'type' = $2 ORDER BY seq`,
    [after, type],
  );
}

const heard = (rows: readonly OutboxRow[]) => [...new Set(rows.map((row) => row.destination))].sort();
const audience = (...logins: string[]) => logins.map((login) => `events#${ids[login]}`).sort();

/** Uploads the SBOM to shop as a pipeline does (the CI/CD module's key), waits until it is processed; its id. */
async function uploadByCi(): Promise<string> {
  const uploaded = await api.app.inject({
    method: 'POST',
    url: '/api/apps/shop/builds',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    payload: SBOM,
  });
  expect(uploaded.statusCode).toBe(202);
  const buildId: string = uploaded.json().id;
  for (let attempt = 0; attempt < 800; attempt += 1) {
    const [build] = await api.app.database.query<{ status: string }>('SELECT status FROM application_builds WHERE id = $1', [buildId]);
    if (build?.status === 'DONE' || build?.status === 'FAILED') return buildId;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the build was not processed');
}

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha', 'other'], Beta: ['beta'] });
  olga = await api.user('olga', '--org', 'Acme', '--role', 'ORG_ADMIN');
  const role = await api.call(olga, 'POST', '/api/iam/roles', {
    name: 'TASKER',
    kind: 'process',
    description: 'Works on requirements; sees no application',
    policies: [{ effect: 'allow', actions: ['list', 'view'], resources: ['Requirement'], condition: null }],
  });
  expect(role.statusCode).toBe(201);
  rita = await api.user('rita', '--org', 'Acme', '--member', 'alpha=READER');
  tess = await api.user('tess', '--org', 'Acme', '--member', 'alpha=TASKER');
  await api.user('otto', '--org', 'Acme', '--member', 'other=AUTHOR');
  await api.user('bob', '--org', 'Beta', '--role', 'ORG_ADMIN', '--member', 'beta=ADMIN');
  for (const login of ['olga', 'rita', 'tess', 'otto', 'bob']) {
    [{ id: ids[login] }] = await api.app.database.query<{ id: string }>('SELECT id FROM users WHERE login_id = $1', [login]);
  }
  apiKey = (await api.call(olga, 'POST', '/api/modules/cicd-ingestion', { name: 'Pipelines' })).json().api_key_value;
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm')]);
  await api.createApp(olga, 'alpha', 'shop');
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('a build uploaded by CI', () => {
  it('tells those who may view the app of each state, in order: PENDING, PROCESSING, DONE with its counts', async () => {
    const before = await lastSeq();
    const buildId = await uploadByCi();

    const events = await liveEvents(before, 'Import SBOM');
    expect(heard(events)).toEqual(audience('olga', 'rita'));
    for (const login of ['olga', 'rita']) {
      const theirs = events.filter((row) => row.destination === `events#${ids[login]}`).map((row) => row.body.data);
      expect(theirs.map((data) => data.status)).toEqual(['PENDING', 'PROCESSING', 'DONE']);
      expect(theirs.every((data) => data.graph === 'alpha' && data.app_key === 'shop' && data.build_id === buildId && data.number === 1)).toBe(true);
      // The root and lodash; lodash affected by the advisory.
      expect(theirs[2]).toMatchObject({ component_count: 2, vulnerability_count: 1, login_id: '' });
      // The stored build comes with the first, as the app's page lists it: a screen shows it at once.
      expect(theirs[0].build).toMatchObject({ id: buildId, number: 1, status: 'PENDING', via: 'api-key', component_count: 2 });
    }
    // One event per state, the same for everyone who hears it (browsers de-duplicate by eventId).
    expect(new Set(events.map((row) => row.body.eventId)).size).toBe(3);
  });

  it('is not told to a member who may not view applications, another process or another organization', async () => {
    const before = await lastSeq();
    await uploadByCi();
    const told = await api.app.database.query<{ destination: string }>('SELECT DISTINCT destination FROM outbox WHERE seq > $1', [before]);
    const destinations = told.map((row) => row.destination);
    for (const login of ['tess', 'otto', 'bob']) {
      expect(destinations).not.toContain(`events#${ids[login]}`);
      expect(destinations).not.toContain(`notifications#${ids[login]}`);
    }
    // tess is a member of alpha, and the app is not hers to see: the event is held back for that reason.
    expect((await api.call(tess, 'GET', '/api/apps/shop?graph=alpha')).statusCode).toBe(403);
    expect((await api.call(rita, 'GET', '/api/apps/shop?graph=alpha')).statusCode).toBe(200);
  });
});

describe("an app's changes", () => {
  it('raise Application, Deployment Profile and Analysis events to those who may view the app', async () => {
    const before = await lastSeq();
    await api.createApp(olga, 'alpha', 'billing');
    const [build] = await api.app.database.query<{ id: string }>(
      "SELECT b.id FROM application_builds b JOIN applications a ON a.id = b.application_id WHERE a.app_key = 'shop' AND b.number = 1",
    );
    const created = await api.call(olga, 'POST', '/api/apps/shop/deploymentProfiles?graph=alpha', { name: 'Production', environment: 'prod', build_id: build.id });
    expect(created.statusCode).toBe(201);
    const profileId: string = created.json().id;
    expect((await api.call(olga, 'PUT', `/api/apps/shop/deploymentProfiles/${profileId}?graph=alpha`, { environment: 'staging' })).statusCode).toBe(200);
    expect((await api.call(olga, 'DELETE', `/api/apps/shop/deploymentProfiles/${profileId}?graph=alpha`)).statusCode).toBe(204);
    const analysed = await api.call(olga, 'POST', `/api/apps/shop/builds/${build.id}/vulnerabilities/GHSA-35jh-r3h4-6jhm/vex?graph=alpha`, { state: 'in_triage' });
    expect(analysed.statusCode).toBe(200);

    const application = await liveEvents(before, 'Application');
    expect(heard(application)).toEqual(audience('olga', 'rita'));
    expect(application[0].body.data).toMatchObject({ graph: 'alpha', app_key: 'billing', kind: 'created' });

    const profiles = await liveEvents(before, 'Deployment Profile');
    expect(heard(profiles)).toEqual(audience('olga', 'rita'));
    const ritas = profiles.filter((row) => row.destination === `events#${ids.rita}`).map((row) => row.body.data);
    expect(ritas).toEqual(['created', 'updated', 'deleted'].map((kind) => ({ graph: 'alpha', app_key: 'shop', id: profileId, kind })));

    const analyses = await liveEvents(before, 'Analysis');
    expect(heard(analyses)).toEqual(audience('olga', 'rita'));
    expect(analyses[0].body.data).toMatchObject({ graph: 'alpha', app_key: 'shop', kind: 'updated', build_id: build.id });
  });

  it('rolls back with a refused change: no event for a profile that was not created', async () => {
    const before = await lastSeq();
    expect((await api.call(olga, 'POST', '/api/apps/shop/deploymentProfiles?graph=alpha', { name: 'Staging', environment: 'staging' })).statusCode).toBe(201);
    // The same name again: 409, and nothing announced of it.
    expect((await api.call(olga, 'POST', '/api/apps/shop/deploymentProfiles?graph=alpha', { name: 'Staging', environment: 'qa' })).statusCode).toBe(409);
    expect((await liveEvents(before, 'Deployment Profile')).map((row) => row.body.data.kind)).toEqual(['created', 'created']);
  });
});
