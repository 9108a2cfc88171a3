// What the tests of SBOM processing share (sbom/processing.test.ts, sbom/build-jobs*.test.ts): an
// app 'web' of organization Acme with one advisory its test SBOM is affected by, processing's
// context as app.ts wires it, what a build came to (its findings, its events), and a database
// whose calls can be held, as those of a process that stopped in the middle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import type { Database, Queryable } from '../db/database';
import { systemClock } from '../identity/clock';
import { raiseLicenseAlerts } from '../licenses/alerts';
import { parseSbom } from '../sbom/parse';
import type { ProcessingContext } from '../sbom/processing';
import { storeBuild, type StoredBuild } from '../sbom/store.repository';
import { carryOver, identifiedBuilds, previousBuild } from '../vex/carry-over.repository';
import { AdvisoryImporter } from '../vulnerabilities/sources';
import { createTestUser } from './identity';
import type { TestEnvironment } from './test-environment';

// What app.ts hands the processing: the real VEX carry-over and license alerts.
export const followUps = { previousBuild, identifiedBuilds, carryOver, raiseLicenseAlerts };

export const testSbom = () => parseSbom(readFileSync(path.join(__dirname, '..', 'sbom', 'testdata', 'cyclonedx-1.6.bom.xml')));

export interface BuildWorld {
  /** The app whose database the tests use; its own workers run no job (`jobWorkers: false`). */
  app: FastifyInstance;
  applicationId: string;
  /** Stores the test SBOM as a new PENDING build of 'web' (no job sent). */
  store(): Promise<StoredBuild>;
  /** Processing's context on `database` (default the app's), as app.ts wires it. */
  context(database?: Database, more?: Partial<ProcessingContext>): ProcessingContext;
}

export async function buildWorld(environment: TestEnvironment): Promise<BuildWorld> {
  const app = await buildApp({ config: environment.config, jobWorkers: false });
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createTestUser(app, 'olga', systemClock, '--org', 'Acme', '--role', 'ORG_ADMIN');
  const [{ id: applicationId }] = await app.database.query<{ id: string }>(
    `INSERT INTO applications (organization_id, process_id, app_key, name)
     SELECT organization_id, id, 'web', 'Web' FROM processes WHERE code_name = 'alpha' RETURNING id`,
  );
  const importer = new AdvisoryImporter(app.database);
  await importer.add(JSON.parse(readFileSync(path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv', 'GHSA-35jh-r3h4-6jhm.json'), 'utf8')));
  await importer.flush();
  return {
    app,
    applicationId,
    store: () => storeBuild(app.database, applicationId, testSbom(), { userId: null, serviceModuleId: null }),
    context: (database = app.database, more = {}) => ({ database, followUps, log: app.log, notify: () => undefined, ...more }),
  };
}

export interface BuildOutcome {
  status: string;
  started_at: string | null;
  /** Findings stored, and distinct (component, advisory) among them: equal when stored once. */
  findings: number;
  distinct_findings: number;
  /** The states the build's Import SBOM events said, in order. */
  events: string[];
}

/** What the build came to, as its row, its findings and its events say. */
export async function buildOutcome(db: Queryable, buildId: string): Promise<BuildOutcome> {
  const [row] = await db.query<BuildOutcome>(
    `SELECT b.status, b.started_at::text AS started_at,
            (SELECT count(*)::int FROM build_findings f WHERE f.build_id = b.id) AS findings,
            (SELECT count(DISTINCT (f.position, f.vulnerability_id))::int FROM build_findings f WHERE f.build_id = b.id) AS distinct_findings,
            coalesce((SELECT array_agg(o.body->'data'->>'status' ORDER BY o.seq) FROM outbox o
                       WHERE o.body->>'type' = 'Import SBOM' AND o.body->'data'->>'id' = b.id::text), '{}') AS events
       FROM application_builds b WHERE b.id = $1`,
    [buildId],
  );
  return row!;
}

/** A database whose calls wait while held — a process stopped in the middle — until released. */
export interface GatedDatabase {
  database: Database;
  /** From now on calls wait; with `untilTransaction`, until the first transaction asked for (it waits too), after which calls go through again. */
  hold(options?: { untilTransaction?: boolean }): void;
  /** Lets the calls that wait go on; resolves once no call is left in flight (those they led to included). */
  release(): Promise<void>;
}

export function gatedDatabase(database: Database): GatedDatabase {
  let holding: false | { untilTransaction: boolean } = false;
  const waiting: Array<() => void> = [];
  const inFlight = new Set<Promise<unknown>>();
  const gate = <T>(work: () => Promise<T>, transaction: boolean): Promise<T> => {
    let call: Promise<T>;
    if (!holding) call = work();
    else {
      if (transaction && holding.untilTransaction) holding = false;
      call = new Promise<void>((resolve) => waiting.push(resolve)).then(work);
    }
    const tracked = call.catch(() => undefined).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return call;
  };
  const gated: Database = {
    ...database,
    query: (sql, params, options) => gate(() => database.query(sql, params, options), false),
    exec: (sql) => gate(() => database.exec(sql), false),
    transaction: (fn) => gate(() => database.transaction(fn), true),
    listen: (channel, onNotify) => database.listen(channel, onNotify),
    close: () => database.close(),
  };
  return {
    database: gated,
    hold(options = {}) {
      holding = { untilTransaction: options.untilTransaction ?? false };
    },
    async release() {
      holding = false;
      for (const go of waiting.splice(0)) go();
      // A call that settles leads its caller to the next one within the same turn: looked at again after it.
      do {
        await Promise.all(inFlight);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size > 0);
    },
  };
}
