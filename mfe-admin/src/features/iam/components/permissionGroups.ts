// The permissions a role can be given one by one, grouped as spec 6 groups them (its families of
// permission strings: modules, requirements, administration …) and, inside a family, by resource.
// A role's policies that are plain grants of such permissions (allow, no condition, no wildcard)
// are edited as choices; every other policy (forbid, restrict, a condition, a wildcard, a resource
// the catalogue does not name) stays a policy edited as text.
import type { PolicyInput } from '@portal/shared';
import { PERMISSIONS, parsePermission } from '@portal/shared/permissions';

/** One permission as a policy grants it: `action=>Resource`, without the scope the check carries. */
export interface PermissionChoice {
  key: string;
  action: string;
  resource: string;
}

export interface PermissionGroup {
  /** The catalogue's family (`requirements`). */
  family: string;
  label: string;
  resources: { resource: string; choices: PermissionChoice[] }[];
  choices: PermissionChoice[];
}

/** Spec 6's families, in its words. */
const FAMILY_LABELS: Record<keyof typeof PERMISSIONS, string> = {
  modules: 'Modules and features',
  requirements: 'Requirements, tasks and documents',
  administration: 'Administration: users, roles and workgroups',
  operations: 'Operations: service modules, metrics, alarms and clouds',
  applications: 'Applications, SBOM and RBOM',
  processes: 'Processes, subscription and organizations',
  development: 'Development',
};

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : [];
}

function buildGroups(): PermissionGroup[] {
  const seen = new Set<string>();
  return (Object.keys(FAMILY_LABELS) as (keyof typeof PERMISSIONS)[]).map((family) => {
    const choices: PermissionChoice[] = [];
    for (const permission of strings(PERMISSIONS[family])) {
      const parsed = parsePermission(permission);
      if (!parsed) continue;
      const key = `${parsed.action}=>${parsed.resource}`;
      // A scoped variant (list=>Role@global) is granted by the same policy as the plain one.
      if (seen.has(key)) continue;
      seen.add(key);
      choices.push({ key, action: parsed.action, resource: parsed.resource });
    }
    const resources: PermissionGroup['resources'] = [];
    for (const choice of choices) {
      const row = resources.find((entry) => entry.resource === choice.resource);
      if (row) row.choices.push(choice);
      else resources.push({ resource: choice.resource, choices: [choice] });
    }
    return { family, label: FAMILY_LABELS[family], resources, choices };
  });
}

export const PERMISSION_GROUPS: readonly PermissionGroup[] = buildGroups();

const ORDER = new Map(PERMISSION_GROUPS.flatMap((group) => group.choices).map((choice, index) => [choice.key, index]));

/** Whether the policy only grants catalogue permissions, so it can be edited as choices. */
function isPlainGrant(policy: PolicyInput): boolean {
  if (policy.effect !== 'allow' || (policy.condition ?? '').trim() !== '') return false;
  if (policy.actions.length === 0 || policy.resources.length === 0) return false;
  return policy.actions.every((action) => policy.resources.every((resource) => ORDER.has(`${action}=>${resource}`)));
}

/** The role's policies as chosen permissions and the other policies (kept as they are). */
export function splitPolicies(policies: readonly PolicyInput[]): { permissions: string[]; others: PolicyInput[] } {
  const permissions = new Set<string>();
  const others: PolicyInput[] = [];
  for (const policy of policies) {
    if (!isPlainGrant(policy)) {
      others.push(policy);
      continue;
    }
    for (const action of policy.actions) for (const resource of policy.resources) permissions.add(`${action}=>${resource}`);
  }
  return { permissions: sortPermissions([...permissions]), others };
}

/** Chosen permissions in the catalogue's order. */
export function sortPermissions(permissions: readonly string[]): string[] {
  return [...new Set(permissions)].sort((a, b) => (ORDER.get(a) ?? Infinity) - (ORDER.get(b) ?? Infinity));
}

/** The chosen permissions as policies: one allow per resource with its actions (as the built-in roles are stored). */
export function grantPolicies(permissions: readonly string[]): PolicyInput[] {
  const byResource = new Map<string, string[]>();
  for (const key of sortPermissions(permissions)) {
    const parsed = parsePermission(key);
    if (!parsed) continue;
    byResource.set(parsed.resource, [...(byResource.get(parsed.resource) ?? []), parsed.action]);
  }
  return [...byResource].map(([resource, actions]) => ({ effect: 'allow', actions, resources: [resource], condition: null }));
}

/**
 * The group's permissions the filter text finds: all of them when every word is in the family's
 * name, else those with every word in the permission (its action and resource).
 */
export function matchingChoices(group: PermissionGroup, filter: string): PermissionChoice[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const label = group.label.toLowerCase();
  if (words.every((word) => label.includes(word))) return group.choices;
  return group.choices.filter((choice) => words.every((word) => choice.key.toLowerCase().includes(word)));
}
