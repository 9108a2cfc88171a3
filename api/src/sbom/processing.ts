// Processing a stored build in the background (issue 7 item 3): PENDING → PROCESSING → DONE (or
// FAILED): the components (placed in their tree when stored) are matched against the
// vulnerability database, analyses carry over from the app's previous build, license-risk
// alerts are raised, and an 'Import SBOM' event goes to the process's members — in the transaction
// that marks the build done. A build not done within 15 minutes fails. The upload hands over what it
// knows of the components (their purls, their license declarations), so processing reads back only
// builds left PENDING by a stop.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { OUTBOX_CHANNEL, recordEvents } from '../realtime/outbox.repository';
import { EVENT_RECIPIENTS, eventRecipients } from '../realtime/recipients';
import { matchComponents } from '../vulnerabilities/index';
import type { StoredComponents } from './store.repository';
import { spanningTree } from './tree';

/** The SBOM ingestion timeout of the release notes (spec 9). */
export const INGESTION_TIMEOUT_MS = 15 * 60 * 1000;
export const IMPORT_SBOM = 'Import SBOM';
export const TIMED_OUT = 'The SBOM was not processed within 15 minutes.';

const CHUNK = 5_000;

/**
 * What other families do with a build inside its processing transaction, wired in app.ts: the VEX
 * family finds the app's previous build, says in which build each finding was first identified and
 * carries its analyses over; the licenses family raises license-risk alerts. sbom imports neither.
 */
export interface BuildFollowUps {
  previousBuild(tx: Queryable, applicationId: string, buildId: string): Promise<PreviousBuildRef | null>;
  identifiedBuilds(tx: Queryable, previous: PreviousBuildRef | null, buildId: string): Promise<(key: string, vulnerabilityId: string) => string>;
  carryOver(tx: Queryable, previous: PreviousBuildRef | null, buildId: string): Promise<unknown>;
  raiseLicenseAlerts(
    tx: Queryable,
    build: BuildContext,
    buildId: string,
    buildNumber: number,
    previousBuildId: string | null,
    known?: readonly string[],
  ): Promise<unknown>;
}

/** The app's build before the one processed, as the VEX family finds it. */
export interface PreviousBuildRef {
  id: string;
}

export interface ProcessingContext {
  database: Database;
  followUps: BuildFollowUps;
  log: FastifyBaseLogger;
  /** Wakes the outbox relay after the commit that recorded the event. */
  notify: () => void;
  timeoutMs?: number;
}

export interface BuildContext {
  organization_id: string;
  process_id: string;
  process_code: string;
  app_key: string;
  application_id: string;
  uploader_login: string | null;
  root_ref: string | null;
  number: number;
  component_count: number;
}

const CONTEXT_COLUMNS = `a.organization_id, a.process_id, p.code_name AS process_code, a.app_key, a.id AS application_id,
  (SELECT u.login_id FROM users u WHERE u.id = b.uploaded_by) AS uploader_login, b.root_ref, b.number, b.component_count`;

async function buildContext(db: Queryable, buildId: string): Promise<BuildContext | undefined> {
  const [row] = await db.query<BuildContext>(
    `SELECT ${CONTEXT_COLUMNS}
       FROM application_builds b JOIN applications a ON a.id = b.application_id JOIN processes p ON p.id = a.process_id
      WHERE b.id = $1`,
    [buildId],
  );
  return row;
}

function importSbomEvent(context: BuildContext, buildId: string, data: Record<string, unknown>) {
  return {
    type: IMPORT_SBOM,
    eventId: randomUUID(),
    session_id: '',
    time: new Date().toISOString(),
    data: {
      graph: context.process_code.toLowerCase(),
      login_id: context.uploader_login ?? '',
      id: buildId,
      app_key: context.app_key,
      ...data,
    },
  };
}

async function announce(tx: Queryable, context: BuildContext, buildId: string, data: Record<string, unknown>): Promise<void> {
  const recipients = await eventRecipients(tx, context.organization_id, context.process_id);
  const body = importSbomEvent(context, buildId, data);
  await recordEvents(tx, recipients.map((userId) => ({ destination: `events#${userId}`, body: { ...body } })));
}

/**
 * Derives the tree and the findings of a stored build. Resolves when the build is DONE or FAILED.
 * `known`: what the upload hands over of its components (without it, they are read back).
 */
export async function processBuild(context: ProcessingContext, buildId: string, known?: StoredComponents): Promise<void> {
  const { database } = context;
  // Claimed, with what processing needs to know of its app, in one statement.
  const [build] = await database.query<BuildContext>(
    `UPDATE application_builds b SET status = 'PROCESSING', started_at = now()
       FROM applications a JOIN processes p ON p.id = a.process_id
      WHERE b.id = $1 AND b.status = 'PENDING' AND a.id = b.application_id
      RETURNING ${CONTEXT_COLUMNS}`,
    [buildId],
  );
  if (!build) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(TIMED_OUT)), context.timeoutMs ?? INGESTION_TIMEOUT_MS);
    timer.unref?.();
  });
  try {
    await Promise.race([derive(context, buildId, build, known), timeout]);
  } catch (error) {
    const message = error instanceof Error && error.message === TIMED_OUT ? TIMED_OUT : 'The SBOM could not be processed.';
    context.log.error({ err: error, buildId }, 'SBOM processing failed');
    try {
      await database.transaction(async (tx) => {
        const failed = await tx.query(
          `UPDATE application_builds SET status = 'FAILED', error = $2, finished_at = clock_timestamp()
            WHERE id = $1 AND status = 'PROCESSING' RETURNING id`,
          [buildId, message],
        );
        const build = failed.length > 0 ? await buildContext(tx, buildId) : undefined;
        if (build) await announce(tx, build, buildId, { status: 'FAILED', error: message });
      });
      context.notify();
    } catch (cannotRecord) {
      context.log.error({ err: cannotRecord, buildId }, 'SBOM processing failure not recorded');
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One row per (component, advisory): a component matched twice by the same advisory counts once.
 * The findings themselves are kept, with their components' positions beside them (a copy of each
 * would be tens of MB for 94,000 findings).
 */
function oneRowEach<T extends { bomRef?: string; vulnerabilityId: string }>(findings: readonly T[], positions: readonly number[]): { found: T[]; foundPositions: number[] } {
  const seen = new Set<string>();
  const found: T[] = [];
  const foundPositions: number[] = [];
  for (const finding of findings) {
    const position = positions[Number(finding.bomRef)];
    const key = `${position}\u0000${finding.vulnerabilityId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(finding);
    foundPositions.push(position);
  }
  return { found, foundPositions };
}

/** The components with a purl of a stored build: two arrays, not a row per component (a third of the time in the embedded database). */
async function readPurls(db: Queryable, buildId: string): Promise<{ positions: number[]; purls: string[] }> {
  const [components] = await db.query<{ positions: number[] | null; purls: string[] | null }>(
    'SELECT array_agg(position) AS positions, array_agg(purl) AS purls FROM sbom_components WHERE build_id = $1 AND purl IS NOT NULL',
    [buildId],
  );
  return { positions: components?.positions ?? [], purls: components?.purls ?? [] };
}

async function derive(context: ProcessingContext, buildId: string, build: BuildContext, known: StoredComponents | undefined): Promise<void> {
  const { database } = context;
  const { positions, purls } = known ?? (await readPurls(database, buildId));
  const findings = await matchComponents(
    database,
    purls.map((purl, index) => ({ purl, bomRef: String(index) })),
  );
  const { found, foundPositions } = oneRowEach(findings, positions);

  await database.transaction(async (tx) => {
    // A build handed over by its upload was placed when stored.
    if (!known) await placeUnplaced(tx, buildId, build.root_ref);
    const previous = await context.followUps.previousBuild(tx, build.application_id, buildId);
    // A finding's component key is its purl: only components with one are matched.
    const identifiedIn = await context.followUps.identifiedBuilds(tx, previous, buildId);
    for (let start = 0; start < found.length; start += CHUNK) {
      const slice = found.slice(start, start + CHUNK);
      const slicePositions = foundPositions.slice(start, start + CHUNK);
      await tx.query(
        `INSERT INTO build_findings (build_id, identified_build_id, position, vulnerability_id, aliases, severity, score, active_exploit, evaluation, summary, fixed_versions)
         SELECT $1, f.identified, f.position, f.vulnerability_id,
                CASE WHEN f.aliases = '' THEN '{}'::text[] ELSE string_to_array(f.aliases, E'\\x1f') END,
                f.severity, f.score, f.active_exploit, f.evaluation, f.summary,
                CASE WHEN f.fixed = '' THEN '{}'::text[] ELSE string_to_array(f.fixed, E'\\x1f') END
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::boolean[], $8::text[], $9::text[], $10::text[], $11::uuid[])
             AS f(position, vulnerability_id, aliases, severity, score, active_exploit, evaluation, summary, fixed, identified)`,
        [
          buildId,
          slicePositions,
          slice.map((finding) => finding.vulnerabilityId),
          slice.map((finding) => finding.aliases.join('\x1f')),
          slice.map((finding) => finding.severity),
          slice.map((finding) => finding.score),
          slice.map((finding) => finding.activeExploit),
          slice.map((finding) => finding.evaluation),
          slice.map((finding) => finding.summary),
          slice.map((finding) => finding.fixedVersions.join('\x1f')),
          slice.map((finding) => identifiedIn(finding.purl, finding.vulnerabilityId)),
        ],
      );
    }
    await context.followUps.carryOver(tx, previous, buildId);
    const vulnerabilityCount = new Set(found.map((finding) => finding.vulnerabilityId)).size;
    await context.followUps.raiseLicenseAlerts(tx, build, buildId, build.number, previous?.id ?? null, known?.declarations);
    // Last, in one statement: the Import SBOM event to each recipient (announce's, on the outbox,
    // which the commit wakes) and the build DONE, its finished_at when the work ended
    // (clock_timestamp, not the transaction's start). Timed out or deleted meanwhile: FAILED (or
    // nothing) stays, and nothing of this transaction does.
    const event = importSbomEvent(build, buildId, {
      status: 'DONE',
      build_id: buildId,
      component_count: build.component_count,
      vulnerability_count: vulnerabilityCount,
    });
    const done = await tx.query(
      `WITH recipients AS (${EVENT_RECIPIENTS}),
            announced AS (INSERT INTO outbox (destination, body) SELECT 'events#' || r.id, $5::jsonb FROM recipients r)
       UPDATE application_builds SET status = 'DONE', vulnerability_count = $4, finished_at = clock_timestamp()
        WHERE id = $3 AND status = 'PROCESSING'
       RETURNING id, pg_notify('${OUTBOX_CHANNEL}', '')`,
      [build.organization_id, build.process_id, buildId, vulnerabilityCount, JSON.stringify(event)],
    );
    if (done.length === 0) throw new Error(TIMED_OUT);
  });
  context.notify();
}

/**
 * The tree is placed when the build is stored; a build stored by an older version (and left
 * PENDING by a stop) is placed here (such a build has no level at all: its first component tells).
 */
async function placeUnplaced(tx: Queryable, buildId: string, rootRef: string | null): Promise<void> {
  const [unplaced] = await tx.query('SELECT 1 FROM sbom_components WHERE build_id = $1 AND position = 0 AND level IS NULL', [buildId]);
  if (!unplaced) return;
  const refs = (await tx.query<{ bom_ref: string }>('SELECT bom_ref FROM sbom_components WHERE build_id = $1 ORDER BY position', [buildId])).map(
    (row) => row.bom_ref,
  );
  const edges = await tx.query<{ ref: string; depends_on: string }>('SELECT ref, depends_on FROM sbom_dependencies WHERE build_id = $1', [buildId]);
  const tree = spanningTree(refs, edges.map((edge) => [edge.ref, edge.depends_on] as const), rootRef === null ? -1 : refs.indexOf(rootRef));
  await tx.query(
    `UPDATE sbom_components c SET parent = NULLIF(t.parent, -1), level = t.level
       FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS t(parent, level, n)
      WHERE c.build_id = $1 AND c.position = t.n - 1`,
    [buildId, Array.from(tree.parent), Array.from(tree.level)],
  );
}

/** Runs builds in the background, one at a time, and lets close wait for the one running. */
export class BuildQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  constructor(private readonly context: ProcessingContext) {}

  private readonly queued = new Set<string>();

  /** Queues a build once (a second call for the same build is ignored), with what its upload knows of it. */
  enqueue(buildId: string, known?: StoredComponents): void {
    if (this.queued.has(buildId)) return;
    this.queued.add(buildId);
    this.pending += 1;
    this.tail = this.tail
      .then(() => processBuild(this.context, buildId, known))
      .catch((error: unknown) => this.context.log.error({ err: error, buildId }, 'SBOM processing failed'))
      .finally(() => {
        this.queued.delete(buildId);
        this.pending -= 1;
      });
  }

  /** Resolves once every build queued so far is processed. */
  idle(): Promise<void> {
    return this.tail;
  }

  get size(): number {
    return this.pending;
  }
}
