// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Reports (issue 6 item 13) and the dashboard's statistics (item 14) over requirements, tasks,
// gaps and risks inserted here: the JSON and CSV contents are exactly the data, the PDF is a PDF,
// a reader may read them, deleted requirements never count. CSV and PDF are written for people:
// labels ('In review') and MM/DD/YYYY days (issue 26 item 5).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import type { DashboardStatistics } from '../statistics/routes';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import { pdfText } from '../documents/text';
import type { Report } from './reports';

const clock = manualClock(new Date('2026-04-06T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let rita: SessionCookie; // READER of REP
let ids: Record<string, string>;

const call = (cookie: SessionCookie, method: InjectOptions['method'], url: string) => app.inject({ method, url, headers: withCookie(cookie) });

async function report(kind: string): Promise<Report> {
  const response = await call(rita, 'GET', `/api/reports/${kind}?graph=rep`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  const db = app.database;
  await createOrganizationCommand(db, ['--name', 'Acme']);
  for (const code of ['REP', 'EMPTY']) await createProcessCommand(db, ['--org', 'Acme', '--code', code, '--name', `Process ${code}`]);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'REP=READER');
  await createTestUser(app, 'ann', clock.now, '--org', 'Acme', '--member', 'REP=AUTHOR');
  olga = await authenticate(app, 'olga', clock.now);
  rita = await authenticate(app, 'rita', clock.now);

  const [scope] = await db.query<{ org: string; process: string }>("SELECT organization_id AS org, id AS process FROM processes WHERE code_name = 'REP'");
  const users = Object.fromEntries(
    (await db.query<{ login_id: string; id: string }>('SELECT login_id, id FROM users')).map((user) => [user.login_id, user.id]),
  );
  ids = {};
  const requirement = async (
    code: string,
    fields: { parent?: string; position: number; status: string; progress: number; priority: string; owner?: string; due?: string; tags?: string[]; deleted?: boolean },
  ) => {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO requirements (organization_id, process_id, code, title, parent_id, position, status, progress, priority, owner_id, due_date, tags, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        scope.org, scope.process, code, `Title of ${code}`, fields.parent ? ids[fields.parent] : null, fields.position, fields.status, fields.progress,
        fields.priority, fields.owner ? users[fields.owner] : null, fields.due ?? null, fields.tags ?? [], fields.deleted ? '2026-04-01T00:00:00Z' : null,
      ],
    );
    ids[code] = row.id;
  };
  await requirement('GOV', { position: 0, status: 'COMPLETED', progress: 100, priority: 'HIGH', owner: 'ann', tags: ['policy'] });
  await requirement('GOV-1', { parent: 'GOV', position: 0, status: 'IN_PROGRESS', progress: 50, priority: 'CRITICAL', owner: 'ann', due: '2026-04-01', tags: ['policy', 'access'] });
  await requirement('GOV-2', { parent: 'GOV', position: 1, status: 'DRAFT', progress: 0, priority: 'MEDIUM', due: '2026-05-01' });
  await requirement('OPS', { position: 1, status: 'REJECTED', progress: 10, priority: 'LOW', owner: 'olga', due: '2026-03-30', tags: ['=cmd'] });
  await requirement('OLD', { position: 2, status: 'FAILED', progress: 0, priority: 'LOW', due: '2026-01-01', tags: ['policy'], deleted: true });

  const task = async (type: string, status: string, requirementCode: string, assignee: string) => {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO tasks (organization_id, process_id, requirement_id, type, status, assigned_to_user, due_date)
       VALUES ($1, $2, $3, $4, $5, $6, '2026-04-10') RETURNING id`,
      [scope.org, scope.process, ids[requirementCode], type, status, users[assignee]],
    );
    return row.id;
  };
  const gapTask = await task('HAS_GAP', 'OPEN', 'GOV-1', 'ann');
  ids.olgaTask = await task('REVIEW', 'OPEN', 'GOV-2', 'olga');
  await task('REVIEW', 'COMPLETED', 'OPS', 'olga');
  const gap = (code: string, description: string, target: string, status: string, taskId: string | null) =>
    db.query(
      `INSERT INTO gaps (organization_id, process_id, requirement_id, description, remediation_plan, target_date, status, task_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [scope.org, scope.process, ids[code], description, `Plan for ${code}`, target, status, taskId],
    );
  await gap('GOV-1', 'No access review', '2026-04-20', 'OPEN', gapTask);
  await gap('OPS', 'Runbook missing', '2026-03-01', 'CLOSED', null);
  await gap('OLD', 'Of a deleted requirement', '2026-03-01', 'OPEN', null);
  const risk = (code: string, likelihood: number, impact: number, status: string) =>
    db.query(
      `INSERT INTO risks (organization_id, process_id, requirement_id, likelihood, impact, description, status) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [scope.org, scope.process, ids[code], likelihood, impact, `Risk of ${code}`, status],
    );
  await risk('OPS', 2, 2, 'RESOLVED');
  await risk('GOV-1', 4, 5, 'OPEN');
  await risk('OLD', 5, 5, 'OPEN');
  await db.query(`INSERT INTO requirement_events (process_id, requirement_id, type, actor_id, time) VALUES ($1, $2, 'Add', $3, '2026-04-05T10:00:00Z')`, [
    scope.process,
    ids.GOV,
    users.ann,
  ]);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

describe('reports', () => {
  it('status: every status with its count, share and average progress', async () => {
    expect(await report('status')).toEqual({
      kind: 'status',
      title: 'Requirements by status',
      columns: [
        { key: 'status', label: 'Status' },
        { key: 'requirements', label: 'Requirements' },
        { key: 'share', label: 'Share (%)' },
        { key: 'average_progress', label: 'Average progress (%)' },
      ],
      rows: [
        { status: 'DRAFT', requirements: 1, share: 25, average_progress: 0 },
        { status: 'IN_REVIEW', requirements: 0, share: 0, average_progress: 0 },
        { status: 'REJECTED', requirements: 1, share: 25, average_progress: 10 },
        { status: 'ACCEPTED', requirements: 0, share: 0, average_progress: 0 },
        { status: 'IN_PROGRESS', requirements: 1, share: 25, average_progress: 50 },
        { status: 'COMPLETED', requirements: 1, share: 25, average_progress: 100 },
        { status: 'FAILED', requirements: 0, share: 0, average_progress: 0 },
      ],
    });
  });

  it('progress: the live requirements in tree order', async () => {
    expect((await report('progress')).rows).toEqual([
      { code: 'GOV', title: 'Title of GOV', status: 'COMPLETED', priority: 'HIGH', progress: 100, owner: 'User ann (ann)', due_date: null },
      { code: 'GOV-1', title: 'Title of GOV-1', status: 'IN_PROGRESS', priority: 'CRITICAL', progress: 50, owner: 'User ann (ann)', due_date: '2026-04-01' },
      { code: 'GOV-2', title: 'Title of GOV-2', status: 'DRAFT', priority: 'MEDIUM', progress: 0, owner: null, due_date: '2026-05-01' },
      { code: 'OPS', title: 'Title of OPS', status: 'REJECTED', priority: 'LOW', progress: 10, owner: 'User olga (olga)', due_date: '2026-03-30' },
    ]);
  });

  it('coverage: each top-level requirement with its subtree', async () => {
    expect((await report('coverage')).rows).toEqual([
      { code: 'GOV', title: 'Title of GOV', requirements: 3, completed: 1, in_progress: 1, coverage: 33, average_progress: 50 },
      { code: 'OPS', title: 'Title of OPS', requirements: 1, completed: 0, in_progress: 0, coverage: 0, average_progress: 10 },
    ]);
  });

  it('overdue: past the due date and not completed, by the clock of the API', async () => {
    expect((await report('overdue')).rows).toEqual([
      { code: 'OPS', title: 'Title of OPS', status: 'REJECTED', progress: 10, owner: 'User olga (olga)', due_date: '2026-03-30', days_overdue: 7 },
      { code: 'GOV-1', title: 'Title of GOV-1', status: 'IN_PROGRESS', progress: 50, owner: 'User ann (ann)', due_date: '2026-04-01', days_overdue: 5 },
    ]);
  });

  it('gaps and risks: open first, never of a deleted requirement', async () => {
    expect((await report('gaps')).rows).toEqual([
      {
        code: 'GOV-1',
        title: 'Title of GOV-1',
        description: 'No access review',
        remediation_plan: 'Plan for GOV-1',
        target_date: '2026-04-20',
        status: 'OPEN',
        owner: 'User ann (ann)',
        assignee: 'User ann (ann)',
      },
      {
        code: 'OPS',
        title: 'Title of OPS',
        description: 'Runbook missing',
        remediation_plan: 'Plan for OPS',
        target_date: '2026-03-01',
        status: 'CLOSED',
        owner: 'User olga (olga)',
        assignee: null,
      },
    ]);
    expect((await report('risks')).rows).toEqual([
      { code: 'GOV-1', title: 'Title of GOV-1', likelihood: 4, impact: 5, score: 20, description: 'Risk of GOV-1', status: 'OPEN' },
      { code: 'OPS', title: 'Title of OPS', likelihood: 2, impact: 2, score: 4, description: 'Risk of OPS', status: 'RESOLVED' },
    ]);
  });

  it('owner and tag: grouped counts', async () => {
    expect((await report('owner')).rows).toEqual([
      { owner: 'User ann (ann)', requirements: 2, completed: 1, in_progress: 1, overdue: 1, average_progress: 75 },
      { owner: 'User olga (olga)', requirements: 1, completed: 0, in_progress: 0, overdue: 1, average_progress: 10 },
      { owner: 'Unassigned', requirements: 1, completed: 0, in_progress: 0, overdue: 0, average_progress: 0 },
    ]);
    expect((await report('tag')).rows).toEqual([
      { tag: '=cmd', requirements: 1, completed: 0, average_progress: 10 },
      { tag: 'access', requirements: 1, completed: 0, average_progress: 50 },
      { tag: 'policy', requirements: 2, completed: 1, average_progress: 75 },
    ]);
  });

  it('as CSV: the same rows under the column labels, as an attachment, formulas defused', async () => {
    const response = await call(rita, 'GET', '/api/reports/tag?graph=rep&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rep-tag-report-2026-04-06.csv"');
    expect(response.body.replace(/^\ufeff/, '')).toBe(
      ['Tag,Requirements,Completed,Average progress (%)', "'=cmd,1,0,10", 'access,1,0,50', 'policy,2,1,75', ''].join('\r\n'),
    );
    const progress = await call(rita, 'GET', '/api/reports/progress?graph=rep&format=csv');
    // Labels, not the API's values, and days as MM/DD/YYYY (spec 9).
    expect(progress.body.split('\r\n')[2]).toBe('GOV-1,Title of GOV-1,In progress,Critical,50,User ann (ann),04/01/2026');
    const gaps = await call(rita, 'GET', '/api/reports/gaps?graph=rep&format=csv');
    expect(gaps.body.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Requirement,Title,Gap,Remediation plan,Target date,Status,Owner,Assignee',
      'GOV-1,Title of GOV-1,No access review,Plan for GOV-1,04/20/2026,Open,User ann (ann),User ann (ann)',
      'OPS,Title of OPS,Runbook missing,Plan for OPS,03/01/2026,Closed,User olga (olga),',
      '',
    ]);
    const status = await call(rita, 'GET', '/api/reports/status?graph=rep&format=csv');
    expect(status.body.split('\r\n')[2]).toBe('In review,0,0,0');
  });

  it('as PDF: the labels and MM/DD/YYYY days people read, never the raw values', async () => {
    const text = async (kind: string) => {
      const response = await call(rita, 'GET', `/api/reports/${kind}?graph=rep&format=pdf`);
      const file = join(await mkdtemp(join(tmpdir(), 'report-')), `${kind}.pdf`);
      await writeFile(file, response.rawPayload);
      try {
        return await pdfText(file, response.rawPayload.length);
      } finally {
        await rm(dirname(file), { recursive: true, force: true });
      }
    };
    const progress = await text('progress');
    expect(progress).toContain('In progress');
    expect(progress).toContain('Critical');
    expect(progress).toContain('04/01/2026');
    expect(progress).toContain('generated 04/06/2026');
    expect(progress).not.toMatch(/IN_PROGRESS|CRITICAL|2026-04-01/);
    const gaps = await text('gaps');
    expect(gaps).toContain('04/20/2026');
    expect(gaps).toMatch(/\bOpen\b/);
    expect(gaps).not.toMatch(/\bOPEN\b|\bCLOSED\b/);
  }, 60_000);

  it('as PDF: a PDF document as an attachment, also when empty', async () => {
    for (const kind of ['progress', 'gaps', 'status']) {
      const response = await call(rita, 'GET', `/api/reports/${kind}?graph=rep&format=pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="rep-${kind}-report-2026-04-06.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const empty = await call(olga, 'GET', '/api/reports/risks?graph=empty&format=pdf');
    expect(empty.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await call(olga, 'GET', '/api/reports/risks?graph=empty')).json()).toMatchObject({ kind: 'risks', rows: [] });
  });

  it('answers an unknown kind or format, and needs a process the caller may read', async () => {
    expectProblem(await call(rita, 'GET', '/api/reports/nope?graph=rep'), 404, "There is no 'nope' report (reports: status, progress, coverage, overdue, gaps, risks, owner, tag).");
    expect((await call(rita, 'GET', '/api/reports/status?graph=rep&format=xls')).statusCode).toBe(400);
    expect((await call(olga, 'GET', '/api/reports/status')).statusCode).toBe(400);
    expectProblem(await call(rita, 'GET', '/api/reports/status?graph=empty'), 403, 'You do not have the privileges for the request.');
  });
});

describe('dashboard statistics', () => {
  it('counts the live requirements, open gaps and risks; lists my open tasks and the recent events', async () => {
    const response = await call(olga, 'GET', '/api/statistics/dashboard?graph=rep');
    expect(response.statusCode).toBe(200);
    const statistics = response.json() as DashboardStatistics;
    expect({ ...statistics, my_tasks: undefined, recent_events: undefined }).toEqual({
      total: 4,
      by_status: { DRAFT: 1, IN_REVIEW: 0, REJECTED: 1, ACCEPTED: 0, IN_PROGRESS: 1, COMPLETED: 1, FAILED: 0 },
      by_priority: { LOW: 1, MEDIUM: 1, HIGH: 1, CRITICAL: 1 },
      average_progress: 40,
      overdue: 2,
      open_gaps: 1,
      open_risks: 1,
    });
    expect(statistics.my_tasks).toEqual([
      expect.objectContaining({ id: ids.olgaTask, type: 'REVIEW', status: 'OPEN', requirement: { id: ids['GOV-2'], code: 'GOV-2', title: 'Title of GOV-2' } }),
    ]);
    expect(statistics.recent_events).toEqual([
      expect.objectContaining({ type: 'Add', requirement: { id: ids.GOV, code: 'GOV', title: 'Title of GOV' }, actor: expect.objectContaining({ login_id: 'ann' }) }),
    ]);
  });

  it('answers zeros for an empty process; a reader may read them', async () => {
    const empty = (await call(olga, 'GET', '/api/statistics/dashboard?graph=empty')).json() as DashboardStatistics;
    expect(empty).toMatchObject({ total: 0, average_progress: 0, overdue: 0, open_gaps: 0, open_risks: 0, my_tasks: [], recent_events: [] });
    expect(empty.by_status.DRAFT).toBe(0);
    const reader = await call(rita, 'GET', '/api/statistics/dashboard?graph=rep');
    expect(reader.statusCode).toBe(200);
    expect(reader.json()).toMatchObject({ total: 4, my_tasks: [] });
  });
});
