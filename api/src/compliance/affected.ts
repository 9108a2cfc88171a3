// Which checks a batch of changes concerns (docs/compliance.md, "Re-evaluation"): a change of a
// topic concerns the kinds of check that read that evidence (the same table as the migrations'
// compliance_topic_kinds: 045's), and of those the checks whose scope holds its subject — an
// application (its SBOM, its profiles), a findings scope, a requirement (its evidence, its recurring
// tasks, its deletion). A 'full' change (the scheduled pass) concerns every check.
import type { ComplianceCheckKind } from '@portal/shared/server';
import type { ApplicationFact } from './facts';
import type { CheckDefinitionRow as CheckRow } from './repository';
import { applicationsIn, findingScopeTest, holdsApplications } from './scope';

const APPLICATION_KINDS: readonly ComplianceCheckKind[] = ['open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'sbom-provenance'];

/** The kinds of check each topic concerns (migration 040's compliance_topic_kinds, as migration 045 replaced it). */
export const TOPIC_KINDS: Readonly<Record<string, readonly ComplianceCheckKind[]>> = {
  sbom: APPLICATION_KINDS,
  applications: APPLICATION_KINDS,
  findings: ['open-findings', 'active-exploit', 'cloud-control'],
  kev: ['active-exploit'],
  profiles: ['license-category'],
  documents: ['evidence-file'],
  tasks: ['recurring-task'],
};

export interface Change {
  topic: string;
  subject: string | null;
}

/** Whether any change concerns every check of the process (or names a topic this code does not know: safe side). */
export const isFull = (changes: readonly Change[]) => changes.some((change) => change.topic === 'full' || (change.topic !== 'requirement' && !(change.topic in TOPIC_KINDS)));

/** The kinds the changes may concern (to read only those checks). */
export function kindsOf(changes: readonly Change[]): ComplianceCheckKind[] {
  const kinds = new Set<ComplianceCheckKind>();
  for (const change of changes) for (const kind of change.topic === 'requirement' ? Object.values(TOPIC_KINDS).flat() : (TOPIC_KINDS[change.topic] ?? [])) kinds.add(kind);
  return [...kinds];
}

/** The checks (of the process) the changes concern. */
export function affectedChecks(checks: readonly CheckRow[], changes: readonly Change[], applications: readonly ApplicationFact[]): CheckRow[] {
  const subjects = (topic: string) => new Set(changes.filter((change) => change.topic === topic && change.subject !== null).map((change) => change.subject!));
  const sbomApps = applications.filter((app) => subjects('sbom').has(app.id));
  const profileApps = applications.filter((app) => subjects('profiles').has(app.id));
  const appsChanged = subjects('applications').size > 0;
  const findingScopes = [...subjects('findings')];
  const requirements = subjects('requirement');
  const documents = subjects('documents');
  const tasks = subjects('tasks');
  const kev = changes.some((change) => change.topic === 'kev');
  const covers = (check: CheckRow, apps: readonly ApplicationFact[]) => apps.length > 0 && applicationsIn(check.scope, apps).length > 0;
  // An application added, renamed, retagged or deleted may enter or leave any scope of applications.
  const moved = (check: CheckRow) => appsChanged && holdsApplications(check.scope);

  return checks.filter((check) => {
    if (requirements.has(check.requirement_id)) return true;
    switch (check.kind) {
      case 'evidence-file':
        return documents.has(check.requirement_id);
      case 'recurring-task':
        return tasks.has(check.requirement_id);
      case 'license-category':
        return moved(check) || covers(check, sbomApps) || covers(check, profileApps);
      case 'sbom-fresh':
      case 'sbom-provenance':
        return moved(check) || covers(check, sbomApps);
      case 'cloud-control':
        return findingScopes.some(findingScopeTest(check.scope, applications));
      case 'open-findings':
      case 'active-exploit':
        return (check.kind === 'active-exploit' && kev) || moved(check) || covers(check, sbomApps) || findingScopes.some(findingScopeTest(check.scope, applications));
    }
  });
}
