// sbom-provenance: the current SBOM of every application in scope records where it comes from —
// the attributes required (supplier, author, tool, timestamp, signature, pipeline: see
// SBOM_PROVENANCE_ATTRIBUTES) — and identifies at least N % of its components by a package URL. An
// application whose current build was stored before provenance was recorded (migration 045) fails:
// nothing shows its provenance until its SBOM is uploaded again. An application without a processed
// SBOM is not judged here (sbom-fresh judges that); not evaluated when no application in scope has one.
import type { SbomProvenanceAttribute } from '@portal/shared/server';
import type { BuildProvenanceFact } from '../facts';
import { links, listed, plural, type StoredReason } from '../reasons';
import { applicationsIn, scopeWords } from '../scope';
import type { Evaluator } from './common';

const MISSING: Record<SbomProvenanceAttribute, string> = {
  supplier: 'no supplier',
  author: 'no author',
  tool: 'no tool',
  timestamp: 'no timestamp',
  signature: 'no signature',
  pipeline: 'uploaded by hand, not by a CI/CD pipeline',
};

/** What the build lacks of the required attributes. */
function missing(fact: BuildProvenanceFact, required: readonly SbomProvenanceAttribute[]): SbomProvenanceAttribute[] {
  const recorded = fact.provenance;
  const has: Record<SbomProvenanceAttribute, boolean> = {
    supplier: recorded?.supplier != null,
    author: (recorded?.authors.length ?? 0) > 0,
    tool: (recorded?.tools.length ?? 0) > 0,
    timestamp: recorded?.timestamp != null,
    signature: recorded?.signed === true,
    pipeline: fact.pipeline,
  };
  return required.filter((attribute) => !has[attribute]);
}

/** The share of identified components, in whole percent rounded down (an SBOM without components: 100). */
export const identifiedPercent = (fact: BuildProvenanceFact) => (fact.components === 0 ? 100 : Math.floor((fact.identified * 100) / fact.components));

export const evaluateSbomProvenance: Evaluator<'sbom-provenance'> = async (check, facts) => {
  const { require: required, min_identified_percent: minimum } = check.params;
  const inScope = applicationsIn(check.scope, await facts.applications()).filter((app) => app.build !== null);
  if (inScope.length === 0) return { status: 'not_evaluated', summary: `No application of ${scopeWords(check.scope)} has a processed SBOM.`, reasons: [] };
  const provenance = await facts.buildProvenance();
  const reasons: StoredReason[] = [];
  for (const app of inScope) {
    const fact = provenance.get(app.build!.id);
    if (!fact) continue;
    const build = `build ${app.build!.number}`;
    const problems: string[] = [];
    const recordedBefore = fact.provenance === null && required.some((attribute) => attribute !== 'pipeline');
    if (recordedBefore) problems.push('its provenance was not recorded (stored before the portal read it: upload the SBOM again)');
    else problems.push(...missing(fact, required).map((attribute) => MISSING[attribute]));
    if (recordedBefore && !fact.pipeline && required.includes('pipeline')) problems.push(MISSING.pipeline);
    const percent = identifiedPercent(fact);
    if (percent < minimum) problems.push(`${percent}% of ${plural(fact.components, 'component')} identified by a package URL (${minimum}% required)`);
    if (problems.length === 0) continue;
    reasons.push({ kind: 'application', id: app.id, label: `${app.app_key} (${build}): ${listed(problems)}`, link: links.buildView(app.app_key, app.build!.id, 'findings') });
  }
  const judged = `${plural(inScope.length, 'application')} with an SBOM`;
  if (reasons.length === 0) return { status: 'passing', summary: `The SBOM of every application of ${scopeWords(check.scope)} records its provenance (${judged}).`, reasons };
  return {
    status: 'failing',
    summary: `${plural(reasons.length, 'application')} of ${inScope.length} in ${scopeWords(check.scope)} ${reasons.length === 1 ? 'has' : 'have'} an SBOM without the provenance required.`,
    reasons,
  };
};
