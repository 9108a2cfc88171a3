// Permission checks over a session's access control (spec 6): permission strings, and/or
// combinations, parent permissions, module dependencies, scopes and the all-projects scope.
//
// Rules (exact):
// - A check is a permission string, `all(...)` (every part; empty → true), `any(...)` (some part;
//   empty → false) or `withParent(parent, child)`: the child counts only when the parent passes
//   too (evaluated first); it is `all(parent, child)` under a name that says why.
// - A permission passes when the evaluator allows it AND every module dependency that applies to
//   it (MODULE_DEPENDENCIES, transitively) passes with the same context. A malformed string fails.
// - A scoped permission is evaluated with context.scope set to its scope; `organization` drops
//   context.project, `global` and `universal` drop context.project and context.organization.
// - When context.scope is 'all-projects' (Platform View) an unscoped permission on an
//   ALL_PROJECTS_RESOURCES type passes if, for some accessible project (access.projects code names
//   and the keys of access.projectPolicies), it passes with context.project = that code name,
//   context.scope = 'project' and that project's policies (projectPolicies[code] when present,
//   else access.policies); any other unscoped permission fails in that scope.
import type { AccessControlProject, Policy } from '../entities/session';
import {
  MODULE_DEPENDENCIES,
  parsePermission,
  type ParsedPermission,
  type PermissionString,
} from './catalogue';
import type { PolicyContext } from './condition';
import { evaluate, matchesName, matchesResource, resourceType } from './evaluator';

export type PermissionCheck =
  | PermissionString
  | { readonly all: readonly PermissionCheck[] }
  | { readonly any: readonly PermissionCheck[] };

export const all = (...checks: PermissionCheck[]): PermissionCheck => ({ all: checks });
export const any = (...checks: PermissionCheck[]): PermissionCheck => ({ any: checks });
/** A parent permission: `child` counts only where `parent` passes. */
export const withParent = (parent: PermissionCheck, child: PermissionCheck): PermissionCheck => ({
  all: [parent, child],
});

export const ALL_PROJECTS_SCOPE = 'all-projects';
export const PROJECT_SCOPE = 'project';
/**
 * The resource types checked in the all-projects scope (spec 6: application and RBOM; and the
 * metrics, whose platform values are those of every process the caller may see: spec 1, issue 25).
 */
export const ALL_PROJECTS_RESOURCES: readonly string[] = ['Application', 'RBOM', 'Metric'];

/** A session's access control, optionally with per-project policies (the API may resolve them). */
export interface AccessControlLike {
  policies: readonly Policy[];
  projects?: readonly AccessControlProject[];
  projectPolicies?: Readonly<Record<string, readonly Policy[]>>;
}

export interface CheckOptions {
  /** The caller's principals; omit when the policies are already the caller's own. */
  principals?: readonly string[];
}

function dependenciesOf(permission: ParsedPermission, seen: Set<string>): ParsedPermission[] {
  const found: ParsedPermission[] = [];
  for (const dependency of MODULE_DEPENDENCIES) {
    if (seen.has(dependency.requires)) continue;
    const applies = dependency.appliesTo.some((pattern) => {
      const parsed = parsePermission(pattern);
      return (
        parsed !== undefined &&
        matchesName(parsed.action, permission.action) &&
        matchesResource(parsed.resource, permission.resource)
      );
    });
    if (!applies) continue;
    seen.add(dependency.requires);
    const required = parsePermission(dependency.requires);
    if (required) found.push(required, ...dependenciesOf(required, seen));
  }
  return found;
}

function scopedContext(permission: ParsedPermission, context: PolicyContext): PolicyContext {
  switch (permission.scope) {
    case undefined:
      return context;
    case 'organization':
      return { ...context, scope: permission.scope, project: undefined };
    default:
      return { ...context, scope: permission.scope, project: undefined, organization: undefined };
  }
}

// The dependency chain of a permission never changes: computed once per permission.
const chains = new Map<string, ParsedPermission[]>();

function chainOf(permission: ParsedPermission): ParsedPermission[] {
  const own = formatKey(permission);
  const key = `${own}@${permission.scope ?? ''}`;
  let chain = chains.get(key);
  if (!chain) {
    chain = [permission, ...dependenciesOf(permission, new Set([own]))];
    if (chains.size > 2000) chains.clear();
    chains.set(key, chain);
  }
  return chain;
}

function passesWithDependencies(
  policies: readonly Policy[],
  permission: ParsedPermission,
  context: PolicyContext,
  options: CheckOptions,
): boolean {
  const chain = chainOf(permission);
  return chain.every((part) =>
    evaluate(policies, {
      action: part.action,
      resource: part.resource,
      context: scopedContext(part, context),
      principals: options.principals,
    }),
  );
}

function formatKey({ action, resource }: ParsedPermission): string {
  return `${action}=>${resource}`;
}

function accessibleProjects(access: AccessControlLike): string[] {
  const codes = (access.projects ?? []).map((project) => project.code_name);
  return [...new Set([...codes, ...Object.keys(access.projectPolicies ?? {})])];
}

function checkOne(
  access: AccessControlLike,
  permissionString: string,
  context: PolicyContext,
  options: CheckOptions,
): boolean {
  const permission = parsePermission(permissionString);
  if (!permission) return false;
  if (context.scope !== ALL_PROJECTS_SCOPE || permission.scope !== undefined) {
    return passesWithDependencies(access.policies, permission, context, options);
  }
  if (!ALL_PROJECTS_RESOURCES.includes(resourceType(permission.resource))) return false;
  return accessibleProjects(access).some((code) =>
    passesWithDependencies(
      access.projectPolicies?.[code] ?? access.policies,
      permission,
      { ...context, project: code, scope: PROJECT_SCOPE },
      options,
    ),
  );
}

/** Whether the access control grants the check in the context (null access → false). */
export function checkPermission(
  access: AccessControlLike | null | undefined,
  check: PermissionCheck,
  context: PolicyContext = {},
  options: CheckOptions = {},
): boolean {
  if (!access) return false;
  if (typeof check === 'string') return checkOne(access, check, context, options);
  if ('all' in check) return check.all.every((part) => checkPermission(access, part, context, options));
  return check.any.some((part) => checkPermission(access, part, context, options));
}

/**
 * A checker for `setPermissionChecker` (permissions/checker.ts), so the API client rejects
 * mutations the session may not perform. The getters are read on every check.
 */
export function permissionCheckerFor(
  getAccess: () => AccessControlLike | null | undefined,
  getContext: () => PolicyContext = () => ({}),
): (permission: string) => boolean {
  return (permission) => checkPermission(getAccess(), permission as PermissionString, getContext());
}
