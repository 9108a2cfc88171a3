// What IAM accepts as a role (docs/authorization.md "IAM"): its name, kind, description and
// policies, checked strictly before anything is stored — a stored policy is evaluated on every
// request of every holder, so nothing malformed may get in.
import { MESSAGES, evaluateCondition, type NewRole, type PolicyEffect, type RoleChanges } from '@portal/shared/server';
import type { PolicyInput, RoleKind } from '../authorization/defaults';

export type RoleScope = { kind: 'global' } | { kind: 'organization'; organizationId: string };

export const ROLE_KINDS: readonly RoleKind[] = ['process', 'organization', 'global'];
export const POLICY_EFFECTS: readonly PolicyEffect[] = ['allow', 'forbid', 'restrict'];

export const MAX_POLICIES = 200;
export const MAX_NAMES = 50;
export const MAX_NAME_LENGTH = 255;
export const MAX_CONDITION_LENGTH = 2000;
export const MAX_DESCRIPTION_LENGTH = 1000;

const ROLE_NAME = /^[A-Za-z0-9_-]{2,64}$/;

export const NAME_RULE_MESSAGE = 'Use 2 to 64 letters, digits, _ or -.';
export const GLOBAL_NAME_MESSAGE = 'A global role name begins with _.';
export const ORGANIZATION_NAME_MESSAGE = 'Only global role names begin with _.';
export const KIND_MESSAGE = 'Must be process, organization or global.';
export const GLOBAL_KIND_MESSAGE = 'Only global roles are created in the global scope.';
export const ORGANIZATION_KIND_MESSAGE = 'Global roles are created in the global scope.';
export const POLICIES_MESSAGE = `Must be a list of at most ${MAX_POLICIES} policies.`;
export const POLICY_MESSAGE = 'Must be a policy: effect, actions, resources and condition.';
export const EFFECT_MESSAGE = 'Must be allow, forbid or restrict.';
export const NAMES_MESSAGE = `Must be a list of 1 to ${MAX_NAMES} names without spaces.`;
export const CONDITION_MESSAGE = 'The condition is not a valid expression.';

/**
 * Whether the condition is an expression the policy evaluator can parse (its own parser, so the
 * answer cannot differ from evaluation). `1||(c)` and `1||[c]` evaluate to true exactly when they
 * parse — `||` stops before reading `c` — and a `c` that closes the bracket around it to smuggle
 * in text (`a) || (b`) cannot close both kinds at once. (The evaluator refuses expressions over
 * 2000 characters, so a condition of its last 5 is refused too.)
 */
export function conditionParses(condition: string): boolean {
  return evaluateCondition(`1||(${condition})`, {}) && evaluateCondition(`1||[${condition}]`, {});
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function nameList(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_NAMES) return undefined;
  const names: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string' || item === '' || item.length > MAX_NAME_LENGTH || /\s/.test(item)) return undefined;
    names.push(item);
  }
  return names;
}

/** Policies as stored (condition null when absent or blank), or the message of each bad field. */
export function parsePolicies(value: unknown): { policies: PolicyInput[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (value === undefined || value === null) return { policies: [], errors: { policies: MESSAGES.required } };
  if (!Array.isArray(value) || value.length > MAX_POLICIES) return { policies: [], errors: { policies: POLICIES_MESSAGE } };
  const policies: PolicyInput[] = [];
  value.forEach((item: unknown, index) => {
    const at = `policies[${index}]`;
    if (!isRecord(item)) {
      errors[at] = POLICY_MESSAGE;
      return;
    }
    const effect = item.effect;
    if (typeof effect !== 'string' || !(POLICY_EFFECTS as readonly string[]).includes(effect)) errors[`${at}.effect`] = EFFECT_MESSAGE;
    const actions = nameList(item.actions);
    if (!actions) errors[`${at}.actions`] = NAMES_MESSAGE;
    const resources = nameList(item.resources);
    if (!resources) errors[`${at}.resources`] = NAMES_MESSAGE;
    let condition: string | null = null;
    if (item.condition !== undefined && item.condition !== null) {
      if (typeof item.condition !== 'string') errors[`${at}.condition`] = MESSAGES.invalidInput;
      else if (item.condition.length > MAX_CONDITION_LENGTH) errors[`${at}.condition`] = MESSAGES.maxLength(MAX_CONDITION_LENGTH);
      else if (item.condition.trim() !== '') {
        condition = item.condition.trim();
        if (!conditionParses(condition)) errors[`${at}.condition`] = CONDITION_MESSAGE;
      }
    }
    if (actions && resources) policies.push({ effect: effect as PolicyEffect, actions, resources, condition });
  });
  return { policies, errors };
}

/** A description: optional text of at most 1000 characters, trimmed. */
export function parseDescription(value: unknown, errors: Record<string, string>): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    errors.description = MESSAGES.invalidInput;
    return undefined;
  }
  const description = value.trim();
  if ([...description].length > MAX_DESCRIPTION_LENGTH) errors.description = MESSAGES.maxLength(MAX_DESCRIPTION_LENGTH);
  return description;
}

/** POST iam/roles once parsed: the contract's NewRole. */
export type NewRoleInput = NewRole;

/** POST iam/roles: global roles (names beginning with `_`) in the global scope, the others in an organization. */
export function parseNewRole(body: unknown, scope: RoleScope): { role?: NewRoleInput; errors: Record<string, string> } {
  const input = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const global = scope.kind === 'global';
  const name = input.name;
  if (typeof name !== 'string' || name.trim() === '') errors.name = MESSAGES.required;
  else if (!ROLE_NAME.test(name)) errors.name = NAME_RULE_MESSAGE;
  else if (global && !name.startsWith('_')) errors.name = GLOBAL_NAME_MESSAGE;
  else if (!global && name.startsWith('_')) errors.name = ORGANIZATION_NAME_MESSAGE;
  const kind = input.kind;
  if (typeof kind !== 'string' || kind === '') errors.kind = MESSAGES.required;
  else if (!(ROLE_KINDS as readonly string[]).includes(kind)) errors.kind = KIND_MESSAGE;
  else if (global && kind !== 'global') errors.kind = GLOBAL_KIND_MESSAGE;
  else if (!global && kind === 'global') errors.kind = ORGANIZATION_KIND_MESSAGE;
  const description = parseDescription(input.description, errors);
  const parsed = parsePolicies(input.policies);
  Object.assign(errors, parsed.errors);
  if (Object.keys(errors).length > 0) return { errors };
  return { role: { name: name as string, kind: kind as RoleKind, description: description ?? '', policies: parsed.policies }, errors };
}

export type { RoleChanges };

/** PUT iam/roles/{name}: the description and the policies (the name and kind never change). */
export function parseRoleChanges(body: unknown): { changes?: RoleChanges; errors: Record<string, string> } {
  const input = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const description = parseDescription(input.description, errors);
  const parsed = parsePolicies(input.policies);
  Object.assign(errors, parsed.errors);
  if (Object.keys(errors).length > 0) return { errors };
  return { changes: { description, policies: parsed.policies }, errors };
}
