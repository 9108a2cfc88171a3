// What the evaluators share: the severity order of both finding models, the security finding
// categories of each source, a reason for an SBOM finding and for a security finding, and the
// evaluator's signature — a check (its scope and parameters) and the process's facts in, a status
// with its reasons out.
import type { ComplianceCheckKind, ComplianceFindingSource, ComplianceParams, ComplianceScope, FindingCategory } from '@portal/shared/server';
import type { ApplicationFact, Facts, SbomFindingFact, SecurityFindingFact } from '../facts';
import { daysBetween, links, type Evaluation, type StoredReason } from '../reasons';

/** What an evaluator is given of a check. */
export interface CheckToEvaluate<K extends ComplianceCheckKind = ComplianceCheckKind> {
  requirement_id: string;
  kind: K;
  scope: ComplianceScope;
  params: ComplianceParams[K];
}

export type Evaluator<K extends ComplianceCheckKind> = (check: CheckToEvaluate<K>, facts: Facts) => Promise<Evaluation>;

/** Most severe first: critical 4 … low 1; none, unknown and info 0 (never at or above a threshold). */
const RANKS: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };
export const severityRank = (severity: string): number => RANKS[severity.toLowerCase()] ?? 0;

/** The security finding categories of each source (as the metric open_findings groups them). */
export const SOURCE_CATEGORIES: Record<Exclude<ComplianceFindingSource, 'sbom'>, readonly FindingCategory[]> = {
  sast: ['sast', 'secret'],
  iac: ['iac', 'container'],
  cloud: ['cloud-posture', 'cloud-threat'],
};

export const SOURCE_NAMES: Record<ComplianceFindingSource, string> = { sbom: 'SBOM', sast: 'SAST', iac: 'IaC', cloud: 'cloud' };

/** The categories of the sources other than the SBOM. */
export function categoriesOf(sources: readonly ComplianceFindingSource[]): Set<FindingCategory> {
  return new Set(sources.flatMap((source) => (source === 'sbom' ? [] : SOURCE_CATEGORIES[source])));
}

const age = (since: Date, now: Date) => {
  const days = daysBetween(since, now);
  return days === 1 ? '1 day' : `${days} days`;
};

export function sbomReason(finding: SbomFindingFact, app: ApplicationFact, now: Date): StoredReason {
  return {
    kind: 'vulnerability',
    id: finding.id,
    label: `${finding.vulnerability_id} in ${finding.component} of ${app.app_key} (${finding.severity}, ${age(finding.identified_at, now)})`,
    link: links.buildView(app.app_key, finding.build_id, 'findings'),
  };
}

export function securityReason(finding: SecurityFindingFact, now: Date, kind: 'finding' | 'resource' = 'finding'): StoredReason {
  return {
    kind,
    id: finding.id,
    label: `${finding.title} in ${finding.resource ?? finding.scope} (${finding.severity}, ${age(finding.first_seen, now)})`,
    link: links.finding(finding.category, finding.id),
    category: finding.category,
    provider: finding.provider,
  };
}

/** Most severe first, then the oldest. */
export function bySeverityAndAge<T extends { severity: string; since: Date }>(a: T, b: T): number {
  return severityRank(b.severity) - severityRank(a.severity) || a.since.getTime() - b.since.getTime();
}
