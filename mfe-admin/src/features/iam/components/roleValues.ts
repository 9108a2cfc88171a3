// The values of the role form and their checks: a role's name (created only), kind, description,
// the catalogue permissions it grants (chosen by family, permissionGroups.ts) and its other
// policies, each edited as text (comma-separated actions and resources).
import { MESSAGES, validateField, type PolicyEffect } from '@portal/shared';
import type { NewRole, PolicyInput, Role, RoleKind, RoleScope } from '../api/roles';
import { grantPolicies, splitPolicies } from './permissionGroups';

export const POLICY_EFFECTS: readonly PolicyEffect[] = ['allow', 'forbid', 'restrict'];

export interface PolicyValues {
  effect: PolicyEffect;
  actions: string;
  resources: string;
  condition: string;
}

export interface RoleValues {
  name: string;
  kind: RoleKind;
  description: string;
  /** Catalogue permissions granted (`action=>Resource`). */
  permissions: string[];
  /** The other policies: forbid, restrict, conditions, wildcards, resources outside the catalogue. */
  policies: PolicyValues[];
}

export const NAME_RULE_MESSAGE = 'Use 2 to 64 letters, digits, _ or -.';
export const GLOBAL_NAME_MESSAGE = 'A global role name begins with _.';
export const ORGANIZATION_NAME_MESSAGE = 'Only global role names begin with _.';

const NAME_PATTERN = /^[A-Za-z0-9_-]{2,64}$/;

/** The kinds a role created in a scope may have. */
export function kindsOf(scope: RoleScope): RoleKind[] {
  return scope === 'global' ? ['global'] : ['organization', 'process'];
}

export const emptyPolicy = (): PolicyValues => ({ effect: 'allow', actions: '', resources: '', condition: '' });

export function emptyRole(scope: RoleScope): RoleValues {
  return { name: scope === 'global' ? '_' : '', kind: kindsOf(scope)[0], description: '', permissions: [], policies: [] };
}

const listText = (items: readonly string[]): string => items.join(', ');
const listOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

export function toValues(role: Role): RoleValues {
  const { permissions, others } = splitPolicies(role.policies);
  return {
    name: role.name,
    kind: role.kind,
    description: role.description,
    permissions,
    policies: others.map((policy) => ({
      effect: policy.effect,
      actions: listText(policy.actions),
      resources: listText(policy.resources),
      condition: policy.condition ?? '',
    })),
  };
}

export function toPolicies(values: RoleValues): PolicyInput[] {
  return [...grantPolicies(values.permissions), ...otherPolicies(values)];
}

function otherPolicies(values: RoleValues): PolicyInput[] {
  return values.policies.map((policy) => ({
    effect: policy.effect,
    actions: listOf(policy.actions),
    resources: listOf(policy.resources),
    condition: policy.condition.trim() === '' ? null : policy.condition.trim(),
  }));
}

export function toNewRole(values: RoleValues): NewRole {
  return { name: values.name, kind: values.kind, description: values.description.trim(), policies: toPolicies(values) };
}

export interface PolicyErrors {
  actions?: string;
  resources?: string;
  condition?: string;
}

export interface RoleErrors {
  name?: string;
  description?: string;
  policies: PolicyErrors[];
}

export function roleNameError(name: string, scope: RoleScope): string | undefined {
  if (name.trim() === '') return MESSAGES.required;
  if (!NAME_PATTERN.test(name)) return NAME_RULE_MESSAGE;
  if (scope === 'global' && !name.startsWith('_')) return GLOBAL_NAME_MESSAGE;
  if (scope !== 'global' && name.startsWith('_')) return ORGANIZATION_NAME_MESSAGE;
  return undefined;
}

function policyErrors(policy: PolicyValues): PolicyErrors {
  const errors: PolicyErrors = {};
  const actions = validateField({ required: true }, policy.actions);
  const resources = validateField({ required: true }, policy.resources);
  const condition = validateField({}, policy.condition);
  if (actions) errors.actions = actions;
  if (resources) errors.resources = resources;
  if (condition) errors.condition = condition;
  return errors;
}

/** Every message of the form; `checkName` is false when editing (the name cannot change). */
export function roleErrors(values: RoleValues, scope: RoleScope, checkName: boolean): RoleErrors {
  const errors: RoleErrors = { policies: values.policies.map(policyErrors) };
  if (checkName) errors.name = roleNameError(values.name, scope);
  errors.description = validateField({}, values.description);
  return errors;
}

export function hasErrors(errors: RoleErrors): boolean {
  return Boolean(errors.name || errors.description || errors.policies.some((policy) => Object.keys(policy).length > 0));
}

/** Whether the form changes anything the API would store. */
export function changed(values: RoleValues, initial: RoleValues): boolean {
  const canonical = (role: RoleValues) =>
    JSON.stringify({ name: role.name, kind: role.kind, description: role.description.trim(), policies: toPolicies(role) });
  return canonical(values) !== canonical(initial);
}
