// Processing a stored build in the background (issue 7 item 3): PENDING → PROCESSING → DONE (or
// FAILED): the components (placed in their tree when stored) are matched against the
// vulnerability database, analyses carry over from the app's previous build, license-risk
// alerts are raised, and an 'Import SBOM' event (events.ts) tells the members who may view the app
// of each state — PROCESSING when claimed, DONE in the transaction that marks it so, or FAILED. A build not done within 15 minutes fails. The upload hands over what it
// knows of the components (their purls, their license declarations) when its process runs the
// job (build-jobs.ts); otherwise processing reads them back. Each claim is its own: a build claimed
// again after its process died is finished by the new claim only.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { matchComponents } from '../vulnerabilities/index';
import {
  buildContext,
  claimBuild,
  componentRefsOf,
  dependencyEdgesOf,
  insertFindings,
  isUnplaced,
  markBuildDone,
  markBuildFailed,
  placeComponents,
  readPurls,
  type BuildContext,
  type ClaimedBuild,
} from './processing.repository';
import { announceBuild, buildAudience, buildStateEvent } from './events';
import type { StoredComponents } from './store.repository';
import { spanningTree } from './tree';

/** The SBOM ingestion timeout of the release notes (spec 9). */
export const INGESTION_TIMEOUT_MS = 15 * 60 * 1000;
export const TIMED_OUT = 'The SBOM was not processed within 15 minutes.';

const CHUNK = 5_000;

export type { BuildContext };

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
  /** The ingestion timeout (default INGESTION_TIMEOUT_MS): a build fails after it, and a build PROCESSING longer is claimed again. */
  timeoutMs?: number;
}

/**
 * Derives the tree and the findings of a stored build. Resolves when the build is DONE or FAILED.
 * `known`: what the upload hands over of its components (without it, they are read back).
 */
export async function processBuild(context: ProcessingContext, buildId: string, known?: StoredComponents): Promise<void> {
  const { database } = context;
  const timeoutMs = context.timeoutMs ?? INGESTION_TIMEOUT_MS;
  // Claimed, with what processing needs to know of its app, in one statement; its screens told.
  const build = await database.transaction(async (tx) => {
    const claimed = await claimBuild(tx, buildId, timeoutMs);
    if (claimed) await announceBuild(tx, claimed, buildId, { status: 'PROCESSING' });
    return claimed;
  });
  if (!build) return;
  context.notify();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(TIMED_OUT)), timeoutMs);
    timer.unref?.();
  });
  try {
    await Promise.race([derive(context, buildId, build, known), timeout]);
  } catch (error) {
    const message = error instanceof Error && error.message === TIMED_OUT ? TIMED_OUT : 'The SBOM could not be processed.';
    context.log.error({ err: error, buildId }, 'SBOM processing failed');
    try {
      await database.transaction(async (tx) => {
        const failed = await markBuildFailed(tx, buildId, build.claim, message);
        const current = failed ? await buildContext(tx, buildId) : undefined;
        if (current) await announceBuild(tx, current, buildId, { status: 'FAILED', error: message });
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

async function derive(context: ProcessingContext, buildId: string, build: ClaimedBuild, known: StoredComponents | undefined): Promise<void> {
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
      await insertFindings(tx, buildId, slice, slicePositions, identifiedIn);
    }
    await context.followUps.carryOver(tx, previous, buildId);
    const vulnerabilityCount = new Set(found.map((finding) => finding.vulnerabilityId)).size;
    await context.followUps.raiseLicenseAlerts(tx, build, buildId, build.number, previous?.id ?? null, known?.declarations);
    // Last, in one statement: the Import SBOM event to each of its audience (on the outbox, which
    // the commit wakes) and the build DONE, its finished_at when the work ended (clock_timestamp,
    // not the transaction's start). Timed out, deleted or claimed again meanwhile: FAILED (or nothing, or the other claim) stays, and
    // nothing of this transaction does.
    const event = buildStateEvent(build, buildId, { status: 'DONE', vulnerability_count: vulnerabilityCount });
    const done = await markBuildDone(tx, await buildAudience(tx, build), { id: buildId, claim: build.claim }, vulnerabilityCount, event);
    if (!done) throw new Error(TIMED_OUT);
  });
  context.notify();
}

/**
 * The tree is placed when the build is stored; a build stored by an older version (and left
 * PENDING by a stop) is placed here (such a build has no level at all: its first component tells).
 */
async function placeUnplaced(tx: Queryable, buildId: string, rootRef: string | null): Promise<void> {
  if (!(await isUnplaced(tx, buildId))) return;
  const refs = await componentRefsOf(tx, buildId);
  const edges = await dependencyEdgesOf(tx, buildId);
  const tree = spanningTree(refs, edges.map((edge) => [edge.ref, edge.depends_on] as const), rootRef === null ? -1 : refs.indexOf(rootRef));
  await placeComponents(tx, buildId, Array.from(tree.parent), Array.from(tree.level));
}
