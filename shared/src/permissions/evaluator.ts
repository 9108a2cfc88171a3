// The policy evaluator of spec 6, shared by the browser and the API so both decide alike.
//
// Rules (exact):
// - Names: an action or resource pattern matches a name when equal (case-sensitive) or when the
//   pattern contains `*`, each `*` standing for any run of characters (possibly empty): `*` matches
//   everything, `Requirement*` matches `Requirement` and `RequirementComment`, `update*` matches
//   `updateProgress`.
// - Resources: a requested `Name::id` is matched against the patterns as it is AND as its type
//   `Name` (the text before the first `::`), so a policy on `Requirement` covers
//   `Requirement::42`. A policy on `Requirement::42` does not cover `Requirement` or
//   `Requirement::43`.
// - Principals: when the request names principals, a policy that lists principals applies only if
//   the lists share an entry (or the policy lists `*`); a policy without principals applies to
//   everyone. When the request names none, principals are not checked: the session's policies are
//   already the caller's own (the server resolved them).
// - Conditions: see condition.ts; a condition that does not hold makes its policy not apply.
// - Decision: any applying forbid or restrict denies (restrict is treated as forbid; the spec
//   draws no difference); otherwise an applying allow permits; otherwise denied.
import type { Policy } from '../entities/session';
import { evaluateCondition, type PolicyContext } from './condition';

export interface PolicyRequest {
  action: string;
  /** A resource type (`Requirement`) or instance (`Requirement::42`). */
  resource: string;
  context?: PolicyContext;
  /** The caller's principals, e.g. `['Role::AUTHOR']`; omit when the policies are the caller's. */
  principals?: readonly string[];
}

export type DecisionReason = 'allowed' | 'forbidden' | 'restricted' | 'no-allow';

export interface Decision {
  allowed: boolean;
  reason: DecisionReason;
  /** The policy that decided (the denying one, or the first allow); absent for no-allow. */
  policy?: Policy;
}

const compiled = new Map<string, RegExp>();

function wildcard(pattern: string): RegExp {
  let regexp = compiled.get(pattern);
  if (!regexp) {
    const body = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    regexp = new RegExp(`^${body}$`, 's');
    if (compiled.size > 1000) compiled.clear();
    compiled.set(pattern, regexp);
  }
  return regexp;
}

/** Whether a name pattern (`*` = any run of characters) matches a name. */
export function matchesName(pattern: string, name: string): boolean {
  if (pattern === name || pattern === '*') return true;
  return pattern.includes('*') && wildcard(pattern).test(name);
}

/** The type of a resource: `Requirement::42` → `Requirement`. */
export function resourceType(resource: string): string {
  const separator = resource.indexOf('::');
  return separator < 0 ? resource : resource.slice(0, separator);
}

export function matchesResource(pattern: string, resource: string): boolean {
  if (matchesName(pattern, resource)) return true;
  const type = resourceType(resource);
  return type !== resource && matchesName(pattern, type);
}

function principalsApply(policy: Policy, principals: readonly string[] | undefined): boolean {
  if (principals === undefined) return true;
  const listed = policy.principals ?? [];
  if (listed.length === 0 || listed.includes('*')) return true;
  return listed.some((principal) => principals.includes(principal));
}

/** Whether a policy applies to a request (action, resource, principals, condition). */
export function policyApplies(policy: Policy, request: PolicyRequest): boolean {
  return (
    (policy.actions ?? []).some((action) => matchesName(action, request.action)) &&
    (policy.resources ?? []).some((resource) => matchesResource(resource, request.resource)) &&
    principalsApply(policy, request.principals) &&
    evaluateCondition(policy.condition, request.context ?? {})
  );
}

/** The decision with the policy that made it (for logs and IAM's "why"). */
export function decide(policies: readonly Policy[], request: PolicyRequest): Decision {
  let firstAllow: Policy | undefined;
  for (const policy of policies) {
    if (firstAllow && policy.effect === 'allow') continue;
    if (!policyApplies(policy, request)) continue;
    if (policy.effect === 'forbid') return { allowed: false, reason: 'forbidden', policy };
    if (policy.effect === 'restrict') return { allowed: false, reason: 'restricted', policy };
    firstAllow = policy;
  }
  return firstAllow ? { allowed: true, reason: 'allowed', policy: firstAllow } : { allowed: false, reason: 'no-allow' };
}

/** Spec 6: forbid or restrict wins over allow; otherwise an allow is needed. */
export function evaluate(policies: readonly Policy[], request: PolicyRequest): boolean {
  return decide(policies, request).allowed;
}

/**
 * Has-role (spec 6): some allow policy names `Role::<role>` among its principals. `role` may be
 * given bare (`AUTHOR`) or as the principal (`Role::AUTHOR`); conditions are not consulted.
 * (Named apart from the session's `hasRole(session, role)`, which reads `session.roles`.)
 */
export function hasPolicyRole(policies: readonly Policy[], role: string): boolean {
  const principal = role.startsWith('Role::') ? role : `Role::${role}`;
  return policies.some((policy) => policy.effect === 'allow' && (policy.principals ?? []).includes(principal));
}
