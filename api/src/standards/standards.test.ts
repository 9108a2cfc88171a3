// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// Standards import (issue 6 item 15): the NIST SP 800-53 rev5 LOW baseline becomes a requirement
// tree (groups → controls → enhancements) with the statements rendered as markdown and their
// parameters written out; a re-import updates without duplicating; bad input is refused with a
// message naming what is missing; a reader may look but not import.
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import { NIST_LOW_BASELINE, readNistLowBaselineSync } from './catalogs';
import { importStandardCommand } from '../cli/standards';
import type { StandardImportView } from './jobs';

const LOW_BASELINE = NIST_LOW_BASELINE;

const clock = manualClock(new Date('2026-04-06T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let rita: SessionCookie; // READER of 'std'
let carl: SessionCookie; // AUTHOR of 'std'

const document = () => JSON.parse(readNistLowBaselineSync()) as { catalog: any };

const call = (cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

/** Waits until the job is no longer RUNNING. */
async function finished(cookie: SessionCookie, graph: string, started: LightMyRequestResponse): Promise<StandardImportView> {
  expect(started.statusCode).toBe(202);
  const job = started.json() as StandardImportView;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await call(cookie, 'GET', `/api/standards/imports/${job.id}?graph=${graph}`);
    expect(response.statusCode).toBe(200);
    const current = response.json() as StandardImportView;
    if (current.status !== 'RUNNING') return current;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the import did not finish');
}

interface Row {
  id: string;
  code: string;
  title: string;
  description: string;
  parent_id: string | null;
  position: number;
  source: string;
}

const rowsOf = (graph: string) =>
  app.database.query<Row>(
    `SELECT r.id, r.code, r.title, r.description, r.parent_id, r.position, r.source FROM requirements r
       JOIN processes p ON p.id = r.process_id WHERE lower(p.code_name) = $1 ORDER BY r.source`,
    [graph],
  );

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  for (const code of ['STD', 'AGAIN', 'BAD', 'CLI']) {
    await createProcessCommand(app.database, ['--org', 'Acme', '--code', code, '--name', `Process ${code}`]);
  }
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'STD=READER');
  await createTestUser(app, 'carl', clock.now, '--org', 'Acme', '--member', 'STD=AUTHOR');
  olga = await authenticate(app, 'olga', clock.now);
  rita = await authenticate(app, 'rita', clock.now);
  carl = await authenticate(app, 'carl', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

it('imports the LOW baseline as a tree of groups, controls and enhancements in catalog order', async () => {
  // Counted from the file independently: every group, control and nested control.
  const { catalog } = document();
  const expected = new Map<string, { parent: string | null; title: string; position: number }>();
  const walk = (controls: any[] | undefined, parent: string) =>
    (controls ?? []).forEach((control, position) => {
      expected.set(control.id, { parent, title: control.title, position });
      walk(control.controls, control.id);
    });
  catalog.groups.forEach((group: any, position: number) => {
    expected.set(group.id, { parent: null, title: group.title, position });
    walk(group.controls, group.id);
  });
  expect(expected.size).toBe(167); // 18 families, 131 controls, 18 enhancements

  const job = await finished(carl, 'std', await call(carl, 'POST', '/api/standards/imports?graph=std', document()));
  expect(job).toMatchObject({
    status: 'DONE',
    title: 'NIST Special Publication 800-53 Revision 5.1.1 LOW IMPACT BASELINE',
    processed: 167,
    total: 167,
    created: 167,
    updated: 0,
    error: null,
  });
  expect(job.finished_at).not.toBeNull();

  const rows = await rowsOf('std');
  expect(rows).toHaveLength(expected.size);
  const bySource = new Map(rows.map((row) => [row.source, row]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [source, wanted] of expected) {
    const row = bySource.get(source);
    expect({ source, title: row?.title, parent: row?.parent_id ? byId.get(row.parent_id)?.source : null, position: row?.position }).toEqual({
      source,
      title: wanted.title,
      parent: wanted.parent,
      position: wanted.position,
    });
  }
  expect(bySource.get('ac')).toMatchObject({ code: 'AC', title: 'Access Control' });
  expect(bySource.get('ac-2')).toMatchObject({ code: 'AC-2', title: 'Account Management' });
  expect(bySource.get('ia-2.1')).toMatchObject({ code: 'IA-2(1)', title: 'Multi-factor Authentication to Privileged Accounts' });

  // The statement as markdown, the parameters written out as NIST prints them.
  const ac2 = bySource.get('ac-2')!.description;
  expect(ac2).toContain('- **a.** Define and document the types of accounts allowed');
  expect(ac2).toContain('  - **1.** Authorized users of the system;');
  expect(ac2).toContain('- **c.** Require [Assignment: organization-defined prerequisites and criteria] for group and role membership;');
  expect(ac2).not.toContain('{{');
  expect(bySource.get('ac-1')!.description).toContain(
    '[Selection (one or more): organization-level; mission/business process-level; system-level] access control policy',
  );
  // A selection whose choices hold assignments.
  expect(bySource.get('ac-7')!.description).toContain(
    'Automatically [Selection (one or more): lock the account or node for [Assignment: organization-defined time period]; lock the account or node until released by an administrator;',
  );
  expect(bySource.get('ia-2.1')!.description).toBe('Implement multi-factor authentication for access to privileged accounts.');
  expect(rows.filter((row) => row.description.includes('{{ insert'))).toEqual([]);

  // One summary event per family, not one per control.
  const events = await app.database.query<{ type: string; code: string; data: { created: number } }>(
    `SELECT e.type, r.code, e.data FROM requirement_events e JOIN requirements r ON r.id = e.requirement_id
      JOIN processes p ON p.id = e.process_id WHERE p.code_name = 'STD' ORDER BY r.position`,
  );
  expect(events).toHaveLength(18);
  expect(events[0]).toMatchObject({ type: 'Add', code: 'AC', data: { created: 1 + 11 } });
  // Each also on events#<user> of every member (and the organization admins), for the screens.
  const published = await app.database.query<{ destination: string; n: number }>(
    `SELECT o.destination, count(*)::int AS n FROM outbox o WHERE o.body->'data'->>'graph' = 'std' AND o.body->>'type' = 'Add'
      GROUP BY o.destination ORDER BY o.destination`,
  );
  const members = await app.database.query<{ id: string }>("SELECT id FROM users WHERE login_id IN ('olga', 'rita', 'carl')");
  expect(published).toEqual(members.map(({ id }) => ({ destination: `events#${id}`, n: 18 })).sort((a, b) => a.destination.localeCompare(b.destination)));

  const standards = await call(rita, 'GET', '/api/standards?graph=std');
  expect(standards.statusCode).toBe(200);
  expect(standards.json()).toEqual([
    {
      id: expect.any(String),
      title: 'NIST Special Publication 800-53 Revision 5.1.1 LOW IMPACT BASELINE',
      version: '5.1.1+u4',
      controls: 149,
      imported_at: expect.any(String),
    },
  ]);
});

it('re-imports by source: changed controls are updated, nothing is duplicated', async () => {
  const first = await finished(olga, 'again', await call(olga, 'POST', '/api/standards/imports?graph=again', document()));
  expect(first).toMatchObject({ status: 'DONE', created: 167, updated: 0 });
  const before = await rowsOf('again');

  const changed = document();
  const ac2 = changed.catalog.groups[0].controls.find((control: any) => control.id === 'ac-2');
  ac2.title = 'Account Management (revised)';
  const again = await finished(olga, 'again', await call(olga, 'POST', '/api/standards/imports?graph=again', changed));
  expect(again).toMatchObject({ status: 'DONE', processed: 167, total: 167, created: 0, updated: 1 });

  const after = await rowsOf('again');
  expect(after).toHaveLength(before.length);
  expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
  expect(after.find((row) => row.source === 'ac-2')).toMatchObject({ code: 'AC-2', title: 'Account Management (revised)' });
  const [{ version }] = await app.database.query<{ version: number }>(
    `SELECT r.version FROM requirements r JOIN processes p ON p.id = r.process_id WHERE p.code_name = 'AGAIN' AND r.source = 'ac-2'`,
  );
  expect(version).toBe(2);
  // The family whose subtree changed hears one Update; the standard is listed once.
  const updates = await app.database.query<{ code: string }>(
    `SELECT r.code FROM requirement_events e JOIN requirements r ON r.id = e.requirement_id
      JOIN processes p ON p.id = e.process_id WHERE p.code_name = 'AGAIN' AND e.type = 'Update'`,
  );
  expect(updates).toEqual([{ code: 'AC' }]);
  expect((await call(olga, 'GET', '/api/standards?graph=again')).json()).toHaveLength(1);

  // Unchanged: nothing to update.
  const third = await finished(olga, 'again', await call(olga, 'POST', '/api/standards/imports?graph=again', changed));
  expect(third).toMatchObject({ status: 'DONE', created: 0, updated: 0 });
});

it('refuses what is not a catalog with a message naming what is missing', async () => {
  const post = (payload: object) => call(olga, 'POST', '/api/standards/imports?graph=bad', payload);
  expectProblem(await post({ profile: {} }), 400, "The body is not an OSCAL catalog: the \"catalog\" member is missing (found 'profile').");
  expectProblem(await post({ catalog: { groups: [] } }), 400, 'The OSCAL catalog has no "metadata".');
  expectProblem(await post({ catalog: { metadata: { version: '1' }, groups: [] } }), 400, 'The OSCAL catalog has no "metadata.title".');
  expectProblem(await post({ catalog: { metadata: { title: 'Empty' } } }), 400, 'The OSCAL catalog has no "groups" and no "controls".');
  expectProblem(
    await post({ catalog: { metadata: { title: 'T' }, groups: [{ id: 'g', title: 'G', controls: [{ id: 'g-1' }] }] } }),
    400,
    'The catalog is not valid OSCAL: \'catalog.groups[0].controls[0]\' (g-1) has no "title".',
  );
  expectProblem(
    await post({ catalog: { metadata: { title: 'T' }, controls: [{ id: 'x', title: '<a href="javascript:alert(1)">x</a>' }] } }),
    400,
    'Invalid input.',
  );
  expect((await app.inject({ method: 'POST', url: '/api/standards/imports?graph=bad', headers: { ...withCookie(olga), 'content-type': 'application/json' }, payload: '{"catalog":' })).statusCode).toBe(400);
  expect(await rowsOf('bad')).toEqual([]);
  expect(await app.database.query("SELECT 1 FROM standard_imports i JOIN processes p ON p.id = i.process_id WHERE p.code_name = 'BAD'")).toEqual([]);
});

it('imports a catalog without groups and fails a job whose codes clash, changing nothing', async () => {
  const small = {
    catalog: {
      uuid: 'small-1',
      metadata: { title: 'Small catalog', version: '1.0' },
      params: [{ id: 'p1', label: 'frequency' }],
      controls: [
        { id: 'x-1', title: 'First', parts: [{ name: 'statement', prose: 'Review {{ insert: param, p1 }}.' }] },
        { id: 'x-2', title: 'Second', controls: [{ id: 'x-2.1', title: 'Nested', props: [{ name: 'label', value: 'X-2(1)' }] }] },
      ],
    },
  };
  const job = await finished(olga, 'bad', await call(olga, 'POST', '/api/standards/imports?graph=bad', small));
  expect(job).toMatchObject({ status: 'DONE', total: 3, created: 3 });
  const rows = await rowsOf('bad');
  expect(rows.map(({ code, source, description }) => ({ code, source, description }))).toEqual([
    { code: 'X-1', source: 'x-1', description: 'Review [Assignment: organization-defined frequency].' },
    { code: 'X-2', source: 'x-2', description: '' },
    { code: 'X-2(1)', source: 'x-2.1', description: '' },
  ]);

  // Another catalog whose code 'X-1' is already taken by a control of this one.
  const clash = { catalog: { metadata: { title: 'Clash' }, controls: [{ id: 'y-1', title: 'Y', props: [{ name: 'label', value: 'X-1' }] }] } };
  const failed = await finished(olga, 'bad', await call(olga, 'POST', '/api/standards/imports?graph=bad', clash));
  expect(failed).toMatchObject({
    status: 'FAILED',
    error: "A requirement with the code 'X-1' already exists in this process (not from this catalog).",
  });
  expect(await rowsOf('bad')).toHaveLength(3);
});

it('lets a reader look but not import, and needs a process', async () => {
  expectProblem(await call(rita, 'POST', '/api/standards/imports?graph=std', document()), 403, 'You do not have the privileges for the request.');
  expect((await call(rita, 'GET', '/api/standards?graph=std')).statusCode).toBe(200);
  const [job] = await app.database.query<{ id: string }>(
    "SELECT i.id FROM standard_imports i JOIN processes p ON p.id = i.process_id WHERE p.code_name = 'STD'",
  );
  expect((await call(rita, 'GET', `/api/standards/imports/${job.id}?graph=std`)).statusCode).toBe(200);
  expect((await call(olga, 'GET', `/api/standards/imports/${job.id}?graph=again`)).statusCode).toBe(404);
  expect((await call(olga, 'GET', '/api/standards/imports/not-a-uuid?graph=std')).statusCode).toBe(404);
});

it('imports from the command line, again without duplicating', async () => {
  const title = 'NIST Special Publication 800-53 Revision 5.1.1 LOW IMPACT BASELINE';
  expect(await importStandardCommand(app.database, ['--process', 'cli', '--file', LOW_BASELINE])).toEqual({
    code: 0,
    lines: [`imported '${title}' into process CLI (Acme): 167 requirements, 167 created, 0 updated`],
  });
  expect(await importStandardCommand(app.database, ['--process', 'CLI', '--org', 'Acme', '--file', LOW_BASELINE])).toEqual({
    code: 0,
    lines: [`imported '${title}' into process CLI (Acme): 167 requirements, 0 created, 0 updated`],
  });
  expect(await rowsOf('cli')).toHaveLength(167);
  expect(await importStandardCommand(app.database, ['--process', 'nope', '--file', LOW_BASELINE])).toEqual({ code: 2, lines: ["process: No process 'nope'."] });
  expect(await importStandardCommand(app.database, ['--process', 'cli', '--file', path.join(__dirname, 'catalogs', 'README.md')])).toMatchObject({ code: 2 });
  expect(await importStandardCommand(app.database, ['--process', 'cli'])).toMatchObject({ code: 2, lines: [expect.stringMatching(/^file: Required/)] });
});
