// SQL of processing a stored build (processing.ts): claiming it, reading what matching needs,
// writing its findings, and marking it DONE (with its Import SBOM event) or FAILED.
import type { Queryable } from '../db/database';
import { OUTBOX_CHANNEL } from '../realtime/outbox.repository';
import type { Finding } from '../vulnerabilities/index';

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

/** What processing and its event need to know of a build and its app. */
export async function buildContext(db: Queryable, buildId: string): Promise<BuildContext | undefined> {
  const [row] = await db.query<BuildContext>(
    `SELECT ${CONTEXT_COLUMNS}
       FROM application_builds b JOIN applications a ON a.id = b.application_id JOIN processes p ON p.id = a.process_id
      WHERE b.id = $1`,
    [buildId],
  );
  return row;
}

/** A claimed build: its context, and its claim (the started_at it was claimed with, as text to the microsecond). */
export interface ClaimedBuild extends BuildContext {
  claim: string;
}

/**
 * Claims a build (PROCESSING, started now) with what processing needs to know of its app: a
 * PENDING one, or one PROCESSING for longer than `timeoutMs` — its process died (a live one marks
 * it FAILED at the timeout). Undefined when neither (DONE, FAILED, or processing elsewhere).
 */
export async function claimBuild(db: Queryable, buildId: string, timeoutMs: number): Promise<ClaimedBuild | undefined> {
  const [build] = await db.query<ClaimedBuild>(
    `UPDATE application_builds b SET status = 'PROCESSING', started_at = now()
       FROM applications a JOIN processes p ON p.id = a.process_id
      WHERE b.id = $1 AND a.id = b.application_id
        AND (b.status = 'PENDING' OR (b.status = 'PROCESSING' AND b.started_at < now() - make_interval(secs => $2::double precision / 1000)))
      RETURNING ${CONTEXT_COLUMNS}, b.started_at::text AS claim`,
    [buildId, timeoutMs],
  );
  return build;
}

/** Marks the build FAILED with `message` if it is still PROCESSING under `claim`; false otherwise (claimed again by another process, or done). */
export async function markBuildFailed(tx: Queryable, buildId: string, claim: string, message: string): Promise<boolean> {
  const failed = await tx.query(
    `UPDATE application_builds SET status = 'FAILED', error = $3, finished_at = clock_timestamp()
            WHERE id = $1 AND status = 'PROCESSING' AND started_at = $2::timestamptz RETURNING id`,
    [buildId, claim, message],
  );
  return failed.length > 0;
}

export /** The components with a purl of a stored build: two arrays, not a row per component (a third of the time in the embedded database). */
async function readPurls(db: Queryable, buildId: string): Promise<{ positions: number[]; purls: string[] }> {
  const [components] = await db.query<{ positions: number[] | null; purls: string[] | null }>(
    'SELECT array_agg(position) AS positions, array_agg(purl) AS purls FROM sbom_components WHERE build_id = $1 AND purl IS NOT NULL',
    [buildId],
  );
  return { positions: components?.positions ?? [], purls: components?.purls ?? [] };
}

/** Writes a chunk of findings of the build at their components' positions, each with the build it was first identified in. */
export async function insertFindings(
  tx: Queryable,
  buildId: string,
  slice: readonly Finding[],
  slicePositions: readonly number[],
  identifiedIn: (key: string, vulnerabilityId: string) => string,
): Promise<void> {
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

/**
 * In one statement: the Import SBOM event `event` to each of `recipients` (on the outbox, which the
 * commit wakes) and the build DONE with its count, finished when the work ended. False when the
 * build was no longer PROCESSING under `claim` (timed out, deleted or claimed again meanwhile):
 * the caller rolls back, so a build is stored once however many jobs ran for it.
 */
export async function markBuildDone(
  tx: Queryable,
  recipients: readonly string[],
  build: { id: string; claim: string },
  vulnerabilityCount: number,
  event: unknown,
): Promise<boolean> {
  const done = await tx.query(
    `WITH announced AS (INSERT INTO outbox (destination, body) SELECT 'events#' || r.id, $5::jsonb FROM unnest($1::text[]) AS r(id))
       UPDATE application_builds SET status = 'DONE', vulnerability_count = $4, finished_at = clock_timestamp()
        WHERE id = $2 AND status = 'PROCESSING' AND started_at = $3::timestamptz
       RETURNING id, pg_notify('${OUTBOX_CHANNEL}', '')`,
    [recipients, build.id, build.claim, vulnerabilityCount, JSON.stringify(event)],
  );
  return done.length > 0;
}

/** Whether the build's tree was never placed (its first component has no level). */
export async function isUnplaced(tx: Queryable, buildId: string): Promise<boolean> {
  const [unplaced] = await tx.query('SELECT 1 FROM sbom_components WHERE build_id = $1 AND position = 0 AND level IS NULL', [buildId]);
  return Boolean(unplaced);
}

/** The bom_refs of the build's components, in position order. */
export async function componentRefsOf(tx: Queryable, buildId: string): Promise<string[]> {
  return (await tx.query<{ bom_ref: string }>('SELECT bom_ref FROM sbom_components WHERE build_id = $1 ORDER BY position', [buildId])).map(
    (row) => row.bom_ref,
  );
}

/** The build's dependency edges. */
export async function dependencyEdgesOf(tx: Queryable, buildId: string): Promise<Array<{ ref: string; depends_on: string }>> {
  return tx.query<{ ref: string; depends_on: string }>('SELECT ref, depends_on FROM sbom_dependencies WHERE build_id = $1', [buildId]);
}

/** Places the build's components in the tree: each one's parent (-1: none) and level, by position. */
export async function placeComponents(tx: Queryable, buildId: string, parent: readonly number[], level: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE sbom_components c SET parent = NULLIF(t.parent, -1), level = t.level
       FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS t(parent, level, n)
      WHERE c.build_id = $1 AND c.position = t.n - 1`,
    [buildId, parent, level],
  );
}

/**
 * Builds a stopped server left PENDING or PROCESSING are PENDING again; resolves to their ids. For
 * the embedded database only: its one process holds the data directory, so no build is being
 * processed elsewhere.
 */
export async function requeueUnfinishedBuilds(db: Queryable): Promise<Array<{ id: string }>> {
  return db.query<{ id: string }>(
    `UPDATE application_builds SET status = 'PENDING' WHERE status IN ('PENDING', 'PROCESSING') RETURNING id`,
  );
}

/**
 * Builds waiting for a job, on a server several processes share: PENDING ones, and those
 * PROCESSING for longer than `timeoutMs` (their process died). A build PROCESSING within its time
 * is another process's, left alone.
 */
export async function waitingBuilds(db: Queryable, timeoutMs: number): Promise<Array<{ id: string }>> {
  return db.query<{ id: string }>(
    `SELECT id FROM application_builds
      WHERE status = 'PENDING' OR (status = 'PROCESSING' AND started_at < now() - make_interval(secs => $1::double precision / 1000))`,
    [timeoutMs],
  );
}
