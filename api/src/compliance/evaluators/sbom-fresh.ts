// sbom-fresh: every application in scope has a processed SBOM uploaded less than N days ago. An
// application without one, or whose newest processed build is older, fails it. Not evaluated when
// the scope holds no application.
import { daysBetween, DAY_MS, links, plural, type StoredReason } from '../reasons';
import { applicationsIn, scopeWords } from '../scope';
import type { Evaluator } from './common';

export const evaluateSbomFresh: Evaluator<'sbom-fresh'> = async (check, facts) => {
  const days = check.params.max_age_days;
  const inScope = applicationsIn(check.scope, await facts.applications());
  if (inScope.length === 0) {
    return { status: 'not_evaluated', summary: check.scope.kind === 'process' ? 'The process has no application.' : `No application matches ${scopeWords(check.scope)}.`, reasons: [] };
  }
  const cutoff = facts.now.getTime() - days * DAY_MS;
  const reasons: StoredReason[] = [];
  for (const app of inScope) {
    if (app.build && app.build.created_at.getTime() > cutoff) continue;
    reasons.push({
      kind: 'application',
      id: app.id,
      label: app.build
        ? `${app.app_key}: its newest SBOM (build ${app.build.number}) is ${plural(daysBetween(app.build.created_at, facts.now), 'day')} old`
        : `${app.app_key}: no processed SBOM`,
      link: links.application(app.app_key),
    });
  }
  const within = `within ${plural(days, 'day')}`;
  if (reasons.length === 0) return { status: 'passing', summary: `Every application of ${scopeWords(check.scope)} has an SBOM ${within} (${plural(inScope.length, 'application')}).`, reasons };
  return { status: 'failing', summary: `${plural(reasons.length, 'application')} of ${inScope.length} in ${scopeWords(check.scope)} ${reasons.length === 1 ? 'has' : 'have'} no SBOM ${within}.`, reasons };
};
