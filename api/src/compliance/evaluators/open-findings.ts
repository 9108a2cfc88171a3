// open-findings: no open finding at or above a severity first seen more than N days ago, from the
// sources asked (SBOM, SAST, IaC, cloud). Open is what the metric open_findings counts: an SBOM
// finding of an application's current build without a VEX analysis of not_affected or
// false_positive; a security finding open or confirmed (a false positive, an accepted risk, a fix or
// a tool's suppression is not). An SBOM finding's age runs from the upload of the build that first
// found it in the application. Not evaluated when nothing in scope was scanned by those sources: no
// application in scope has a processed SBOM, and no scanner results were imported into the scope.
import { COMPLIANCE_LIMITS } from '@portal/shared/server';
import { listed, plural, DAY_MS, type StoredReason } from '../reasons';
import { applicationsIn, findingScopeTest, holdsApplications, scopeWords } from '../scope';
import { bySeverityAndAge, categoriesOf, collect, sbomIndex, sbomReason, securityIndex, securityReason, severityRank, SOURCE_NAMES, type Evaluator } from './common';

const LIMIT = COMPLIANCE_LIMITS.reasons;

export const evaluateOpenFindings: Evaluator<'open-findings'> = async (check, facts) => {
  const { sources, severity, older_than_days: days } = check.params;
  const threshold = severityRank(severity);
  const cutoff = facts.now.getTime() - days * DAY_MS;
  const applications = await facts.applications();
  const inScope = applicationsIn(check.scope, applications);
  const found: Array<{ severity: string; since: Date; reason: StoredReason }> = [];
  let total = 0;
  let scanned = false;

  if (sources.includes('sbom') && holdsApplications(check.scope)) {
    const byId = new Map(inScope.filter((app) => app.build !== null).map((app) => [app.id, app]));
    if (byId.size > 0) scanned = true;
    const keys = check.scope.kind === 'process' ? null : byId.keys();
    const matches = collect(sbomIndex(await facts.sbomFindings()), keys, (finding, since) => since <= cutoff && byId.has(finding.application_id), LIMIT, threshold);
    total += matches.total;
    for (const finding of matches.first) found.push({ severity: finding.severity, since: finding.identified_at, reason: sbomReason(finding, byId.get(finding.application_id)!, facts.now) });
  }

  const categories = categoriesOf(sources);
  if (categories.size > 0) {
    const inScopeTest = findingScopeTest(check.scope, applications);
    if ((await facts.findingScopes()).some((imported) => inScopeTest(imported.scope))) scanned = true;
    const index = securityIndex(await facts.securityFindings());
    const keys = check.scope.kind === 'process' ? null : [...index.byKey.keys()].filter(inScopeTest);
    const matches = collect(index, keys, (finding, since) => since <= cutoff && categories.has(finding.category), LIMIT, threshold);
    total += matches.total;
    for (const finding of matches.first) found.push({ severity: finding.severity, since: finding.first_seen, reason: securityReason(finding, facts.now) });
  }

  const what = `${listed(sources.map((source) => SOURCE_NAMES[source]))} finding`;
  const criterion = `at or above ${severity}${days > 0 ? ` first seen more than ${plural(days, 'day')} ago` : ''}`;
  if (!scanned) {
    const empty = check.scope.kind === 'applications' && inScope.length === 0;
    return {
      status: 'not_evaluated',
      summary: empty ? `No application matches ${scopeWords(check.scope)}.` : `Nothing in ${scopeWords(check.scope)} was scanned for ${what}s yet.`,
      reasons: [],
    };
  }
  if (total === 0) return { status: 'passing', summary: `No open ${what} ${criterion} in ${scopeWords(check.scope)}.`, reasons: [] };
  found.sort(bySeverityAndAge);
  return {
    status: 'failing',
    summary: `${plural(total, `open ${what}`)} ${criterion} in ${scopeWords(check.scope)}.`,
    reasons: found.slice(0, LIMIT).map((item) => item.reason),
    reasonTotal: total,
  };
};
