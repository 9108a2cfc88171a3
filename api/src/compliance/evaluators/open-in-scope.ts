// What open-findings and active-exploit share: the open findings of a check's sources in its scope
// that a test accepts — an application's current build's SBOM findings, the security findings of
// the scanners and clouds — and the three answers drawn from them (not evaluated when nothing in
// scope was scanned by those sources, passing when none is accepted, failing with the most severe
// and oldest first as reasons). Scanned is per source: an import into the scope scanned it for the
// categories of its runs and findings only (SAST: sast, secret; IaC: iac, container; cloud:
// cloud-posture, cloud-threat), so an IaC import does not make a SAST check evaluated; a source
// asked that scanned nothing is named in the summary of an answer drawn from the others.
import { COMPLIANCE_LIMITS, type ComplianceFindingSource, type ComplianceScope } from '@portal/shared/server';
import type { Facts, SbomFindingFact, SecurityFindingFact } from '../facts';
import { listed, plural, type Evaluation, type StoredReason } from '../reasons';
import { applicationsIn, findingScopeTest, holdsApplications, scopeWords } from '../scope';
import { bySeverityAndAge, categoriesOf, collect, sbomIndex, sbomReason, securityIndex, securityReason, SOURCE_CATEGORIES, SOURCE_NAMES } from './common';

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
  /** The sources asked that scanned nothing in scope (an import of IaC results does not scan for SAST). */
  unscanned: ComplianceFindingSource[];
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
  const scanned = new Set<ComplianceFindingSource>();

  if (sources.includes('sbom') && holdsApplications(scope)) {
    const byId = new Map(inScope.filter((app) => app.build !== null).map((app) => [app.id, app]));
    if (byId.size > 0) scanned.add('sbom');
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
    for (const imported of await facts.findingScopes()) {
      if (!inScopeTest(imported.scope)) continue;
      for (const source of sources) if (source !== 'sbom' && SOURCE_CATEGORIES[source].some((category) => imported.categories.includes(category))) scanned.add(source);
    }
    const index = securityIndex(await facts.securityFindings());
    const keys = scope.kind === 'process' ? null : [...index.byKey.keys()].filter(inScopeTest);
    const matches = collect(index, keys, (finding, since) => categories.has(finding.category) && query.security(finding, since), LIMIT, minRank);
    total += matches.total;
    for (const finding of matches.first) found.push({ severity: finding.severity, since: finding.first_seen, reason: securityReason(finding, facts.now) });
  }

  found.sort(bySeverityAndAge);
  return {
    scanned: scanned.size > 0,
    unscanned: sources.filter((source) => !scanned.has(source)),
    noApplication: scope.kind === 'applications' && inScope.length === 0,
    total,
    reasons: found.slice(0, LIMIT).map((item) => item.reason),
  };
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
  // Some sources asked scanned nothing in scope: the answer is of the others, and says so.
  const unscanned = open.unscanned.length === 0 ? '' : ` Nothing was scanned for ${listed(open.unscanned.map((source) => SOURCE_NAMES[source]))} findings yet.`;
  if (open.total === 0) return { status: 'passing', summary: `No open ${what} ${criterion} in ${scopeWords(scope)}.${unscanned}`, reasons: [] };
  return { status: 'failing', summary: `${plural(open.total, `open ${what}`)} ${criterion} in ${scopeWords(scope)}.${unscanned}`, reasons: open.reasons, reasonTotal: open.total };
}
