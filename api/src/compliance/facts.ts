// What the evaluators judge by (docs/compliance.md, "Evaluation"): the evidence of one process as
// facts, each read once per evaluation run however many checks ask for it (a full run of 2,000
// checks reads the process's open findings once, not 2,000 times). The evaluators are functions of a
// check and these facts; `createFacts` reads them from the database, tests may give their own.
import type { DeploymentEnvironment, FindingCategory, FindingSeverity } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { SbomProvenance } from '../sbom/index';
import {
  applicationFacts,
  controlFindingFacts,
  controlPassFacts,
  evidenceFacts,
  findingScopeFacts,
  profileFacts,
  provenanceFacts,
  rbomFacts,
  recurringTaskFacts,
  sbomFindingFacts,
  securityFindingFacts,
  type ProcessRef,
} from './facts.repository';

export type { ProcessRef };

/** An application of the process with its current build (its newest processed one). */
export interface ApplicationFact {
  id: string;
  app_key: string;
  name: string;
  portfolio: string | null;
  tags: string[];
  build: { id: string; number: number; created_at: Date } | null;
}

/**
 * An open finding of an application's current build: no VEX analysis says not_affected or
 * false_positive (as the metric open_findings counts them). `severity` lower case (critical … none,
 * unknown); `identified_at`: when the build that first found it was uploaded.
 */
export interface SbomFindingFact {
  id: string;
  application_id: string;
  build_id: string;
  vulnerability_id: string;
  severity: string;
  identified_at: Date;
  /** Flagged an active exploit, or one of its ids is in CISA's KEV catalog. */
  exploited: boolean;
  /** The component as 'name@version'. */
  component: string;
}

/** An open (open or confirmed) security finding: what a scanner or a cloud reported and nobody decided away. */
export interface SecurityFindingFact {
  id: string;
  scope: string;
  category: FindingCategory;
  severity: FindingSeverity;
  first_seen: Date;
  title: string;
  rule_id: string;
  resource: string | null;
  /** The cloud of a cloud finding (aws, azure …); null for code. */
  provider: string | null;
  /** One of its vulnerability ids is in CISA's KEV catalog. */
  exploited: boolean;
}

/** An open security finding of a cloud control (its rule id, or the control id Security Hub names it by). */
export interface ControlFindingFact extends SecurityFindingFact {
  /** Which of the asked controls it fails. */
  control: string;
}

/** A resource that passed one of the asked controls, as the last import of its tool into its scope reported (migration 047). */
export interface ControlPassFact {
  scope: string;
  /** Which of the asked controls it passes. */
  control: string;
  resource: string;
  provider: string | null;
}

/** A scope security findings were imported into; `cloud`: a cloud account's, or one holding cloud findings. */
export interface FindingScopeFact {
  scope: string;
  cloud: boolean;
  /** What it was scanned for: the categories of its imports' runs (a clean scan's too) and of the findings it holds, sorted. */
  categories: FindingCategory[];
}

export interface ProfileFact {
  id: string;
  application_id: string;
  name: string;
  environment: DeploymentEnvironment;
  version: number;
  build_id: string | null;
  build_number: number | null;
  build_status: string | null;
  exclude: string[];
  include_types: string[];
}

/** A component of a profile's RBOM with its declared licenses. */
export interface RbomComponentFact {
  position: number;
  name: string;
  group: string | null;
  version: string | null;
  licenses: string[];
}

/** What an application's current SBOM says of its provenance (sbom/provenance.ts), how it came, and how many of its components a package URL identifies. */
export interface BuildProvenanceFact {
  build_id: string;
  /** null: the build was stored before provenance was recorded (migration 045). */
  provenance: SbomProvenance | null;
  /** Uploaded by a CI/CD ingestion module's key. */
  pipeline: boolean;
  components: number;
  /** Components with a package URL. */
  identified: number;
}

/** A document linked to a requirement as evidence. */
export interface EvidenceFact {
  id: string;
  folder: string;
  name: string;
  tags: string[];
  /** 'YYYY-MM-DD'; null: never due for review. */
  review_by: string | null;
}

/** An occurrence of a recurring task linked to a requirement; `series` is its first occurrence's id. */
export interface RecurringTaskFact {
  id: string;
  series: string;
  title: string;
  status: 'OPEN' | 'COMPLETED' | 'FAILED';
  /** 'YYYY-MM-DD' */
  due_date: string;
  completed_at: Date | null;
}

export interface Facts {
  readonly now: Date;
  applications(): Promise<ApplicationFact[]>;
  sbomFindings(): Promise<SbomFindingFact[]>;
  securityFindings(): Promise<SecurityFindingFact[]>;
  findingScopes(): Promise<FindingScopeFact[]>;
  controlFindings(controls: readonly string[]): Promise<ControlFindingFact[]>;
  /** The resources the last imports reported passing the controls. */
  controlPasses(controls: readonly string[]): Promise<ControlPassFact[]>;
  profiles(): Promise<ProfileFact[]>;
  /** The provenance of the applications' current builds, by build id. */
  buildProvenance(): Promise<Map<string, BuildProvenanceFact>>;
  /** The components of the profile's runtime BOM; null when it has no processed build. */
  rbom(profile: ProfileFact): Promise<RbomComponentFact[] | null>;
  evidence(requirementId: string): Promise<EvidenceFact[]>;
  /** The occurrences of the recurring series linked to the requirement (or the series of `taskId`). */
  recurringTasks(requirementId: string, taskId: string | null): Promise<RecurringTaskFact[]>;
}

/** How the RBOM of a profile is computed (the deployment-profiles family's rule; app.ts wires it). */
export type RbomPositions = (db: Queryable, profile: ProfileFact) => Promise<number[]>;

/** Each fact read at most once per run (the per-requirement ones once per requirement). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

function onceBy<K, T>(load: (key: K) => Promise<T>, keyOf: (key: K) => string = String): (key: K) => Promise<T> {
  const values = new Map<string, Promise<T>>();
  return (key) => {
    const id = keyOf(key);
    let value = values.get(id);
    if (!value) values.set(id, (value = load(key)));
    return value;
  };
}

/** The facts of the process, read from `db` as an evaluation run asks for them (`applications`: already read for the run). */
export function createFacts(db: Queryable, process: ProcessRef, now: Date, rbomPositions: RbomPositions, applications?: ApplicationFact[]): Facts {
  const rbom = onceBy(
    async (profile: ProfileFact) => (profile.build_id === null || profile.build_status !== 'DONE' ? null : rbomFacts(db, profile.build_id, await rbomPositions(db, profile))),
    (profile) => `${profile.id}@${profile.version}/${profile.build_id}`,
  );
  return {
    now,
    applications: once(async () => applications ?? applicationFacts(db, process)),
    sbomFindings: once(() => sbomFindingFacts(db, process)),
    securityFindings: once(() => securityFindingFacts(db, process)),
    findingScopes: once(() => findingScopeFacts(db, process)),
    controlFindings: onceBy((controls: readonly string[]) => controlFindingFacts(db, process, controls), (controls) => [...controls].sort().join('\n')),
    controlPasses: onceBy((controls: readonly string[]) => controlPassFacts(db, process, controls), (controls) => [...controls].sort().join('\n')),
    profiles: once(() => profileFacts(db, process)),
    buildProvenance: once(async () => new Map((await provenanceFacts(db, process)).map((fact) => [fact.build_id, fact]))),
    rbom,
    evidence: onceBy((requirementId: string) => evidenceFacts(db, requirementId)),
    recurringTasks: (requirementId, taskId) => recurringTaskFacts(db, process, requirementId, taskId),
  };
}
