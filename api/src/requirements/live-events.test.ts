// @backend-agnostic: who is told what, read as outbox rows; the SQL is the same engine on PGlite, and the
// relay is realtime/'s.
// Screens that stay live (issue 22 item 3): every change the requirement screens show raises its
// event, in the change's transaction, on `events#<userId>` of the process's members and the
// organization's role holders — and of nobody else: not a member of another process of the same
// organization, not another organization's admin.
import { createFixture, multipart, type Fixture } from '../testing/analysis';
import { createTestUser, withCookie } from '../testing/identity';
import { authenticate } from '../testing/users';

let f: Fixture;
let login: string; // REQ-1 of alpha, owned by amy
let mfa: string; // REQ-2 of alpha
let gusId: string; // a member of gamma (Acme) only
const AUDIENCE = () => [f.ids.olga, f.ids.amy, f.ids.rex, f.ids.rita].map((id) => `events#${id}`).sort();

beforeAll(async () => {
  f = await createFixture();
  login = await f.requirement({ code: 'REQ-1', title: 'Login', owner: f.ids.amy });
  mfa = await f.requirement({ code: 'REQ-2', title: 'Multi-factor authentication' });
  const gamma = await f.call(f.olga, 'POST', '/api/projects', { code_name: 'gamma', name: 'Process gamma', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
  expect(gamma.statusCode).toBe(201);
  await createTestUser(f.app, 'gus', () => new Date('2026-05-04T09:00:00Z'), '--org', 'Acme', '--member', 'gamma=AUTHOR');
  gusId = (await f.app.database.query<{ id: string }>(`SELECT id FROM users WHERE login_id = 'gus'`))[0].id;
  // Signed in too: a session of his own does not make him hear alpha.
  await authenticate(f.app, 'gus', () => new Date('2026-05-04T09:00:00Z'));
}, 60_000);

afterAll(() => f.close());

interface Delivered {
  destination: string;
  body: { type: string; eventId: string; session_id: string; time: string; data: Record<string, unknown> };
}

/** What `change` put in the outbox. */
async function delivered(change: () => Promise<unknown>): Promise<Delivered[]> {
  const [{ seq }] = await f.app.database.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM outbox');
  await change();
  return f.app.database.query<Delivered>(`SELECT destination, body FROM outbox WHERE seq > $1 AND destination LIKE 'events#%' ORDER BY seq`, [seq]);
}

/** The destinations of the events of `type`, and one body. */
function ofType(rows: Delivered[], type: string) {
  const matching = rows.filter((row) => row.body.type === type);
  return { destinations: matching.map((row) => row.destination).sort(), body: matching[0]?.body };
}

const expectOk = async (response: Promise<{ statusCode: number; body: string }>, status: number) => {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`${answer.statusCode} ${answer.body}`);
  return JSON.parse(answer.body || 'null');
};

describe('live events of the requirement screens', () => {
  it("a comment: 'Comment' with its requirement to the process's members and role holders, nobody else", async () => {
    let comment: { id: string } | undefined;
    const rows = await delivered(async () => {
      comment = await expectOk(f.call(f.rex, 'POST', `/api/requirements/${login}/comments?graph=alpha`, { text: 'Name the lockout threshold.' }), 201);
    });
    const { destinations, body } = ofType(rows, 'Comment');
    expect(destinations).toEqual(AUDIENCE());
    expect(destinations).not.toContain(`events#${gusId}`);
    expect(destinations).not.toContain(`events#${f.ids.bob}`);
    expect(body).toEqual({
      type: 'Comment',
      eventId: comment!.id,
      session_id: expect.any(String),
      time: expect.any(String),
      data: { graph: 'alpha', id: comment!.id, requirement_id: login, login_id: 'rex', kind: 'comment' },
    });
    expect(body!.session_id).not.toBe('');
  });

  it('a refused comment raises nothing', async () => {
    const rows = await delivered(async () => {
      expect((await f.call(f.rex, 'POST', `/api/requirements/${login}/comments?graph=alpha`, { text: '' })).statusCode).toBe(400);
      expect((await f.call(f.bob, 'POST', `/api/requirements/${login}/comments?graph=alpha`, { text: 'From Beta' })).statusCode).toBe(404);
    });
    expect(rows).toEqual([]);
  });

  it("an attachment added and removed: the requirement's Update, to the same audience", async () => {
    let attachment: { id: string } | undefined;
    const added = await delivered(async () => {
      const body = multipart('evidence.txt', 'lockout after 5 failures', 'text/plain');
      attachment = await expectOk(
        f.app.inject({ method: 'POST', url: `/api/requirements/${login}/attachments?graph=alpha`, payload: body.payload, headers: { ...withCookie(f.amy), ...body.headers } }),
        201,
      );
    });
    expect(ofType(added, 'Update').destinations).toEqual(AUDIENCE());
    expect(ofType(added, 'Update').body!.data).toMatchObject({ graph: 'alpha', requirement_id: login, kind: 'requirement' });
    const removed = await delivered(() => expectOk(f.call(f.olga, 'DELETE', `/api/attachments/${attachment!.id}?graph=alpha`), 204));
    expect(ofType(removed, 'Update').destinations).toEqual(AUDIENCE());
  });

  it('a gap identified and closed, a risk, a conflict: their requirement and task events, to the same audience', async () => {
    let gap: { id: string } | undefined;
    const identified = await delivered(async () => {
      gap = await expectOk(
        f.call(f.amy, 'POST', `/api/requirements/${login}/gaps?graph=alpha`, { description: 'No lockout', remediation_plan: 'Add one', target_date: '2026-07-01' }),
        201,
      );
    });
    expect(ofType(identified, 'Identify Gap').destinations).toEqual(AUDIENCE());
    expect(ofType(identified, 'Identify Gap').body!.data).toMatchObject({ graph: 'alpha', requirement_id: login });
    expect(ofType(identified, 'New').destinations).toEqual(AUDIENCE());

    const closed = await delivered(() => expectOk(f.call(f.rex, 'POST', `/api/assessments/gaps/${gap!.id}/close?graph=alpha`, {}), 200));
    expect(ofType(closed, 'Complete').destinations).toEqual(AUDIENCE());
    expect(ofType(closed, 'Complete').body!.data).toMatchObject({ graph: 'alpha', requirement_id: login, kind: 'task' });

    const risk = await delivered(() => expectOk(f.call(f.rex, 'POST', `/api/requirements/${mfa}/risks?graph=alpha`, { likelihood: 3, impact: 4, description: 'Lost phone' }), 201));
    expect(ofType(risk, 'Identify Risk').destinations).toEqual(AUDIENCE());

    const conflict = await delivered(() =>
      expectOk(f.call(f.amy, 'POST', '/api/conflicts?graph=alpha', { requirement_a_id: login, requirement_b_id: mfa, description: 'Password-only vs MFA' }), 201),
    );
    expect(ofType(conflict, 'New').destinations).toEqual(AUDIENCE());
    expect(ofType(conflict, 'New').body!.data).toMatchObject({ graph: 'alpha', requirement_id: login, kind: 'task' });
  });

  it("another process's change reaches its own audience only", async () => {
    const beta = await f.requirement({ code: 'REQ-1', title: 'Beta login', process: 'beta' });
    const rows = await delivered(() => expectOk(f.call(f.bob, 'POST', `/api/requirements/${beta}/comments?graph=beta`, { text: 'Beta only' }), 201));
    expect(ofType(rows, 'Comment').destinations).toEqual([`events#${f.ids.bob}`]);
  });
});

