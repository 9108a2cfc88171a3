// Analyses carry over to the next build of an app (issue 7 item 8): when a build is processed,
// each of its findings whose component (same purl; without one, same group, name and version) and
// vulnerability were analysed in the app's previous DONE build gets that analysis, its trail and a
// trail entry saying where it came from. The same match gives identified_build_id: the build in
// which that component was first found affected by the vulnerability.
import type { Queryable } from '../db/database';
import { COMPONENT_KEY } from './repository';

export interface PreviousBuild {
  id: string;
  number: number;
  /** Whether any of its findings has an analysis (nothing to carry over otherwise). */
  analysed: boolean;
}

export interface CarryOverResult {
  previous: PreviousBuild | null;
  carried: number;
}

/** The app's DONE build before `buildId`: the one whose findings and analyses carry over. */
export async function previousBuild(tx: Queryable, applicationId: string, buildId: string): Promise<PreviousBuild | null> {
  const [previous] = await tx.query<PreviousBuild>(
    `SELECT b.id, b.number, EXISTS (SELECT 1 FROM vex_analyses v WHERE v.build_id = b.id) AS analysed
       FROM application_builds b
      WHERE b.application_id = $1 AND b.status = 'DONE' AND b.number < (SELECT number FROM application_builds WHERE id = $2)
      ORDER BY b.number DESC LIMIT 1`,
    [applicationId, buildId],
  );
  return previous ?? null;
}

/**
 * For the findings of a build being processed, the build in which each was first identified,
 * computed before they are stored (one read of the previous build's findings, not an UPDATE of the
 * new ones): a finding whose component key and vulnerability the previous build had keeps that
 * one's identified build; any other was first identified in `buildId`. A component listed twice in
 * the previous build answers for its latest analysed finding, as the carry-over below picks it.
 */
export async function identifiedBuilds(tx: Queryable, previous: PreviousBuild | null, buildId: string): Promise<(key: string, vulnerabilityId: string) => string> {
  if (!previous) return () => buildId;
  const rows = await tx.query<{ key: string; vulnerability_id: string; identified_build_id: string | null }>(
    `SELECT ${COMPONENT_KEY('c')} AS key, o.vulnerability_id, o.identified_build_id
       FROM build_findings o JOIN sbom_components c ON c.build_id = o.build_id AND c.position = o.position
       LEFT JOIN vex_analyses a ON a.build_id = o.build_id AND a.position = o.position AND a.vulnerability_id = o.vulnerability_id
      WHERE o.build_id = $1
      ORDER BY a.updated_at DESC NULLS LAST, o.position`,
    [previous.id],
  );
  const identified = new Map<string, string>();
  for (const row of rows) {
    const key = `${row.key}\u0000${row.vulnerability_id}`;
    if (!identified.has(key)) identified.set(key, row.identified_build_id ?? previous.id);
  }
  return (key, vulnerabilityId) => identified.get(`${key}\u0000${vulnerabilityId}`) ?? buildId;
}

/**
 * Inside the transaction that stores the findings of `buildId` (PROCESSING), once they are stored:
 * the analyses of the previous build's matching findings, with their trails.
 */
export async function carryOver(tx: Queryable, previous: PreviousBuild | null, buildId: string): Promise<CarryOverResult> {
  if (!previous?.analysed) return { previous, carried: 0 };
  // The findings of both builds with their components' keys: only those rows (a few per build) are
  // joined, never the builds' whole component lists.
  const MATCHED = `
    WITH fresh AS (
      SELECT f.position, f.vulnerability_id, ${COMPONENT_KEY('c')} AS key
        FROM build_findings f JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
       WHERE f.build_id = $1
    ), old AS (
      SELECT o.position, o.vulnerability_id, ${COMPONENT_KEY('c')} AS key, a.updated_at
        FROM build_findings o JOIN sbom_components c ON c.build_id = o.build_id AND c.position = o.position
        LEFT JOIN vex_analyses a ON a.build_id = o.build_id AND a.position = o.position AND a.vulnerability_id = o.vulnerability_id
       WHERE o.build_id = $2
    ), matched AS (
      -- A component listed twice in the previous build gives its latest analysis.
      SELECT DISTINCT ON (n.position, n.vulnerability_id) n.position, n.vulnerability_id, o.position AS old_position
        FROM fresh n JOIN old o ON o.key = n.key AND o.vulnerability_id = n.vulnerability_id
       ORDER BY n.position, n.vulnerability_id, o.updated_at DESC NULLS LAST, o.position
    )`;
  const carried = await tx.query<{ position: number }>(
    `${MATCHED}
     INSERT INTO vex_analyses (build_id, position, vulnerability_id, state, justification, response, detail, source, carried_from,
                               first_issued, updated_at, updated_by)
     SELECT $1, m.position, m.vulnerability_id, a.state, a.justification, a.response, a.detail, 'carried-over', $2,
            a.first_issued, a.updated_at, a.updated_by
       FROM matched m JOIN vex_analyses a ON a.build_id = $2 AND a.position = m.old_position AND a.vulnerability_id = m.vulnerability_id
     ON CONFLICT DO NOTHING
     RETURNING position`,
    [buildId, previous.id],
  );
  if (carried.length > 0) {
    await tx.query(
      `${MATCHED}
       INSERT INTO vex_analysis_trail (build_id, position, vulnerability_id, at, actor_id, actor_login, source, state, justification, response, detail, comment)
       SELECT $1, m.position, m.vulnerability_id, t.at, t.actor_id, t.actor_login, t.source, t.state, t.justification, t.response, t.detail, t.comment
         FROM matched m
         JOIN vex_analyses a ON a.build_id = $1 AND a.position = m.position AND a.vulnerability_id = m.vulnerability_id AND a.carried_from = $2
         JOIN vex_analysis_trail t ON t.build_id = $2 AND t.position = m.old_position AND t.vulnerability_id = m.vulnerability_id
        ORDER BY m.position, m.vulnerability_id, t.at, t.seq`,
      [buildId, previous.id],
    );
    await tx.query(
      `INSERT INTO vex_analysis_trail (build_id, position, vulnerability_id, source, state, justification, response, detail, comment)
       SELECT a.build_id, a.position, a.vulnerability_id, 'carried-over', a.state, a.justification, a.response, a.detail, $3
         FROM vex_analyses a WHERE a.build_id = $1 AND a.carried_from = $2`,
      [buildId, previous.id, `Carried over from build ${previous.number}.`],
    );
  }
  return { previous, carried: carried.length };
}
