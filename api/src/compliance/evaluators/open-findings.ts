// open-findings: no open finding at or above a severity first seen more than N days ago, from the
// sources asked (SBOM, SAST, IaC, cloud). Open is what the metric open_findings counts: an SBOM
// finding of an application's current build without a VEX analysis of not_affected or
// false_positive; a security finding open or confirmed (a false positive, an accepted risk, a fix or
// a tool's suppression is not). An SBOM finding's age runs from the upload of the build that first
// found it in the application. Not evaluated when nothing in scope was scanned by those sources: no
// application in scope has a processed SBOM, and no scanner results were imported into the scope.
import { listed, plural, DAY_MS, type StoredReason } from '../reasons';
import { applicationsIn, findingScopeTest, holdsApplications, scopeWords } from '../scope';
import { bySeverityAndAge, categoriesOf, sbomReason, securityReason, severityRank, SOURCE_NAMES, type Evaluator } from './common';

export const evaluateOpenFindings: Evaluator<'open-findings'> = async (check, facts) => {
  const { sources, severity, older_than_days: days } = check.params;
  const threshold = severityRank(severity);
  const cutoff = facts.now.getTime() - days * DAY_MS;
  const applications = await facts.applications();
  const inScope = applicationsIn(check.scope, applications);
  const found: Array<{ severity: string; since: Date; reason: StoredReason }> = [];
  let scanned = false;

  if (sources.includes('sbom') && holdsApplications(check.scope)) {
    const byId = new Map(inScope.filter((app) => app.build !== null).map((app) => [app.id, app]));
    if (byId.size > 0) scanned = true;
    for (const finding of await facts.sbomFindings()) {
      const app = byId.get(finding.application_id);
      if (!app || severityRank(finding.severity) < threshold || finding.identified_at.getTime() > cutoff) continue;
      found.push({ severity: finding.severity, since: finding.identified_at, reason: sbomReason(finding, app, facts.now) });
    }
  }

  const categories = categoriesOf(sources);
  if (categories.size > 0) {
    const inScopeTest = findingScopeTest(check.scope, applications);
    if ((await facts.findingScopes()).some((imported) => inScopeTest(imported.scope))) scanned = true;
    for (const finding of await facts.securityFindings()) {
      if (!categories.has(finding.category) || !inScopeTest(finding.scope)) continue;
      if (severityRank(finding.severity) < threshold || finding.first_seen.getTime() > cutoff) continue;
      found.push({ severity: finding.severity, since: finding.first_seen, reason: securityReason(finding, facts.now) });
    }
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
  if (found.length === 0) return { status: 'passing', summary: `No open ${what} ${criterion} in ${scopeWords(check.scope)}.`, reasons: [] };
  found.sort(bySeverityAndAge);
  return {
    status: 'failing',
    summary: `${plural(found.length, `open ${what}`)} ${criterion} in ${scopeWords(check.scope)}.`,
    reasons: found.map((item) => item.reason),
  };
};
