// The route guards of spec 6, keyed by the paths of ROUTES (navigation/routes.ts). The host's
// guards and side navigation read this table; a route without permission maps to null (public,
// or open to any signed-in user as the host decides). Where the spec's list is silent the guard
// follows the screen's content and is marked "(chosen)".
import type { Policy } from '../entities/session';
import { resolveRoute } from '../navigation/routes';
import { PERMISSIONS as P } from './catalogue';
import { all, any, checkPermission, type AccessControlLike, type PermissionCheck } from './checkPermission';
import type { PolicyContext } from './condition';
import { isModuleSwitch, SWITCHABLE_MODULES } from './moduleSwitches';

const { requirements: R, administration: A, operations: O, applications: AP, processes: PR, development: D } = P;

export const ROUTE_GUARDS: Readonly<Record<string, PermissionCheck | null>> = {
  '/': null,
  '/about': null,
  '/404': null,
  '/support/contactUs': null,
  '/support/logout': null,
  // development info views
  '/poc': D.VIEW_INFO,
  '/poc/centrifugo': D.VIEW_INFO,
  '/poc/grafana': D.VIEW_INFO,
  '/poc/nvd-cve': D.VIEW_INFO,
  '/poc/notifications': D.VIEW_INFO,

  '/settings': null,
  '/settings/change-password': null,
  '/settings/user-profile': null,
  '/settings/two-factor-authentication': null,
  '/user-invitation/:token': null,
  '/user-invitation/:organization/:token': null,

  '/dashboard': null,
  '/requirements': R.LIST_REQUIREMENT,
  '/requirements/add-requirement': R.CREATE_REQUIREMENT,
  '/requirements/modify': R.UPDATE_REQUIREMENT,
  '/requirements/priorityPlanes': all(R.LIST_REQUIREMENT, P.modules.VIEW_PRIORITY_PLANE), // (chosen)
  '/requirements/comments': R.VIEW_REQUIREMENT,
  '/review-requirement': R.REVIEW_REQUIREMENT,
  '/gap-analysis': R.GAP_ANALYSIS.LIST, // (chosen)
  '/reports': R.VIEW_REQUIREMENT,
  '/priorityPlanes': P.modules.VIEW_PRIORITY_PLANE, // (chosen)
  '/demo/markdown-preview': D.PERFORM_DEMO,

  '/collaboration': any(R.DOCUMENT.LIST, R.VIEW_ORG_CHART, R.TASK.LIST), // (chosen)
  '/collaboration/share-files': R.DOCUMENT.LIST,
  '/collaboration/org-chart': R.VIEW_ORG_CHART,
  '/collaboration/tasks': R.TASK.LIST,
  '/workflow': R.TASK.LIST, // (chosen)
  '/view-task': R.TASK.VIEW,
  '/assign-task': R.TASK.ASSIGN,

  '/applications': AP.APPLICATION.LIST,
  '/applications/priorityPlanes': all(AP.APPLICATION.LIST, P.modules.VIEW_PRIORITY_PLANE),
  '/applications/GraphView': AP.APPLICATION.LIST, // (chosen)
  // As the API's GET apps/monitoring/events: the events are applications' (so Code Provenance).
  '/applications/monitoring/events': all(P.modules.USE_CONTINUOUS_MONITORING, AP.APPLICATION.LIST),
  '/applications/:app_key': AP.APPLICATION.VIEW,
  '/applications/:app_key/rbom-settings': AP.DEPLOYMENT_PROFILE.LIST,

  '/security': any(O.VIEW_AZURE, O.VIEW_AWS, AP.SBOM.INGEST), // (chosen)
  '/security/azure': O.VIEW_AZURE,
  '/security/aws': O.VIEW_AWS,
  // (chosen) and the portfolio's reads (GET apps/componentsVulnerabilities) list the applications.
  '/security/sbom': all(AP.APPLICATION.LIST, any(AP.SBOM.INGEST, AP.SBOM.EXPORT)),
  '/security/sast': P.modules.USE_REPOSITORY_ANALYSIS, // (chosen)
  '/security/iac': P.modules.USE_COMPLIANCE, // (chosen)
  '/security/defender': O.VIEW_AZURE, // (chosen)
  '/security/clouds': any(O.VIEW_AZURE, O.VIEW_AWS), // (chosen)
  '/alarms': O.ALARM.LIST, // (chosen) the list of GET alarms
  '/alarms/:id': O.ALARM.VIEW, // (chosen) an alarm's state and history: a notification's link
  '/metrics': all(O.METRIC.LIST, O.METRIC.VIEW), // (chosen) the screen reads GET metrics (view) and metrics/custom (list)

  '/administration': A.ADMINISTRATOR,
  '/administration/service-modules': all(O.SERVICE_MODULE.LIST, O.SERVICE_MODULE.VIEW, O.SERVICE_MODULE.UPDATE),
  '/administration/organization': PR.MANAGE_ORGANIZATION,
  '/administration/global': PR.GLOBAL_ORGANIZATION.LIST,
  '/administration/global/initialization': PR.INITIALIZE_SYSTEM,
  // (chosen) what the database holds is read by organization administrators too; importing into it stays
  // the Global Admin's (import=>Vulnerability@global, the imports' own permission).
  '/administration/global/vulnerabilities': any(AP.IMPORT_ADVISORIES, A.ADMINISTRATOR),
  // GET jobs (issue 27 item 5); retrying or discarding a failed job takes configureModules=>Organization@global.
  '/administration/global/jobs': PR.GLOBAL_ORGANIZATION.LIST,
  '/administration/iam': any(A.ROLE.LIST, A.GLOBAL_ROLE.LIST), // global variants for Global Admin
  '/administration/collaboration': all(A.USER.LIST, A.ROLE.LIST, A.WORKGROUP.LIST),
  '/administration/user-list': A.USER.LIST,
  '/projects': PR.VIEW_PROCESS,
  '/projects/new-project': PR.CREATE_PROCESS,
  '/projects/settings': PR.VIEW_PROCESS, // spec 2.3: Settings needs the view-process permission
  '/settings/subscriptions': PR.VIEW_SUBSCRIPTION,
};

/**
 * The guard of a pathname (resolved through ROUTES); undefined for an unknown path, null for a
 * route that needs no permission.
 */
export function guardFor(pathname: string): PermissionCheck | null | undefined {
  const match = resolveRoute(pathname);
  return match ? ROUTE_GUARDS[match.route.path] : undefined;
}

/** Whether the access control may open the pathname; unknown paths pass (the 404 page shows). */
export function canOpenRoute(
  access: AccessControlLike | null | undefined,
  pathname: string,
  context: PolicyContext = {},
): boolean {
  const guard = guardFor(pathname);
  return guard === null || guard === undefined || checkPermission(access, guard, context);
}

/**
 * What a pathname shows (spec 2.1, 2.2): its screen ('open'); "Feature not activated" when its
 * guard fails only because a module is switched off by module configuration (the guard passes
 * with the module switches left out), naming that module; NO ACCESS for a permission missing.
 */
export type RouteAccess = { status: 'open' } | { status: 'feature-off'; module: string } | { status: 'no-access' };

export function routeAccess(
  access: AccessControlLike | null | undefined,
  pathname: string,
  context: PolicyContext = {},
): RouteAccess {
  const guard = guardFor(pathname);
  if (guard === null || guard === undefined || checkPermission(access, guard, context)) return { status: 'open' };
  if (!access) return { status: 'no-access' };
  const switches = access.policies.filter(isModuleSwitch);
  if (switches.length === 0) return { status: 'no-access' };
  const without = (policies: readonly Policy[]) => policies.filter((policy) => !isModuleSwitch(policy));
  const unswitched: AccessControlLike = {
    ...access,
    policies: without(access.policies),
    projectPolicies: access.projectPolicies
      ? Object.fromEntries(Object.entries(access.projectPolicies).map(([code, policies]) => [code, without(policies)]))
      : undefined,
  };
  if (!checkPermission(unswitched, guard, context)) return { status: 'no-access' };
  // Name the module whose switch alone closes the route (the others put back); when it takes
  // several, the first of them.
  const closing = SWITCHABLE_MODULES.filter(({ resource }) => switches.some((policy) => policy.resources[0] === resource));
  const alone = closing.find(({ resource }) => {
    const others = switches.filter((policy) => policy.resources[0] !== resource);
    return checkPermission({ ...unswitched, policies: [...others, ...unswitched.policies] }, guard, context);
  });
  return { status: 'feature-off', module: (alone ?? closing[0]).label };
}
