// open-findings: no open finding at or above a severity first seen more than N days ago, from the
// sources asked (SBOM, SAST, IaC, cloud). Open is what the metric open_findings counts: an SBOM
// finding of an application's current build without a VEX analysis of not_affected or
// false_positive; a security finding open or confirmed (a false positive, an accepted risk, a fix or
// a tool's suppression is not). An SBOM finding's age runs from the upload of the build that first
// found it in the application. Not evaluated when nothing in scope was scanned by those sources: no
// application in scope has a processed SBOM, and no results of the sources' categories were
// imported into the scope (open-in-scope.ts; a source asked but not scanned is named).
import { DAY_MS, plural } from '../reasons';
import { severityRank, type Evaluator } from './common';
import { openFindingsEvaluation, openFindingsIn } from './open-in-scope';

export const evaluateOpenFindings: Evaluator<'open-findings'> = async (check, facts) => {
  const { sources, severity, older_than_days: days } = check.params;
  const cutoff = facts.now.getTime() - days * DAY_MS;
  const old = (_finding: unknown, since: number) => since <= cutoff;
  const open = await openFindingsIn({ scope: check.scope, sources, sbom: old, security: old, minRank: severityRank(severity) }, facts);
  const criterion = `at or above ${severity}${days > 0 ? ` first seen more than ${plural(days, 'day')} ago` : ''}`;
  return openFindingsEvaluation(check.scope, sources, criterion, open);
};
