// The built-in roles and their default policies (spec 6 leaves role-to-permission assignment to
// us; docs/authorization.md and the README show this table). Stored as the organization-less rows
// of `roles` at start-up when absent, so IAM can edit them (per organization, or globally).
import {
  GLOBAL_ADMIN_ROLE,
  INITIATOR_ROLE,
  PERMISSIONS as P,
  parsePermission,
  type PolicyInput,
  type RoleKind,
} from '@portal/shared/server';


// Role kinds and policies as IAM stores them (the principal is implied by the role): the contract's.
export type { PolicyInput, RoleKind };

export interface RoleDefinition {
  name: string;
  kind: RoleKind;
  description: string;
  policies: PolicyInput[];
}

export const READER = 'READER';
export const AUTHOR = 'AUTHOR';
export const REVIEWER = 'REVIEWER';
export const ADMIN = 'ADMIN';
export const ORG_ADMIN = 'ORG_ADMIN';
export const DEMO = 'DEMO';
export const PROCESS_ROLES = [READER, AUTHOR, REVIEWER, ADMIN] as const;

/** One allow policy per resource, gathering the actions of the permission strings given. */
function allow(...permissions: string[]): PolicyInput[] {
  const byResource = new Map<string, string[]>();
  for (const permission of permissions) {
    const parsed = parsePermission(permission);
    if (!parsed) throw new Error(`Malformed permission in the defaults: ${permission}`);
    const actions = byResource.get(parsed.resource) ?? [];
    if (!actions.includes(parsed.action)) actions.push(parsed.action);
    byResource.set(parsed.resource, actions);
  }
  return [...byResource].map(([resource, actions]) => ({ effect: 'allow', actions, resources: [resource], condition: null }));
}

const R = P.requirements;
const AP = P.applications;
const PR = P.processes;
const A = P.administration;
const O = P.operations;
const M = P.modules;

const READ = [
  R.LIST_REQUIREMENT, R.VIEW_REQUIREMENT, R.DOCUMENT.LIST, R.DOCUMENT.VIEW, R.TASK.LIST, R.TASK.VIEW,
  R.GAP_ANALYSIS.LIST, R.GAP_ANALYSIS.VIEW, R.USE_ORG_CHART, R.VIEW_ORG_CHART,
  AP.APPLICATION.LIST, AP.APPLICATION.VIEW, AP.DEPLOYMENT_PROFILE.LIST, AP.DEPLOYMENT_PROFILE.VIEW, AP.RBOM.VIEW,
  A.SECURITY_STANDARD.LIST, A.SECURITY_STANDARD.VIEW, PR.VIEW_PROCESS, PR.VIEW_PROCESS_MODULE_CONFIGURATION,
  M.USE_REQUIREMENT_MODULE, M.USE_CODE_PROVENANCE_MODULE, M.VIEW_PORTFOLIO, M.USE_RBOM, M.USE_CONTINUOUS_MONITORING,
  M.USE_REPOSITORY_ANALYSIS, M.USE_COMPLIANCE, M.VIEW_PRIORITY_PLANE, M.USE_RISK_ASSESSMENT, M.USE_LICENSE_CHECK,
  M.USE_VEX_ANALYSIS, AP.DISASTER_RECOVERY.VIEW, A.WORKGROUP.LIST, A.WORKGROUP.VIEW,
];

const WRITE = [
  R.CREATE_REQUIREMENT, R.UPDATE_REQUIREMENT, R.UPDATE_REQUIREMENT_PROGRESS, R.COMMENT_REQUIREMENT,
  R.DELETE_REQUIREMENT, R.ASSIST_REQUIREMENT, R.ANALYZE_REQUIREMENT, R.ASSESS_REQUIREMENT,
  R.DOCUMENT.UPLOAD, R.GAP_ANALYSIS.CREATE, R.GAP_ANALYSIS.UPDATE, R.UPLOAD_ORG_CHART,
  AP.APPLICATION.CREATE, AP.APPLICATION.UPDATE, AP.APPLICATION.SCAN, AP.APPLICATION.ANALYZE,
  AP.UPDATE_APPLICATION_SETTINGS, AP.SBOM.INGEST, AP.SBOM.EXPORT, AP.RBOM.EXPORT,
  AP.DEPLOYMENT_PROFILE.CREATE, AP.DEPLOYMENT_PROFILE.UPDATE, AP.DEPLOYMENT_PROFILE.ATTACH,
  AP.ALERT.NEW_VULNERABILITY, AP.ALERT.ACTIVE_EXPLOIT, AP.ALERT.LICENSE_RISK,
];

const REVIEW = [
  R.COMMENT_REQUIREMENT, R.ASSESS_REQUIREMENT, R.REVIEW_REQUIREMENT, R.HANDLE_GAP_ANALYSIS_TASK,
  R.HANDLE_RISK_ASSESSMENT_TASK, R.TASK.ASSIGN, R.GAP_ANALYSIS.UPDATE,
];

const PROCESS_ADMINISTRATION = [
  PR.UPDATE_PROCESS, PR.DELETE_PROCESS, PR.UPDATE_PROCESS_MODULE_CONFIGURATION, R.DOCUMENT.DELETE,
  R.GAP_ANALYSIS.DELETE, AP.APPLICATION.DELETE, AP.DEPLOYMENT_PROFILE.DELETE, AP.DISASTER_RECOVERY.CONFIGURE,
  AP.DISASTER_RECOVERY.DELETE, AP.DISASTER_RECOVERY.EXECUTE, AP.RBOM.SHARE, AP.SBOM.SHARE, A.USER.LIST,
];

const ORGANIZATION_ADMINISTRATION = [
  A.ADMINISTRATOR, PR.MANAGE_ORGANIZATION, PR.CREATE_PROCESS, PR.VIEW_SUBSCRIPTION,
  ...Object.values(A.USER).filter((permission) => permission !== A.USER.GLOBAL_LIST),
  ...Object.values(A.ROLE), ...Object.values(A.WORKGROUP), ...Object.values(O.SERVICE_MODULE),
  ...Object.values(O.METRIC), ...Object.values(O.ALARM), O.VIEW_AWS, O.VIEW_AZURE, O.ACCESS_ENVIRONMENT,
];

export const BUILT_IN_ROLES: readonly RoleDefinition[] = [
  { name: READER, kind: 'process', description: 'Reads the process: requirements, tasks, documents, applications.', policies: allow(...READ) },
  { name: AUTHOR, kind: 'process', description: 'Writes requirements, gap analyses and applications; ingests SBOMs.', policies: allow(...READ, ...WRITE) },
  { name: REVIEWER, kind: 'process', description: 'Reviews requirements and handles review, gap and risk tasks.', policies: allow(...READ, ...REVIEW) },
  {
    name: ADMIN,
    kind: 'process',
    description: 'Administers the process: everything of AUTHOR and REVIEWER, settings and deletion.',
    policies: allow(...READ, ...WRITE, ...REVIEW, ...PROCESS_ADMINISTRATION),
  },
  {
    name: ORG_ADMIN,
    kind: 'organization',
    description: 'Administers the organization: users, roles, workgroups, service modules and every process.',
    policies: allow(...READ, ...WRITE, ...REVIEW, ...PROCESS_ADMINISTRATION, ...ORGANIZATION_ADMINISTRATION),
  },
  {
    name: DEMO,
    kind: 'organization',
    description: 'The demo permission: version label, Disable MFA, display and language menus, development views, clearing SBOMs.',
    policies: allow(P.development.PERFORM_DEMO, P.development.VIEW_INFO, P.development.VIEW_MENUS, P.development.REFRESH_SESSION, P.development.CLEAR_SBOM),
  },
  {
    name: GLOBAL_ADMIN_ROLE,
    kind: 'global',
    description: 'Administers the installation: organizations, their modules and global roles.',
    // Only in the global scope: `list=>Role@global` passes, an organization's `list=>Role` does not.
    policies: [
      ...allow(A.ADMINISTRATOR),
      ...allow(...Object.values(PR.GLOBAL_ORGANIZATION), ...Object.values(A.GLOBAL_ROLE), A.USER.GLOBAL_LIST, AP.IMPORT_ADVISORIES).map(
        (policy) => ({ ...policy, condition: 'scope == "global"' }),
      ),
    ],
  },
  { name: INITIATOR_ROLE, kind: 'global', description: 'Initializes the system at the first run.', policies: allow(PR.INITIALIZE_SYSTEM) },
];

export function builtInRole(name: string): RoleDefinition | undefined {
  return BUILT_IN_ROLES.find((role) => role.name === name);
}
