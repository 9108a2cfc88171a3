// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// A deleted requirement is read-only (issue 26 item 5): the API refuses every change to it with a
// 409 that says so, whoever asks (even an organization admin): Modify, progress, a comment, a new
// attachment and removing one, submitting it for review, a gap, a link to an application. What
// it had stays readable.
import { STATUS_MESSAGES } from '@portal/shared/server';
import { DELETED_REQUIREMENT } from '../analysis/service';
import { createFixture, multipart, type Fixture } from '../testing/analysis';
import { expectProblem, withCookie, type SessionCookie } from '../testing/identity';
import { DELETED } from './service';

let f: Fixture;
let gone: string;
let attachment: string;
let application: string;
const G = 'graph=alpha';

const upload = (who: SessionCookie, id: string) => {
  const body = multipart('evidence.txt', 'kept as it was', 'text/plain');
  return f.app.inject({ method: 'POST', url: `/api/requirements/${id}/attachments?${G}`, payload: body.payload, headers: { ...withCookie(who), ...body.headers } });
};

beforeAll(async () => {
  f = await createFixture();
  gone = await f.requirement({ code: 'GONE-1', title: 'Deleted one', owner: f.ids.amy });
  const uploaded = await upload(f.amy, gone);
  expect(uploaded.statusCode).toBe(201);
  attachment = uploaded.json().id;
  [{ id: application }] = await f.app.database.query<{ id: string }>(
    'INSERT INTO applications (organization_id, process_id, app_key, name) VALUES ($1, $2, $3, $4) RETURNING id',
    [f.ids.acme, f.ids.alpha, 'portal', 'Portal'],
  );
  expect((await f.call(f.amy, 'DELETE', `/api/requirements/${gone}?${G}`)).statusCode).toBe(204);
}, 60_000);

afterAll(() => f.close());

describe('a deleted requirement', () => {
  it('cannot be modified, progressed or submitted for review', async () => {
    const { version } = (await f.call(f.amy, 'GET', `/api/requirements/${gone}?${G}`)).json();
    for (const who of [f.amy, f.olga]) {
      expectProblem(await f.call(who, 'PUT', `/api/requirements/${gone}?${G}`, { version, title: 'Back' }), 409, DELETED);
      expectProblem(await f.call(who, 'PATCH', `/api/requirements/${gone}/progress?${G}`, { progress: 50 }), 409, DELETED);
      expectProblem(await f.call(who, 'POST', `/api/requirements/${gone}/submit?${G}`, {}), 409, DELETED);
    }
  });

  it('takes no comment', async () => {
    expectProblem(await f.call(f.rex, 'POST', `/api/requirements/${gone}/comments?${G}`, { text: 'Too late' }), 409, DELETED);
    expect((await f.call(f.rita, 'GET', `/api/requirements/${gone}/comments?${G}`)).json()).toEqual([]);
  });

  it('takes no attachment and keeps the ones it had', async () => {
    expectProblem(await upload(f.amy, gone), 409, DELETED_REQUIREMENT);
    expectProblem(await f.call(f.olga, 'DELETE', `/api/attachments/${attachment}?${G}`), 409, DELETED_REQUIREMENT);
    const kept = await f.call(f.rita, 'GET', `/api/requirements/${gone}/attachments?${G}`);
    expect(kept.json()).toEqual([expect.objectContaining({ id: attachment, name: 'evidence.txt' })]);
    expect((await f.call(f.rita, 'GET', `/api/attachments/${attachment}/download?${G}`)).body).toBe('kept as it was');
  });

  it('gets no gap and no application link', async () => {
    const gap = { description: 'Late', remediation_plan: 'None', target_date: '2030-01-01' };
    expectProblem(await f.call(f.amy, 'POST', `/api/requirements/${gone}/gaps?${G}`, gap), 409, DELETED_REQUIREMENT);
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${gone}/applications/${application}?${G}`), 409, DELETED_REQUIREMENT);
  });

  it('is still another organization’s 404 and a reader’s 403 first', async () => {
    expectProblem(await f.call(f.bob, 'POST', `/api/requirements/${gone}/comments?${G}`, { text: 'x' }), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.rita, 'POST', `/api/requirements/${gone}/comments?${G}`, { text: 'x' }), 403, STATUS_MESSAGES[403]);
  });
});
