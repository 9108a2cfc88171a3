// What the VEX routes ask of the family: a page of a build's findings with the count per state,
// the findings a path names, one finding's detail (advisory and trail), a user's analysis of a
// finding, and the build's VEX document. (Importing a VEX is import.ts.)
import type { Advisory, BuildVulnerabilityDetail, BuildVulnerabilityPage, BuildVulnerabilityQuery } from '@portal/shared/server';
import type { BuildRecord } from '../apps/index';
import type { Queryable } from '../db/database';
import { findVulnerability } from '../vulnerabilities/index';
import { analysisChange } from './analysis';
import { vexDocument } from './export';
import {
  allFindings,
  buildVulnerabilityView,
  contentOf,
  countByState,
  findFindings,
  findingTrail,
  queryFindings,
  recordAnalysis,
  rootComponentOf,
  type FindingRow,
} from './repository';

export type { FindingRow };

/** A page of the build's findings as `query` asks, with the count of every analysis state. */
export async function findingPage(db: Queryable, buildId: string, query: Required<Pick<BuildVulnerabilityQuery, 'offset' | 'limit'>> & BuildVulnerabilityQuery): Promise<BuildVulnerabilityPage> {
  const { rows, total } = await queryFindings(db, buildId, query);
  const counts = await countByState(db, buildId);
  const byState = Object.fromEntries(
    ['not_set', 'in_triage', 'exploitable', 'resolved', 'resolved_with_pedigree', 'false_positive', 'not_affected'].map((state) => [state, counts[state] ?? 0]),
  ) as BuildVulnerabilityPage['by_state'];
  return { items: rows.map(buildVulnerabilityView), total, by_state: byState };
}

/** The build's findings of the advisory `vulnId` (by id or alias), on the component `bomRef` when given. */
export function findingsNamed(db: Queryable, buildId: string, vulnId: string, bomRef?: string): Promise<FindingRow[]> {
  return findFindings(db, buildId, vulnId, bomRef);
}

/** One finding with its advisory and the trail of its analyses. */
export async function findingDetail(db: Queryable, row: FindingRow): Promise<BuildVulnerabilityDetail> {
  return { ...buildVulnerabilityView(row), advisory: ((await findVulnerability(db, row.vulnerability_id)) as Advisory | undefined) ?? null, trail: await findingTrail(db, row) };
}

/** Applies a user's analysis (the request body) to the finding in `tx`; nothing is recorded when it changes nothing and says nothing. */
export async function analyseFinding(tx: Queryable, finding: FindingRow, body: unknown, user: { id: string; login_id: string }): Promise<void> {
  const change = analysisChange(body, contentOf(finding));
  if (change.changed || change.comment !== null) {
    await recordAnalysis(tx, finding, change.next, { id: user.id, login_id: user.login_id }, 'user', change.comment, change.changed);
  }
}

/** The build's VEX: every finding with its analysis, about the build's root component. */
export async function buildVex(db: Queryable, appKey: string, build: BuildRecord): Promise<Record<string, unknown>> {
  const root = build.root_ref ? await rootComponentOf(db, build.id, build.root_ref) : undefined;
  return vexDocument(appKey, build, root ?? null, await allFindings(db, build.id));
}
