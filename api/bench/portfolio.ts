// Continuous monitoring of a portfolio (issue 27 item 6): `node_modules/.bin/tsx api/bench/portfolio.ts`
// with DATABASE_URL (Postgres only: several processes share the job queue, which the embedded
// database cannot). 1,000 applications × 1,000 components with continuous monitoring on
// (portfolio-world.ts, bulk SQL), then 5,000 OSV advisories imported through the API
// (POST /api/vulnerabilities/imports, as a Global Admin) by an API process that runs no job, while
// 1, then 2 job worker processes (portfolio-processes.ts) re-match the applications. Printed per
// case: the wall time from the import's request until every run is done — every application
// holding an advised package re-matched, its new findings, events and New Vulnerability
// notifications written — (goal ≤ 60 s with 2 workers), each process's peak RSS (goal ≤ 1 GB),
// when the first notification was written, and, with RABBITMQ_URL and RABBITMQ_STOMP_URL (the
// broker set up by scripts/rabbitmq-setup.sh, its HTTP auth backend asking PORTAL_API_URL, whose
// port the API then listens on), when it reached a browser: a STOMP client signed in as an
// organization admin, connected through the API's gateway as a browser is. Figures printed, never
// asserted. Knobs: BENCH_WORKERS (1,2), BENCH_APPS_PER_PROCESS (100), BENCH_COMPONENTS (1,000),
// BENCH_ADVISORIES (5,000), BENCH_ADVISED_PACKAGES (1,000), BENCH_KEEP=1 (keep the schema).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createOrganizationCommand, createProcessCommand, createUserCommand } from '../src/cli/users';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { PASSWORD } from '../src/testing/identity';
import { connectStomp, subscribe } from '../src/testing/realtime';
import { freshSchema } from './load';
import { cpuSecondsOf, headersOf, healthy, logOf, memoryOf, signIn, startApi, startWorker, stop, waitFor, type Started } from './portfolio-processes';
import { advisoriesToImport, writePortfolio, type WorldSize } from './portfolio-world';

const SIZE: WorldSize = {
  processes: 10,
  appsPerProcess: Number(process.env.BENCH_APPS_PER_PROCESS ?? 100),
  components: Number(process.env.BENCH_COMPONENTS ?? 1_000),
  packages: 20_000,
  advisories: Number(process.env.BENCH_ADVISORIES ?? 5_000),
  advisedPackages: Number(process.env.BENCH_ADVISED_PACKAGES ?? 1_000),
};
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const ORGANIZATION = 'Bench';
const RABBITMQ = Boolean(process.env.RABBITMQ_URL && process.env.RABBITMQ_STOMP_URL);
/** With RabbitMQ its HTTP auth backend asks the API at PORTAL_API_URL: the API listens there. */
const PORT = RABBITMQ ? Number(new URL(process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080').port || 80) : 18_000 + Math.floor(Math.random() * 1000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(', ');

async function setUp(database: Database): Promise<void> {
  await migrate(database);
  const ok = (result: { code: number; lines: string[] }) => {
    if (result.code !== 0) throw new Error(result.lines.join('\n'));
  };
  ok(await createOrganizationCommand(database, ['--name', ORGANIZATION]));
  for (let p = 1; p <= SIZE.processes; p += 1) ok(await createProcessCommand(database, ['--org', ORGANIZATION, '--code', `p${p}`, '--name', `Process ${p}`]));
  const user = (login: string, ...extra: string[]) => createUserCommand(database, ['--login', login, '--email', `${login}@example.com`, '--name', login, '--password', PASSWORD, ...extra]);
  // The browser: an organization admin, told of every process's New Vulnerability.
  ok(await user('olga', '--org', ORGANIZATION, '--role', 'ORG_ADMIN'));
  // Who imports: a Global Admin.
  ok(await user('gil', '--role', '_global_admin'));
  const started = Date.now();
  await writePortfolio(database, SIZE, ORGANIZATION);
  const [counts] = await database.query<{ apps: number; components: number }>(
    'SELECT (SELECT count(*)::int FROM applications) AS apps, (SELECT count(*)::int FROM sbom_components) AS components',
  );
  console.log(`  portfolio written in ${seconds(Date.now() - started)}: ${counts!.apps} applications, ${counts!.components.toLocaleString('en')} components`);
}

/** Back to the portfolio before the import: no advisory, finding, event, run or message. */
async function reset(database: Database): Promise<void> {
  await database.query('TRUNCATE build_findings, monitoring_events, monitoring_runs, monitoring_run_builds, outbox, mail_queue');
  await database.query('DELETE FROM vulnerabilities');
  await database.query('UPDATE application_builds SET vulnerability_count = 0');
  // The users sign in anew, two-factor set up again (their sessions of the case before are gone with its processes' key).
  await database.query('UPDATE users SET mfa_secret = NULL, mfa_enabled = false, mfa_last_step = 0');
}

interface Progress {
  unfinished: number;
  advisories: number;
  runs: number;
}

const progressOf = async (database: Database): Promise<Progress> =>
  (
    await database.query<Progress>(
      `SELECT count(*) FILTER (WHERE status <> 'DONE')::int AS unfinished, coalesce(sum(cardinality(advisories)), 0)::int AS advisories, count(*)::int AS runs
         FROM monitoring_runs`,
    )
  )[0]!;

async function runCase(database: Database, databaseUrl: string, workers: number, records: object[]): Promise<void> {
  await reset(database);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-monitoring-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir, SECRET_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'warn' };
  delete env.JOB_WORKERS;
  if (!RABBITMQ) {
    delete env.RABBITMQ_URL;
    delete env.RABBITMQ_STOMP_URL;
  }
  const origin = `http://127.0.0.1:${PORT}`;
  const processes: Started[] = [];
  try {
    const api = startApi(PORT, env, dir);
    processes.push(api);
    for (let w = 1; w <= workers; w += 1) processes.push(startWorker(`worker${w}`, env, dir));
    await waitFor(processes, () => healthy(origin), 'the API answered');
    await waitFor(processes, () => processes.slice(1).every((worker) => logOf(worker).includes('job workers running')), 'the workers started');

    const [{ now: caseStartAt }] = await database.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    const caseStart = new Date(caseStartAt).getTime();
    const olga = await signIn(origin, 'olga');
    const gil = await signIn(origin, 'gil');
    let firstReceived: number | undefined;
    let disconnect = async () => undefined as unknown;
    if (RABBITMQ) {
      const token = await fetch(`${origin}/api/iam/rabbitmq/token`, { method: 'POST', headers: headersOf(olga) });
      const [{ id }] = await database.query<{ id: string }>("SELECT id FROM users WHERE login_id = 'olga'");
      const connection = await connectStomp(`ws://127.0.0.1:${PORT}/events/ws/amqp`, ((await token.json()) as { token: string }).token, { cookie: olga });
      const inbox = await subscribe(connection, `/amq/queue/notifications#${id}`, 'auto');
      const push = inbox.push.bind(inbox);
      inbox.push = (message) => {
        // A notification of this case's import (the queue is durable: one of a case before may come first).
        const { time } = JSON.parse(message.body) as { time?: string };
        if (time && Date.parse(time) >= caseStart) firstReceived ??= Date.now();
        push(message);
      };
      disconnect = () => connection.disconnect();
    }

    const loadBefore = load();
    const [{ now: dbStart }] = await database.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    const cpuBefore = processes.map((started) => cpuSecondsOf(started.child.pid!));
    const started = Date.now();
    const answer = await fetch(`${origin}/api/vulnerabilities/imports`, {
      method: 'POST',
      headers: { ...headersOf(gil), 'content-type': 'application/json' },
      body: JSON.stringify(records),
    });
    const imported = (await answer.json()) as { added: number };
    const importedAt = Date.now();
    if (answer.status !== 200 || imported.added !== records.length) throw new Error(`the import answered ${answer.status}: ${JSON.stringify(imported)}`);
    let peak = processes.map(() => 0);
    await waitFor(
      processes,
      async () => {
        peak = processes.map((started, index) => Math.max(peak[index]!, memoryOf(started.child.pid!).rssMb));
        const progress = await progressOf(database);
        return progress.advisories >= records.length && progress.unfinished === 0;
      },
      'every run done',
      30 * 60_000,
    );
    const done = Date.now();
    const memory = processes.map((started, index) => ({ name: started.name, ...memoryOf(started.child.pid!), cpu: cpuSecondsOf(started.child.pid!) - cpuBefore[index]! }));
    // The first message may still be on its way.
    if (RABBITMQ) await waitFor(processes, () => firstReceived !== undefined, 'the first notification received', 60_000).catch(() => undefined);
    await disconnect();

    const [totals] = await database.query<{ runs: number; rematched: number; findings: number; events: number; notifications: number; mails: number; first_written: number }>(
      `SELECT (SELECT count(*)::int FROM monitoring_runs) AS runs,
              (SELECT count(DISTINCT build_id)::int FROM monitoring_run_builds WHERE scanned) AS rematched,
              (SELECT count(*)::int FROM build_findings) AS findings,
              (SELECT count(*)::int FROM monitoring_events WHERE type = 'New Vulnerability') AS events,
              (SELECT count(*)::int FROM outbox WHERE destination LIKE 'notifications#%' AND body->>'title' = 'New Vulnerability') AS notifications,
              (SELECT count(*)::int FROM mail_queue WHERE event = 'New Vulnerability') AS mails,
              (SELECT extract(epoch FROM min(created_at) - $1::timestamptz) * 1000 FROM outbox
                WHERE destination LIKE 'notifications#%' AND body->>'title' = 'New Vulnerability')::float8 AS first_written`,
      [dbStart],
    );
    console.log(`\n${workers} worker process${workers > 1 ? 'es' : ''} (load before: ${loadBefore})`);
    console.log(`  import request: ${seconds(importedAt - started)} (${imported.added.toLocaleString('en')} advisories added, ${totals!.runs} monitoring runs)`);
    console.log(`  every run done: ${seconds(done - started)} after the request (goal ≤ 60 s with 2 workers)`);
    console.log(
      `  ${totals!.rematched} applications re-matched, ${totals!.findings.toLocaleString('en')} findings stored, ${totals!.events.toLocaleString('en')} New Vulnerability events, ` +
        `${totals!.notifications.toLocaleString('en')} notifications and ${totals!.mails.toLocaleString('en')} mails queued`,
    );
    console.log(`  first notification written ${seconds(totals!.first_written)} after the request` + (RABBITMQ ? `, received by the browser ${firstReceived ? seconds(firstReceived - started) : 'never (60 s)'} after` : ' (browser: needs RABBITMQ_URL and RABBITMQ_STOMP_URL)'));
    console.log(`  peak RSS (VmHWM; sampled VmRSS max): ${memory.map((entry, index) => `${entry.name} ${entry.peakMb} MB (${peak[index]} MB)`).join(', ')} (goal ≤ 1 GB)`);
    console.log(`  CPU used meanwhile: ${memory.map((entry) => `${entry.name} ${entry.cpu.toFixed(1)} s`).join(', ')}`);
    console.log(`  load after: ${load()}`);
  } finally {
    for (const started of processes) await stop(started);
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('portfolio monitoring bench: Postgres only (set DATABASE_URL): worker processes share its job queue.');
    return;
  }
  const fresh = await freshSchema(process.env.DATABASE_URL);
  const database = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: fresh.databaseUrl });
  try {
    console.log(
      `Continuous monitoring of a portfolio (Postgres${RABBITMQ ? ', RabbitMQ' : ''}): ${SIZE.processes * SIZE.appsPerProcess} applications × ${SIZE.components} components, ` +
        `an import of ${SIZE.advisories.toLocaleString('en')} advisories over ${SIZE.advisedPackages} of ${SIZE.packages.toLocaleString('en')} packages; ${os.cpus().length} cores`,
    );
    await setUp(database);
    const records = advisoriesToImport(SIZE, randomUUID().slice(0, 4));
    for (const workers of WORKERS) await runCase(database, fresh.databaseUrl!, workers, records);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') console.log(`kept: ${fresh.databaseUrl}`);
    else {
      await fresh.drop();
      // And the job queue's schema beside it (jobs/repository.ts bossSchema).
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${fresh.schema}_pgboss CASCADE`).finally(() => client.end());
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
