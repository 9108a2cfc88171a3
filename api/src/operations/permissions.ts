// Who may do what with findings (docs/operations-findings.md, "Permissions"), chosen from the
// catalogue as shared/src/permissions/routeGuards.ts chose for the /security screens: code
// findings (SAST, secrets) go with the repository analysis module, IaC and container findings
// with the compliance module, cloud findings with the AWS or Azure views. A caller sees the
// categories they hold; uploading scanner results is scanning an application; triage is analysing
// it; a new critical finding alerts who receives new-vulnerability alerts.
import { checkPermission, PERMISSIONS, type CloudProvider, type FindingCategory, type KnownPermissionCheck } from '@portal/shared/server';
import type { FindingVisibility } from './findings.repository';
import type { Caller } from '../authorization/guard';

const M = PERMISSIONS.modules;
const O = PERMISSIONS.operations;
const AP = PERMISSIONS.applications;

const CLOUD: KnownPermissionCheck = { any: [O.VIEW_AWS, O.VIEW_AZURE] };

/** The permission that shows each category. */
export const CATEGORY_PERMISSIONS: Record<FindingCategory, KnownPermissionCheck> = {
  sast: M.USE_REPOSITORY_ANALYSIS,
  secret: M.USE_REPOSITORY_ANALYSIS,
  iac: M.USE_COMPLIANCE,
  container: M.USE_COMPLIANCE,
  'cloud-posture': CLOUD,
  'cloud-threat': CLOUD,
};

/** List, view, export: any of the categories' permissions (each list shows only what the caller holds). */
export const VIEW_FINDINGS: KnownPermissionCheck = { any: [M.USE_REPOSITORY_ANALYSIS, M.USE_COMPLIANCE, O.VIEW_AWS, O.VIEW_AZURE] };
/** Upload a scanner's file (AUTHOR and above by default; the CI's module key instead). */
export const UPLOAD_FINDINGS = AP.APPLICATION.SCAN;
/** Triage (AUTHOR and above by default), on findings the caller sees. */
export const TRIAGE_FINDINGS: KnownPermissionCheck = { all: [AP.APPLICATION.ANALYZE, VIEW_FINDINGS] };
/** Who is told of a new critical finding. */
export const FINDING_ALERT = AP.ALERT.NEW_VULNERABILITY;

/**
 * What `caller` may see in the request's process: the categories they hold, and of the cloud
 * findings those on AWS with view=>AWS, on Azure with view=>Azure (spec 6: the AWS and the Azure
 * view), on another cloud with either.
 */
export function visibleFindings(caller: Caller): FindingVisibility {
  const holds = (check: KnownPermissionCheck) => checkPermission(caller.access, check, caller.context);
  const categories = (Object.keys(CATEGORY_PERMISSIONS) as FindingCategory[]).filter((category) => holds(CATEGORY_PERMISSIONS[category]));
  const aws = holds(O.VIEW_AWS);
  const azure = holds(O.VIEW_AZURE);
  const cloudProviders: CloudProvider[] = [...(aws ? (['aws'] as const) : []), ...(azure ? (['azure'] as const) : []), ...(aws || azure ? (['gcp', 'other'] as const) : [])];
  return { categories, cloudProviders };
}

/** Whether a finding (its category and location) is one the visibility shows. */
export function sees(visible: FindingVisibility, finding: { category: FindingCategory; location: unknown }): boolean {
  if (!visible.categories.includes(finding.category)) return false;
  if (finding.category !== 'cloud-posture' && finding.category !== 'cloud-threat') return true;
  const provider = (finding.location as { provider?: CloudProvider } | null)?.provider;
  return provider !== undefined && visible.cloudProviders.includes(provider);
}
