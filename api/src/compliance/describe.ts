// A check in words, as the evidence panel and the close-gap task show it.
import type { SbomProvenanceAttribute } from '@portal/shared/server';
import type { CheckDefinition } from './input';
import { listed, plural } from './reasons';
import { scopeWords } from './scope';
import { SOURCE_NAMES } from './evaluators/common';

const PROVENANCE_WORDS: Record<SbomProvenanceAttribute, string> = {
  supplier: 'supplier',
  author: 'author',
  tool: 'generating tool',
  timestamp: 'timestamp',
  signature: 'signature',
  pipeline: 'upload by a CI/CD pipeline',
};

export function describeCheck(check: CheckDefinition): string {
  const scope = scopeWords(check.scope);
  switch (check.kind) {
    case 'open-findings': {
      const { sources, severity, older_than_days: days } = (check as CheckDefinition<'open-findings'>).params;
      const age = days > 0 ? ` first seen more than ${plural(days, 'day')} ago` : '';
      return `No open ${listed(sources.map((source) => SOURCE_NAMES[source]))} finding at or above ${severity}${age} in ${scope}`;
    }
    case 'active-exploit': {
      const { sources } = (check as CheckDefinition<'active-exploit'>).params;
      return `No open ${listed(sources.map((source) => SOURCE_NAMES[source]))} finding with an active exploit in ${scope}`;
    }
    case 'sbom-fresh':
      return `Every application of ${scope} has an SBOM newer than ${plural((check as CheckDefinition<'sbom-fresh'>).params.max_age_days, 'day')}`;
    case 'license-category': {
      const { categories, environments } = (check as CheckDefinition<'license-category'>).params;
      return `No ${listed(categories)} license in the RBOMs of the deployment profiles${environments.length > 0 ? ` (${listed(environments)})` : ''} of ${scope}`;
    }
    case 'cloud-control': {
      const { controls } = (check as CheckDefinition<'cloud-control'>).params;
      return `${listed(controls)} ${controls.length === 1 ? 'passes' : 'pass'} on every resource of ${scope}`;
    }
    case 'evidence-file': {
      const { folder, tag } = (check as CheckDefinition<'evidence-file'>).params;
      const which = [folder !== null ? ` in ${folder}` : '', tag !== null ? ` tagged ${tag}` : ''].join('');
      return `A linked document${which} within its review-by date`;
    }
    case 'recurring-task': {
      const { task_id: task, grace_days: grace } = (check as CheckDefinition<'recurring-task'>).params;
      return `${task ? 'The recurring task' : 'The recurring tasks linked to the requirement'} completed on time${grace > 0 ? ` (${plural(grace, 'day')} of grace)` : ''}`;
    }
    case 'sbom-provenance': {
      const { require: required, min_identified_percent: percent } = (check as CheckDefinition<'sbom-provenance'>).params;
      const parts = [
        ...(required.length > 0 ? [`records its ${listed(required.map((attribute) => PROVENANCE_WORDS[attribute]))}`] : []),
        ...(percent > 0 ? [`identifies at least ${percent}% of its components by a package URL`] : []),
      ];
      return `The SBOM of every application of ${scope} ${parts.join(' and ')}`;
    }
  }
}
