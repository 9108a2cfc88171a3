// What open-findings and active-exploit share: the open findings of a check's sources in its scope
// that a test accepts — an application's current build's SBOM findings, the security findings of
// the scanners and clouds — and the three answers drawn from them (not evaluated when nothing in
// scope was scanned by those sources, passing when none is accepted, failing with the most severe
// and oldest first as reasons).
import { COMPLIANCE_LIMITS, type ComplianceFindingSource, type ComplianceScope } from '@portal/shared/server';
import type { Facts, SbomFindingFact, SecurityFindingFact } from '../facts';
import { listed, plural, type Evaluation, type StoredReason } from '../reasons';
import { applicationsIn, findingScopeTest, holdsApplications, scopeWords } from '../scope';
import { bySeverityAndAge, categoriesOf, collect, sbomIndex, sbomReason, securityIndex, securityReason, SOURCE_NAMES } from './common';

const LIMIT = COMPLIANCE_LIMITS.reasons;

export interface OpenFindingsQuery {
  scope: ComplianceScope;
  sources: readonly ComplianceFindingSource[];
  /** Accepts an SBOM finding (found `since`, ms). */
  sbom: (finding: SbomFindingFact, since: number) => boolean;
  /** Accepts a security finding of the sources' categories (first seen `since`, ms). */
  security: (finding: SecurityFindingFact, since: number) => boolean;
  /** Only findings at or above this rank (severityRank). */
  minRank?: number;
}

export interface OpenFindings {
  /** Anything in scope scanned by the sources: an application with a processed SBOM, scanner results imported. */
  scanned: boolean;
  /** The scope names applications and none matches. */
  noApplication: boolean;
  total: number;
  /** The first accepted, most severe and oldest first. */
  reasons: StoredReason[];
}

export async function openFindingsIn(query: OpenFindingsQuery, facts: Facts): Promise<OpenFindings> {
  const { scope, sources, minRank = 0 } = query;
  const applications = await facts.applications();
  const inScope = applicationsIn(scope, applications);
  const found: Array<{ severity: string; since: Date; reason: StoredReason }> = [];
  let total = 0;
  let scanned = false;

  if (sources.includes('sbom') && holdsApplications(scope)) {
    const byId = new Map(inScope.filter((app) => app.build !== null).map((app) => [app.id, app]));
    if (byId.size > 0) scanned = true;
    // Every SBOM finding is of an application's current build: in a process scope every finding is
    // in scope, in another the keys hold the findings to the scope's applications.
    const keys = scope.kind === 'process' ? null : byId.keys();
    const matches = collect(sbomIndex(await facts.sbomFindings()), keys, query.sbom, LIMIT, minRank);
    total += matches.total;
    for (const finding of matches.first) {
      // (An application added after the applications were read has no name to show yet.)
      const app = byId.get(finding.application_id);
      if (app) found.push({ severity: finding.severity, since: finding.identified_at, reason: sbomReason(finding, app, facts.now) });
    }
  }

  const categories = categoriesOf(sources);
  if (categories.size > 0) {
    const inScopeTest = findingScopeTest(scope, applications);
    if ((await facts.findingScopes()).some((imported) => inScopeTest(imported.scope))) scanned = true;
    const index = securityIndex(await facts.securityFindings());
    const keys = scope.kind === 'process' ? null : [...index.byKey.keys()].filter(inScopeTest);
    const matches = collect(index, keys, (finding, since) => categories.has(finding.category) && query.security(finding, since), LIMIT, minRank);
    total += matches.total;
    for (const finding of matches.first) found.push({ severity: finding.severity, since: finding.first_seen, reason: securityReason(finding, facts.now) });
  }

  found.sort(bySeverityAndAge);
  return { scanned, noApplication: scope.kind === 'applications' && inScope.length === 0, total, reasons: found.slice(0, LIMIT).map((item) => item.reason) };
}

/** The evaluation of open findings: `criterion` ends the summary's "open … finding" ("with an active exploit", "at or above high …"). */
export function openFindingsEvaluation(scope: ComplianceScope, sources: readonly ComplianceFindingSource[], criterion: string, open: OpenFindings): Evaluation {
  const what = `${listed(sources.map((source) => SOURCE_NAMES[source]))} finding`;
  if (!open.scanned) {
    return {
      status: 'not_evaluated',
      summary: open.noApplication ? `No application matches ${scopeWords(scope)}.` : `Nothing in ${scopeWords(scope)} was scanned for ${what}s yet.`,
      reasons: [],
    };
  }
  if (open.total === 0) return { status: 'passing', summary: `No open ${what} ${criterion} in ${scopeWords(scope)}.`, reasons: [] };
  return { status: 'failing', summary: `${plural(open.total, `open ${what}`)} ${criterion} in ${scopeWords(scope)}.`, reasons: open.reasons, reasonTotal: open.total };
}
