// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The applications that implement a requirement through the API, and the traceability matrix that
// shows them (issue 6 item 11).
import { STATUS_MESSAGES } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { DELETED_REQUIREMENT } from './service';
import { createFixture, type Fixture } from '../testing/analysis';

let f: Fixture;
let portal: string;
let mobile: string;
let elsewhere: string;

async function application(organizationId: string, processId: string, appKey: string): Promise<string> {
  const [row] = await f.app.database.query<{ id: string }>(
    'INSERT INTO applications (organization_id, process_id, app_key, name) VALUES ($1, $2, $3, $4) RETURNING id',
    [organizationId, processId, appKey, `The ${appKey} application`],
  );
  return row.id;
}

beforeAll(async () => {
  f = await createFixture();
  portal = await application(f.ids.acme, f.ids.alpha, 'portal');
  mobile = await application(f.ids.acme, f.ids.alpha, 'Mobile');
  elsewhere = await application(f.ids.beta, f.ids.betaProcess, 'beta-app');
}, 60_000);

afterAll(() => f.close());

describe('applications of a requirement', () => {
  it('links applications (twice is once), lists them by key, unlinks, and records each change as an Update', async () => {
    const id = await f.requirement({ code: 'APP-1', title: 'Encrypt traffic' });
    const linked = await f.call(f.amy, 'PUT', `/api/requirements/${id}/applications/${portal}?graph=alpha`);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual([{ id: portal, app_key: 'portal', name: 'The portal application' }]);
    expect((await f.call(f.amy, 'PUT', `/api/requirements/${id}/applications/${portal}?graph=alpha`)).json()).toHaveLength(1);
    await f.call(f.amy, 'PUT', `/api/requirements/${id}/applications/${mobile}?graph=alpha`);
    const listed = await f.call(f.rita, 'GET', `/api/requirements/${id}/applications?graph=alpha`);
    expect(listed.json().map((row: { app_key: string }) => row.app_key)).toEqual(['Mobile', 'portal']);

    const unlinked = await f.call(f.amy, 'DELETE', `/api/requirements/${id}/applications/${mobile}?graph=alpha`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual([{ id: portal, app_key: 'portal', name: 'The portal application' }]);
    expect((await f.call(f.amy, 'DELETE', `/api/requirements/${id}/applications/${mobile}?graph=alpha`)).json()).toHaveLength(1);

    const events = await f.app.database.query<{ type: string; data: unknown }>('SELECT type, data FROM requirement_events WHERE requirement_id = $1 ORDER BY time', [id]);
    expect(events).toEqual([
      { type: 'Update', data: { application_linked: 'portal' } },
      { type: 'Update', data: { application_linked: 'Mobile' } },
      { type: 'Update', data: { application_unlinked: 'Mobile' } },
    ]);
  });

  it('shows the linked applications in the traceability matrix and its CSV', async () => {
    const id = await f.requirement({ code: 'APP-2', title: 'Log sign-ins' });
    await f.call(f.amy, 'PUT', `/api/requirements/${id}/applications/${portal}?graph=alpha`);
    await f.call(f.amy, 'PUT', `/api/requirements/${id}/applications/${mobile}?graph=alpha`);
    const matrix = (await f.call(f.rita, 'GET', '/api/requirements/traceability?graph=alpha')).json() as { requirement: { id: string }; applications: string[] }[];
    expect(matrix.find((row) => row.requirement.id === id)!.applications).toEqual(['Mobile', 'portal']);
    const csv = (await f.call(f.rita, 'GET', '/api/requirements/traceability?graph=alpha&format=csv')).body;
    expect(csv.split('\r\n').find((line) => line.startsWith('APP-2,'))).toBe('APP-2,Log sign-ins,,Draft,,0,0,Mobile; portal,,0,yes,'); // no evidence: the last column (Evidence) is empty
  });

  it("refuses a READER (403), another process's or organization's application or requirement (404) and a deleted requirement (409)", async () => {
    const id = await f.requirement({ code: 'APP-3', title: 'Rotate keys' });
    const url = `/api/requirements/${id}/applications/${portal}?graph=alpha`;
    expectProblem(await f.call(f.rita, 'PUT', url), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.rita, 'DELETE', url), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${id}/applications/${elsewhere}?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${id}/applications/not-an-id?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.bob, 'GET', `/api/requirements/${id}/applications?graph=alpha`), 404, STATUS_MESSAGES[404]);
    const theirs = await f.requirement({ code: 'APP-B', title: 'Beta requirement', process: 'beta' });
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${theirs}/applications/${portal}?graph=alpha`), 404, STATUS_MESSAGES[404]);
    await f.app.database.query('UPDATE requirements SET deleted_at = now() WHERE id = $1', [id]);
    expectProblem(await f.call(f.amy, 'PUT', url), 409, DELETED_REQUIREMENT);
    expect((await f.call(f.rita, 'GET', `/api/requirements/${id}/applications?graph=alpha`)).json()).toEqual([]);
  });
});
