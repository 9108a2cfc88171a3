// The permission strings of spec 6, grouped by the spec's families, and the module dependencies.
//
// Form: `action=>Resource`, optionally `action=>Resource@scope` where scope is organization,
// global or universal (spec 6 names which ones). A resource may name an instance
// (`view=>Requirement::42`) or a kind (`use=>Module::Requirement`); a policy on the type before
// `::` covers it (see evaluator.ts).

export type PermissionString = `${string}=>${string}`;

/** The scopes a permission string may carry (spec 6). */
export const PERMISSION_SCOPES = ['organization', 'global', 'universal'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

const crud = <R extends string>(resource: R) =>
  ({
    LIST: `list=>${resource}`,
    VIEW: `view=>${resource}`,
    CREATE: `create=>${resource}`,
    UPDATE: `update=>${resource}`,
    DELETE: `delete=>${resource}`,
  }) as const;

export const PERMISSIONS = {
  /** Modules and features: use module, portfolio, RBOM, monitoring, analyses. */
  modules: {
    USE_REQUIREMENT_MODULE: 'use=>Module::Requirement',
    USE_CODE_PROVENANCE_MODULE: 'use=>Module::CodeProvenance',
    VIEW_PORTFOLIO: 'view=>Portfolio',
    USE_RBOM: 'use=>RBOM',
    USE_CONTINUOUS_MONITORING: 'use=>ContinuousMonitoring',
    USE_REPOSITORY_ANALYSIS: 'use=>RepositoryAnalysis',
    USE_COMPLIANCE: 'use=>Compliance',
    VIEW_PRIORITY_PLANE: 'view=>PriorityPlane',
    USE_RISK_ASSESSMENT: 'use=>RiskAssessment',
    USE_LICENSE_CHECK: 'use=>LicenseCheck',
    USE_VEX_ANALYSIS: 'use=>VexAnalysis',
  },
  /** Org chart, requirements, task handling, gap analysis, documents, tasks. */
  requirements: {
    USE_ORG_CHART: 'use=>OrgChart',
    VIEW_ORG_CHART: 'view=>OrgChart',
    UPLOAD_ORG_CHART: 'upload=>OrgChart',
    LIST_REQUIREMENT: 'list=>Requirement',
    VIEW_REQUIREMENT: 'view=>Requirement',
    CREATE_REQUIREMENT: 'create=>Requirement',
    UPDATE_REQUIREMENT: 'update=>Requirement',
    UPDATE_REQUIREMENT_PROGRESS: 'updateProgress=>Requirement',
    COMMENT_REQUIREMENT: 'comment=>Requirement',
    DELETE_REQUIREMENT: 'delete=>Requirement',
    ASSIST_REQUIREMENT: 'assist=>Requirement',
    ANALYZE_REQUIREMENT: 'analyze=>Requirement',
    ASSESS_REQUIREMENT: 'assess=>Requirement',
    REVIEW_REQUIREMENT: 'handle=>ReviewRequirementTask',
    HANDLE_GAP_ANALYSIS_TASK: 'handle=>GapAnalysisTask',
    HANDLE_RISK_ASSESSMENT_TASK: 'handle=>RiskAssessmentTask',
    GAP_ANALYSIS: crud('GapAnalysis'),
    DOCUMENT: { LIST: 'list=>Document', VIEW: 'view=>Document', UPLOAD: 'upload=>Document', DELETE: 'delete=>Document' },
    TASK: { LIST: 'list=>Task', VIEW: 'view=>Task', ASSIGN: 'assign=>Task' },
  },
  /** Administrator, users, roles, workgroups, security standards. */
  administration: {
    ADMINISTRATOR: 'access=>Administration',
    USER: {
      LIST: 'list=>User',
      VIEW: 'view=>User',
      CREATE: 'create=>User',
      UPDATE: 'update=>User',
      ENROLL: 'enroll=>User',
      DISENROLL: 'disenroll=>User',
      RESET: 'reset=>User',
      DELETE: 'delete=>User',
      GLOBAL_LIST: 'list=>User@global',
    },
    ROLE: { ...crud('Role'), ASSIGN: 'assign=>Role' },
    GLOBAL_ROLE: {
      LIST: 'list=>Role@global',
      VIEW: 'view=>Role@global',
      CREATE: 'create=>Role@global',
      UPDATE: 'update=>Role@global',
      DELETE: 'delete=>Role@global',
      ASSIGN: 'assign=>Role@global',
    },
    WORKGROUP: { ...crud('Workgroup'), ASSIGN: 'assign=>Workgroup' },
    SECURITY_STANDARD: { LIST: 'list=>SecurityStandard', VIEW: 'view=>SecurityStandard' },
  },
  /** Service modules, metrics, alarms, clouds, environment. */
  operations: {
    SERVICE_MODULE: crud('ServiceModule'),
    METRIC: crud('Metric'),
    ALARM: crud('Alarm'),
    VIEW_AWS: 'view=>AWS',
    VIEW_AZURE: 'view=>Azure',
    ACCESS_ENVIRONMENT: 'access=>Environment',
  },
  /** Applications, settings, alerts, deployment profiles, disaster recovery, RBOM, SBOM. */
  applications: {
    APPLICATION: { ...crud('Application'), SCAN: 'scan=>Application', ANALYZE: 'analyze=>Application' },
    UPDATE_APPLICATION_SETTINGS: 'update=>ApplicationSettings',
    ALERT: {
      NEW_VULNERABILITY: 'receive=>Alert::NewVulnerability',
      ACTIVE_EXPLOIT: 'receive=>Alert::ActiveExploit',
      LICENSE_RISK: 'receive=>Alert::LicenseRisk',
    },
    DEPLOYMENT_PROFILE: { ...crud('DeploymentProfile'), ATTACH: 'attach=>DeploymentProfile' },
    DISASTER_RECOVERY: {
      VIEW: 'view=>DisasterRecovery',
      CONFIGURE: 'configure=>DisasterRecovery',
      DELETE: 'delete=>DisasterRecovery',
      EXECUTE: 'execute=>DisasterRecovery',
    },
    RBOM: { VIEW: 'view=>RBOM', EXPORT: 'export=>RBOM', SHARE: 'share=>RBOM' },
    SBOM: { INGEST: 'ingest=>SBOM', EXPORT: 'export=>SBOM', SHARE: 'share=>SBOM' },
    /**
     * Importing OSV advisories and KEV catalogs into the vulnerability database, which every
     * organization's builds are matched against: the installation's, so global (a Global Admin).
     */
    IMPORT_ADVISORIES: 'import=>Vulnerability@global',
  },
  /** Subscription, processes, initialization, organizations. */
  processes: {
    VIEW_SUBSCRIPTION: 'view=>Subscription@organization',
    CREATE_PROCESS: 'create=>Process@organization',
    VIEW_PROCESS: 'view=>Process',
    UPDATE_PROCESS: 'update=>Process',
    DELETE_PROCESS: 'delete=>Process',
    INITIALIZE_SYSTEM: 'initialize=>System@universal',
    VIEW_PROCESS_MODULE_CONFIGURATION: 'view=>ProcessModuleConfiguration',
    UPDATE_PROCESS_MODULE_CONFIGURATION: 'update=>ProcessModuleConfiguration',
    MANAGE_ORGANIZATION: 'manage=>Organization@organization',
    GLOBAL_ORGANIZATION: {
      LIST: 'list=>Organization@global',
      VIEW: 'view=>Organization@global',
      CREATE: 'create=>Organization@global',
      DELETE: 'delete=>Organization@global',
      CONFIGURE_MODULES: 'configureModules=>Organization@global',
    },
  },
  /** Development items; PERFORM_DEMO also gates the version label, MFA disable, display/language menus. */
  development: {
    CLEAR_SBOM: 'clear=>SBOM',
    REFRESH_SESSION: 'refresh=>Session',
    VIEW_INFO: 'view=>DevelopmentInfo',
    VIEW_MENUS: 'view=>DevelopmentMenu',
    PERFORM_DEMO: 'perform=>Demo',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Every permission string of the catalogue, as a union of literals. */
export type KnownPermission = Leaves<typeof PERMISSIONS>;
/** A permission the catalogue holds: a string it does not hold is a type error where this is asked. */
export type Permission = KnownPermission;

/** A check the browser makes: a catalogue permission, or all/any of such checks. */
export type KnownPermissionCheck =
  | KnownPermission
  | { readonly all: readonly KnownPermissionCheck[] }
  | { readonly any: readonly KnownPermissionCheck[] };

function collect(node: unknown, into: string[]): string[] {
  if (typeof node === 'string') into.push(node);
  else if (node && typeof node === 'object') Object.values(node).forEach((child) => collect(child, into));
  return into;
}

/** The catalogue flattened, in declaration order. */
export const ALL_PERMISSIONS: readonly KnownPermission[] = collect(PERMISSIONS, []) as KnownPermission[];

/** Task authorization (spec 6) names these two. */
export const REVIEW_REQUIREMENT = PERMISSIONS.requirements.REVIEW_REQUIREMENT;
export const UPDATE_GAP_ANALYSIS = PERMISSIONS.requirements.GAP_ANALYSIS.UPDATE;

export interface ParsedPermission {
  action: string;
  /** The resource as written, `Requirement` or `Requirement::42`. */
  resource: string;
  scope?: PermissionScope;
}

/**
 * `'action=>Resource[@scope]'` → its parts; undefined when malformed (missing `=>`, empty action
 * or resource, whitespace, or an unknown scope).
 */
export function parsePermission(permission: string): ParsedPermission | undefined {
  const match = /^([^\s=>@]+)=>([^\s=>@]+)(?:@([a-z]+))?$/.exec(permission);
  if (!match) return undefined;
  const [, action, resource, scope] = match;
  if (scope === undefined) return { action, resource };
  return (PERMISSION_SCOPES as readonly string[]).includes(scope)
    ? { action, resource, scope: scope as PermissionScope }
    : undefined;
}

export function formatPermission({ action, resource, scope }: ParsedPermission): PermissionString {
  return `${action}=>${resource}${scope ? `@${scope}` : ''}`;
}

export interface ModuleDependency {
  /** The permission every matching check also needs. */
  requires: KnownPermission;
  /** `action=>Resource` patterns (`*` wildcards, evaluator rules) the dependency applies to. */
  appliesTo: readonly PermissionString[];
}

/** Spec 6 "Dependencies"; applied transitively by checkPermission. */
export const MODULE_DEPENDENCIES: readonly ModuleDependency[] = [
  {
    requires: PERMISSIONS.modules.USE_REQUIREMENT_MODULE,
    appliesTo: ['*=>Requirement', '*=>Task', '*=>ReviewRequirementTask', '*=>GapAnalysisTask', '*=>RiskAssessmentTask'],
  },
  {
    requires: PERMISSIONS.modules.USE_CODE_PROVENANCE_MODULE,
    appliesTo: ['*=>Application', 'ingest=>SBOM', 'export=>SBOM', 'use=>RBOM', '*=>DisasterRecovery'],
  },
  {
    requires: PERMISSIONS.modules.USE_RBOM,
    appliesTo: [
      'view=>RBOM',
      'export=>RBOM',
      'list=>DeploymentProfile',
      'create=>DeploymentProfile',
      'update=>DeploymentProfile',
      'delete=>DeploymentProfile',
    ],
  },
  { requires: PERMISSIONS.requirements.USE_ORG_CHART, appliesTo: ['view=>OrgChart', 'upload=>OrgChart'] },
];
