// What the compliance tests share: facts of a process given as data (the evaluators' unit tests), and
// builders of the facts' rows with sensible defaults.
import type { ComplianceCheckKind, ComplianceParams, ComplianceScope } from '@portal/shared/server';
import type {
  ApplicationFact,
  BuildProvenanceFact,
  ControlFindingFact,
  ControlPassFact,
  EvidenceFact,
  Facts,
  FindingScopeFact,
  ProfileFact,
  RbomComponentFact,
  RecurringTaskFact,
  SbomFindingFact,
  SecurityFindingFact,
} from '../compliance/facts';
import type { CheckToEvaluate } from '../compliance/evaluators/common';

export const NOW = new Date('2030-06-15T12:00:00Z');
export const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * 86_400_000);

export interface FactData {
  applications: ApplicationFact[];
  sbomFindings: SbomFindingFact[];
  securityFindings: SecurityFindingFact[];
  findingScopes: FindingScopeFact[];
  controlFindings: ControlFindingFact[];
  controlPasses: ControlPassFact[];
  profiles: ProfileFact[];
  rboms: Record<string, RbomComponentFact[]>;
  evidence: EvidenceFact[];
  recurringTasks: RecurringTaskFact[];
  provenance: BuildProvenanceFact[];
}

/** Facts answering the data given (what is not given is empty). */
export function factsOf(data: Partial<FactData>, now = NOW): Facts {
  const all: FactData = { applications: [], sbomFindings: [], securityFindings: [], findingScopes: [], controlFindings: [], controlPasses: [], profiles: [], rboms: {}, evidence: [], recurringTasks: [], provenance: [], ...data };
  return {
    now,
    applications: async () => all.applications,
    sbomFindings: async () => all.sbomFindings,
    securityFindings: async () => all.securityFindings,
    findingScopes: async () => all.findingScopes,
    controlFindings: async (controls) => all.controlFindings.filter((finding) => controls.includes(finding.control)),
    controlPasses: async (controls) => all.controlPasses.filter((pass) => controls.includes(pass.control)),
    profiles: async () => all.profiles,
    buildProvenance: async () => new Map(all.provenance.map((fact) => [fact.build_id, fact])),
    rbom: async (profile) => (profile.build_id === null || profile.build_status !== 'DONE' ? null : (all.rboms[profile.id] ?? [])),
    evidence: async () => all.evidence,
    recurringTasks: async (_requirement, taskId) => all.recurringTasks.filter((task) => taskId === null || task.series === taskId),
  };
}

export function app(key: string, build: { days?: number; number?: number } | null = { days: 1 }, more: Partial<ApplicationFact> = {}): ApplicationFact {
  return {
    id: `app-${key}`,
    app_key: key,
    name: key,
    portfolio: null,
    tags: [],
    build: build === null ? null : { id: `build-${key}`, number: build.number ?? 1, created_at: daysAgo(build.days ?? 1) },
    ...more,
  };
}

let sequence = 0;

export function sbomFinding(application: ApplicationFact, severity: string, days: number, more: Partial<SbomFindingFact> = {}): SbomFindingFact {
  sequence += 1;
  return {
    id: `sbom-${sequence}`,
    application_id: application.id,
    build_id: application.build!.id,
    vulnerability_id: `CVE-2030-${1000 + sequence}`,
    severity,
    identified_at: daysAgo(days),
    exploited: false,
    component: `lib${sequence}@1.0.0`,
    ...more,
  };
}

export function securityFinding(scope: string, category: SecurityFindingFact['category'], severity: SecurityFindingFact['severity'], days: number, more: Partial<SecurityFindingFact> = {}): SecurityFindingFact {
  sequence += 1;
  return {
    id: `finding-${sequence}`,
    scope,
    category,
    severity,
    first_seen: daysAgo(days),
    title: `Rule ${sequence}`,
    rule_id: `rule-${sequence}`,
    resource: `src/file${sequence}.ts`,
    provider: category.startsWith('cloud') ? 'aws' : null,
    exploited: false,
    ...more,
  };
}

/** A check to evaluate (requirement 'req-1'). */
export function check<K extends ComplianceCheckKind>(kind: K, params: ComplianceParams[K], scope: ComplianceScope = { kind: 'process' }): CheckToEvaluate<K> {
  return { requirement_id: 'req-1', kind, scope, params };
}

/** The provenance of an application's build: what its SBOM recorded (`null`: stored before it was recorded), its components and those with a package URL. */
export function provenanceOf(application: ApplicationFact, recorded: Partial<NonNullable<BuildProvenanceFact['provenance']>> | null, more: Partial<BuildProvenanceFact> = {}): BuildProvenanceFact {
  return {
    build_id: application.build!.id,
    provenance: recorded === null ? null : { supplier: null, authors: [], tools: [], timestamp: null, signed: false, ...recorded },
    pipeline: false,
    components: 10,
    identified: 10,
    ...more,
  };
}
