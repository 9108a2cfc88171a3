// GET jobs, POST jobs/{kind}/failed/{id}/retry, DELETE jobs/{kind}/failed/{id} (issue 27 item 5):
// the Global Admin sees a kind whose job failed its last attempt with its error, retries it (it
// runs again) or discards it; an organization administrator is refused. The app runs its job
// workers, as `npm start` does.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GLOBAL_ADMIN_ROLE, JOB_MESSAGES, STATUS_MESSAGES, type JobKindView, type JobsOverview } from '@portal/shared/server';
import { buildApp } from '../app';
import { createOrganizationCommand } from '../cli/users';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { authenticate } from '../testing/users';

const clock = manualClock(new Date('2030-04-01T00:00:00Z'));
const KIND = 'test-imports';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
let environment: TestEnvironment;
let app: FastifyInstance;
let globalAdmin: SessionCookie;
let acmeAdmin: SessionCookie;
/** The imports the test kind refuses, and those it ran. */
const refused = new Set<string>();
const imported: string[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now, jobWorkers: true }));
  app.jobs.define({
    name: KIND,
    handler: async (payload) => {
      const { feed } = payload as { feed: string };
      if (refused.has(feed)) throw new Error(`the ${feed} feed answered 503`);
      imported.push(feed);
    },
    timeoutSeconds: 30,
    retry: { limit: 0, delaySeconds: 1, backoff: false },
  });
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'gina', clock.now, '--role', GLOBAL_ADMIN_ROLE);
  globalAdmin = await authenticate(app, 'gina', clock.now);
  acmeAdmin = await authenticate(app, 'olga', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: SessionCookie): Promise<LightMyRequestResponse> =>
  app.inject({ method, url: `/api${url}`, headers: withCookie(cookie) });

async function kindView(): Promise<JobKindView> {
  const answer = await call('GET', '/jobs', globalAdmin);
  expect(answer.statusCode).toBe(200);
  return (answer.json() as JobsOverview).kinds.find((kind) => kind.kind === KIND)!;
}

/** A job of the test kind that fails its last attempt: its dead letter as GET jobs lists it. */
async function failedImport(feed: string) {
  refused.add(feed);
  await app.jobs.send(KIND, { feed });
  await until(async () => (await kindView()).dead_letters.some((letter) => letter.payload.feed === feed), `the failed ${feed} import`);
  return (await kindView()).dead_letters.find((letter) => letter.payload.feed === feed)!;
}

it('lists every kind with its counts and durations, and a job that failed its last attempt with its error', async () => {
  const letter = await failedImport('osv');
  expect(letter).toEqual({ id: expect.any(String), error: 'the osv feed answered 503', attempts: 1, failed_at: expect.any(String), payload: { feed: 'osv' } });
  expect(await kindView()).toEqual({
    kind: KIND,
    queued: 0,
    running: 0,
    failed: 1,
    completed_last_hour: 0,
    average_seconds: 0,
    max_seconds: 0,
    dead_letters: [letter],
  });
  // The families' own kinds are there too, sorted by name.
  const kinds = ((await call('GET', '/jobs', globalAdmin)).json() as JobsOverview).kinds.map((kind) => kind.kind);
  expect(kinds).toEqual(expect.arrayContaining(['due-dates', 'alarms', KIND]));
  expect(kinds).toEqual([...kinds].sort((a, b) => a.localeCompare(b)));
  await call('DELETE', `/jobs/${KIND}/failed/${letter.id}`, globalAdmin);
});

it('retries a failed job: it runs again and leaves the failed jobs; a second retry finds none', async () => {
  const letter = await failedImport('kev');
  refused.delete('kev');
  expect((await call('POST', `/jobs/${KIND}/failed/${letter.id}/retry`, globalAdmin)).statusCode).toBe(204);
  await until(() => imported.includes('kev'), 'the retried import');
  await until(async () => (await kindView()).completed_last_hour === 1, 'the completed import counted');
  expect(await kindView()).toEqual(expect.objectContaining({ failed: 0, dead_letters: [], completed_last_hour: 1 }));
  expectProblem(await call('POST', `/jobs/${KIND}/failed/${letter.id}/retry`, globalAdmin), 404, JOB_MESSAGES.noDeadLetter);
});

it('discards a failed job: it is gone and never runs; a second discard finds none', async () => {
  const letter = await failedImport('ghsa');
  expect((await call('DELETE', `/jobs/${KIND}/failed/${letter.id}`, globalAdmin)).statusCode).toBe(204);
  expect(await kindView()).toEqual(expect.objectContaining({ failed: 0, dead_letters: [] }));
  expectProblem(await call('DELETE', `/jobs/${KIND}/failed/${letter.id}`, globalAdmin), 404, JOB_MESSAGES.noDeadLetter);
  expect(imported).not.toContain('ghsa');
});

it('answers 404 for an unknown kind or failed job', async () => {
  const letter = await failedImport('nvd');
  expectProblem(await call('POST', `/jobs/no-such-kind/failed/${letter.id}/retry`, globalAdmin), 404, JOB_MESSAGES.noKind);
  expectProblem(await call('DELETE', `/jobs/no-such-kind/failed/${letter.id}`, globalAdmin), 404, JOB_MESSAGES.noKind);
  expectProblem(await call('POST', `/jobs/${KIND}/failed/${UNKNOWN_ID}/retry`, globalAdmin), 404, JOB_MESSAGES.noDeadLetter);
  expectProblem(await call('DELETE', `/jobs/${KIND}/failed/not-an-id`, globalAdmin), 404, JOB_MESSAGES.noDeadLetter);
  // Another kind's dead letter is no failed job of this kind.
  expectProblem(await call('POST', `/jobs/due-dates/failed/${letter.id}/retry`, globalAdmin), 404, JOB_MESSAGES.noDeadLetter);
  expect((await kindView()).dead_letters.map((each) => each.id)).toContain(letter.id);
  await call('DELETE', `/jobs/${KIND}/failed/${letter.id}`, globalAdmin);
});

it("refuses an organization administrator: the queue is the installation's", async () => {
  const letter = await failedImport('cve');
  expectProblem(await call('GET', '/jobs', acmeAdmin), 403, STATUS_MESSAGES[403]);
  expectProblem(await call('POST', `/jobs/${KIND}/failed/${letter.id}/retry`, acmeAdmin), 403, STATUS_MESSAGES[403]);
  expectProblem(await call('DELETE', `/jobs/${KIND}/failed/${letter.id}`, acmeAdmin), 403, STATUS_MESSAGES[403]);
  expect((await kindView()).dead_letters.map((each) => each.id)).toContain(letter.id);
});
