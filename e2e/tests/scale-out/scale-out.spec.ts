import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { E2E_ORGANIZATION, E2E_PROCESS, totpCode } from '../../support/users';
import { createApp, GRAPH, importAdvisories, JUICE_SHOP_COMPONENTS, JUICE_SHOP_GZ, stamp } from '../applications/support';
import {
  createDatabase,
  dropDatabase,
  healthy,
  holdShareLock,
  makeDirectory,
  psql,
  readLog,
  removeDirectory,
  runBatch,
  runDatabase,
  runDirectory,
  sharedEnvironment,
  startApi,
  startWorker,
  stop,
  waitFor,
  waitingOnLock,
  type Started,
} from './processes';

// Issue 27 item 3: several processes on one Postgres database and one RabbitMQ broker — two API
// processes (A and B, JOB_WORKERS=off) and two job workers. A browser signed in on A sees an SBOM
// uploaded through B, processed by a worker, arrive live; a worker killed (SIGKILL) in the middle of
// a build leaves it to the other, which finishes it once; the due-date scheduler's reminder, a
// schedule of both workers, is sent once. The playwright config runs this project only where CI's
// servers are configured (DATABASE_URL, RABBITMQ_URL, RABBITMQ_STOMP_URL, PORTAL_API_URL).

test.describe.configure({ mode: 'serial' });

const RUN = stamp();
const SERVER_URL = process.env.DATABASE_URL!;
/** RabbitMQ's HTTP auth backend asks PORTAL_API_URL (scripts/rabbitmq-setup.sh): API A listens there. */
const API_A = new URL(process.env.PORTAL_API_URL!).origin;
const PORT_A = Number(new URL(API_A).port);
const API_B = `http://127.0.0.1:${PORT_A + 1}`;
const OWNER = { login: 'scale_owner', email: 'scale.owner@example.com', name: 'Sol Owner', password: 'ScaleOwner@2026' };

const database = runDatabase(SERVER_URL, RUN);
const dir = runDirectory(RUN);
const processes: Started[] = [];
let workers: Started[] = [];
let context: BrowserContext;
let page: Page;
let apiKey: string;
/** The findings of the juice-shop SBOM against the advisories imported (test a's build). */
let expectedFindings: number;
/** Every STOMP frame the page's broker socket received, as text. */
const frames: string[] = [];

/** The page's Import SBOM events of a build with that status (frames of the page's socket, through API A's gateway). */
function importSbomEvents(buildId: string, status: string): number {
  return frames.filter((frame) => frame.includes('Import SBOM') && frame.includes(`"build_id":"${buildId}"`) && frame.includes(`"status":"${status}"`)).length;
}

interface BuildDetail {
  status: string;
  component_count: number;
  vulnerability_count: number;
  findings?: unknown[];
}

async function buildOf(request: APIRequestContext, appKey: string, id: string): Promise<BuildDetail> {
  return (await (await request.get(`/api/apps/${appKey}/builds/${id}?graph=${GRAPH}&sbom=true`)).json()) as BuildDetail;
}

/** Uploads the juice-shop SBOM through API B with the CI/CD module's key, as a pipeline does. */
async function uploadThroughB(request: APIRequestContext, appKey: string): Promise<string> {
  const sent = await request.fetch(`${API_B}/api/apps/${appKey}/builds`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    data: JUICE_SHOP_GZ,
  });
  expect(sent.status()).toBe(202);
  return ((await sent.json()) as { id: string }).id;
}

/** The reminder mails of test c's task in the mail outbox (MAIL_OUTBOX_API, read through API A). */
async function reminders(): Promise<number> {
  const mails = (await (await context.request.get(`/api/testing/outbox?to=${encodeURIComponent(OWNER.email)}`)).json()) as Array<{ subject: string; text: string }>;
  return mails.filter((mail) => mail.subject === 'Task due soon' && mail.text.includes(`Rotate the keys ${RUN}`)).length;
}

/** The app's page on A, its broker socket connected and subscribed. */
async function openApp(appKey: string): Promise<void> {
  await page.goto(`/applications/${appKey}`);
  await expect(mainHeading(page)).toHaveText(`Application ${appKey}`, { timeout: 30_000 });
  await expect(page.getByText('No builds yet')).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  makeDirectory(dir);
  createDatabase(SERVER_URL, database.name);
  const environment = sharedEnvironment(database.url, `${dir}/data`);
  runBatch(
    [
      ['create-organization', '--name', E2E_ORGANIZATION],
      ['create-process', '--org', E2E_ORGANIZATION, '--code', E2E_PROCESS, '--name', 'Scale-out'],
      ['create-user', '--org', E2E_ORGANIZATION, '--login', OWNER.login, '--email', OWNER.email, '--name', OWNER.name, '--password', OWNER.password, '--role', 'ORG_ADMIN', '--role', '_global_admin'],
    ],
    environment('scale-cli'),
    dir,
  );
  for (const origin of [API_A, API_B]) {
    if (await healthy(origin)) throw new Error(`${origin} answers already: another API holds the port the scale-out test needs`);
  }
  processes.push(startApi('api-a', PORT_A, environment('scale-api-a'), dir), startApi('api-b', PORT_A + 1, environment('scale-api-b'), dir));
  workers = [startWorker('worker-1', environment('scale-worker-1'), dir), startWorker('worker-2', environment('scale-worker-2'), dir)];
  processes.push(...workers);
  await waitFor(processes, async () => (await healthy(API_A)) && (await healthy(API_B)), 'both APIs answer', 90_000);
  await waitFor(processes, () => workers.every((worker) => readLog(worker).includes('job workers running')), 'both workers run', 90_000);

  context = await browser.newContext({ baseURL: API_A });
  await signInWithNewTwoFactor(context.request, OWNER, (secret) => totpCode(secret));
  await importAdvisories(context.request);
  const module = await context.request.post('/api/modules/cicd-ingestion', { data: { name: `Pipelines ${RUN}` }, headers: CSRF });
  expect(module.status()).toBe(201);
  apiKey = ((await module.json()) as { api_key_value: string }).api_key_value;
  page = await context.newPage();
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => void frames.push(String(frame.payload))));
});

test.afterAll(async () => {
  await context?.close();
  // Every process this file started, by its pid.
  await Promise.all(processes.map(stop));
  dropDatabase(SERVER_URL, database.name);
  removeDirectory(dir);
});

test('a) an SBOM uploaded through API B is processed by a worker and shows live in the browser on API A', async () => {
  const appKey = `scale-${RUN}`;
  await createApp(context.request, appKey, 'Scaled Shop');
  await openApp(appKey);
  // The page's broker connection (API A's gateway to RabbitMQ's Web-STOMP) is up before the upload.
  await expect.poll(() => frames.some((frame) => frame.startsWith('CONNECTED'))).toBe(true);
  await page.evaluate(() => Object.assign(window, { stayedOpen: true }));

  const buildId = await uploadThroughB(context.request, appKey);

  const build = page.getByRole('table', { name: 'Builds' }).getByRole('row').filter({ hasText: '#1' });
  await expect(build).toContainText('CI/CD (API key)');
  await expect(build).toContainText('Done', { timeout: 30_000 });
  await expect(build).toContainText(String(JUICE_SHOP_COMPONENTS));
  await expect(page.getByRole('table', { name: 'Findings' }).getByRole('row').nth(1)).toContainText('Critical');
  await expect(page.getByRole('list', { name: `Findings of ${appKey} by severity` })).toContainText(/Critical [1-9]/);
  // The worker's Import SBOM event reached the page through the broker; the page was never reloaded.
  expect(importSbomEvents(buildId, 'DONE')).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);

  const done = await buildOf(context.request, appKey, buildId);
  expect(done.status).toBe('DONE');
  expectedFindings = done.findings!.length;
  expect(expectedFindings).toBeGreaterThan(0);
});

test('c) the due-date reminder, scheduled by both workers, is sent once', async () => {
  test.setTimeout(120_000);
  const session = (await (await context.request.get('/api/sessions')).json()) as { user: { id: string } };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const task = await context.request.post(`/api/tasks?graph=${GRAPH}`, {
    data: { title: `Rotate the keys ${RUN}`, due_date: tomorrow, assigned_to_user_id: session.user.id },
    headers: CSRF,
  });
  expect(task.status()).toBe(201);
  // The workers' clock sends a tick's job within about a minute of their start.
  await expect.poll(reminders, { timeout: 100_000, intervals: [1_000] }).toBeGreaterThan(0);
  expect(await reminders()).toBe(1);
});

test('b) a worker killed in the middle of a build leaves it to the other, which finishes it once', async () => {
  test.setTimeout(150_000);
  const appKey = `killed-${RUN}`;
  await createApp(context.request, appKey, 'Interrupted Shop');
  await openApp(appKey);

  // Writes of findings wait: the worker that takes the build stops in the middle of it.
  const lock = await holdShareLock(database.url('scale-test'), 'build_findings');
  let victim: Started | undefined;
  try {
    const buildId = await uploadThroughB(context.request, appKey);
    let waiting: string[] = [];
    await expect.poll(() => (waiting = waitingOnLock(database.url(), database.name)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(waiting).toHaveLength(1);
    victim = workers.find((worker) => waiting[0] === `scale-${worker.name}`);
    expect(victim, `a worker holds the build (waiting: ${waiting.join(', ')})`).toBeDefined();
    expect((await buildOf(context.request, appKey, buildId)).status).toBe('PROCESSING');

    victim!.child.kill('SIGKILL');
    await victim!.exited;
    await lock.release();

    // The job fails at its timeout on pg-boss's next maintenance; its retry runs on the other worker.
    await expect.poll(async () => (await buildOf(context.request, appKey, buildId)).status, { timeout: 110_000, intervals: [1_000] }).toBe('DONE');
    const finished = await buildOf(context.request, appKey, buildId);
    expect(finished.findings).toHaveLength(expectedFindings);
    expect(finished.component_count).toBe(JUICE_SHOP_COMPONENTS);
    const row = page.getByRole('table', { name: 'Builds' }).getByRole('row').filter({ hasText: '#1' });
    await expect(row).toContainText('Done');
    // Done once: one DONE event, from the worker that finished it (the killed one's rolled back).
    expect(importSbomEvents(buildId, 'DONE')).toBe(1);
    expect(workers.filter((worker) => worker.child.exitCode === null && worker.child.signalCode === null)).toHaveLength(1);
    // Only the one build of the app, its findings stored once in the database.
    expect(psql(database.url(), `SELECT count(*) FROM build_findings WHERE build_id = '${buildId}'`)).toEqual([String(expectedFindings)]);
    // The due-date passes of the ticks since test c (a minute and more) sent no second reminder.
    expect(await reminders()).toBe(1);
  } finally {
    await lock.release();
  }
});
