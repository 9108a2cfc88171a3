// license-category: no component of a license category (e.g. strong copyleft) in the runtime BOM of
// the deployment profiles of the applications in scope (of some environments, or all). A profile's
// RBOM is its attached build with the profile's exclusions applied (the deployment-profiles
// family's rule); a profile without a processed build is not judged. A component's category is the
// license check's classification of its declared licenses (no declaration: unknown). Not evaluated
// when no profile in scope has a processed build.
import type { LicenseCategory } from '@portal/shared/server';
import { classifyLicenses } from '../../licenses/service';
import { links, listed, plural, type StoredReason } from '../reasons';
import { applicationsIn, scopeWords } from '../scope';
import type { Evaluator } from './common';

export const evaluateLicenseCategory: Evaluator<'license-category'> = async (check, facts) => {
  const { categories, environments } = check.params;
  const inScope = new Map(applicationsIn(check.scope, await facts.applications()).map((app) => [app.id, app]));
  const environmentWords = environments.length > 0 ? ` (${listed(environments)})` : '';
  if (inScope.size === 0) {
    return { status: 'not_evaluated', summary: check.scope.kind === 'process' ? 'The process has no application.' : `No application matches ${scopeWords(check.scope)}.`, reasons: [] };
  }
  const profiles = (await facts.profiles()).filter((profile) => inScope.has(profile.application_id) && (environments.length === 0 || environments.includes(profile.environment)));
  const wanted = new Set<LicenseCategory>(categories);
  const reasons: StoredReason[] = [];
  let judged = 0;
  for (const profile of profiles) {
    const components = await facts.rbom(profile);
    if (components === null) continue;
    judged += 1;
    const app = inScope.get(profile.application_id)!;
    for (const component of components) {
      const classified = classifyLicenses(component.licenses);
      if (!wanted.has(classified.category)) continue;
      const name = `${component.group ? `${component.group}/` : ''}${component.name}${component.version ? `@${component.version}` : ''}`;
      reasons.push({
        kind: 'component',
        id: `${profile.build_id}:${component.position}`,
        label: `${name} (${classified.expression ?? 'no license declared'}, ${classified.category}) in ${app.app_key}'s ${profile.name} (${profile.environment})`,
        link: links.buildView(app.app_key, profile.build_id!, 'licenses'),
      });
    }
  }
  const named = listed(categories);
  if (judged === 0) {
    return { status: 'not_evaluated', summary: `No deployment profile${environmentWords} of ${scopeWords(check.scope)} has a processed build attached.`, reasons: [] };
  }
  if (reasons.length === 0) return { status: 'passing', summary: `No ${named} license in the RBOM of ${plural(judged, 'deployment profile')}${environmentWords}.`, reasons };
  return { status: 'failing', summary: `${plural(reasons.length, 'component')} under a ${named} license in the RBOMs${environmentWords} of ${scopeWords(check.scope)}.`, reasons };
};
