/** @jest-environment node */
import fc from 'fast-check';
import type { Policy, PolicyEffect } from '../entities/session';
import { decide, evaluate, hasPolicyRole, matchesResource, type PolicyRequest } from './evaluator';

const ACTIONS = ['list', 'view', 'create', 'update', 'updateProgress', 'delete'];
const TYPES = ['Requirement', 'Application', 'RBOM', 'Task'];

const action = fc.constantFrom(...ACTIONS);
const resource = fc.oneof(
  fc.constantFrom(...TYPES),
  fc.tuple(fc.constantFrom(...TYPES), fc.integer({ min: 1, max: 5 })).map(([type, id]) => `${type}::${id}`),
);
const principal = fc.constantFrom('Role::READER', 'Role::AUTHOR', 'Role::ADMIN');
const condition = fc.constantFrom<string | undefined>(undefined, "project == 'alpha'", "project == 'beta'", 'nonsense(');
const policy: fc.Arbitrary<Policy> = fc.record({
  effect: fc.constantFrom<PolicyEffect>('allow', 'forbid', 'restrict'),
  actions: fc.array(fc.oneof(action, fc.constant('*'), fc.constant('update*')), { minLength: 1, maxLength: 3 }),
  resources: fc.array(fc.oneof(resource, fc.constant('*'), fc.constant('Req*')), { minLength: 1, maxLength: 3 }),
  principals: fc.array(principal, { maxLength: 2 }),
  condition,
});
const request: fc.Arbitrary<PolicyRequest> = fc.record({
  action,
  resource,
  context: fc.record({ project: fc.constantFrom('alpha', 'beta') }),
  principals: fc.option(fc.array(principal, { maxLength: 2 }), { nil: undefined }),
});

const allowAll: Policy = { effect: 'allow', actions: ['*'], resources: ['*'], principals: [] };

describe('evaluate: precedence (property-based)', () => {
  it('denies whenever a forbid or restrict applies, whatever the allows', () => {
    fc.assert(
      fc.property(fc.array(policy), request, fc.constantFrom<PolicyEffect>('forbid', 'restrict'), (policies, req, effect) => {
        const denying: Policy = { effect, actions: [req.action], resources: [req.resource], principals: [] };
        const mixed = [allowAll, ...policies, denying, allowAll];
        expect(evaluate(mixed, req)).toBe(false);
        expect(decide(mixed, req).reason).not.toBe('allowed');
      }),
    );
  });

  it('denies without an applying allow', () => {
    fc.assert(
      fc.property(fc.array(policy), request, (policies, req) => {
        const noAllows = policies.filter((p) => p.effect !== 'allow');
        expect(evaluate(noAllows, req)).toBe(false);
        expect(evaluate([], req)).toBe(false);
      }),
    );
  });

  it('allows when an allow applies and no forbid or restrict does', () => {
    fc.assert(
      fc.property(fc.array(policy), request, (policies, req) => {
        const withAllow = [...policies, allowAll];
        const denied = policies.some((p) => p.effect !== 'allow' && decide([p], req).reason !== 'no-allow');
        expect(evaluate(withAllow, req)).toBe(!denied);
      }),
    );
  });

  it('never changes its answer when policies that do not apply are removed', () => {
    fc.assert(
      fc.property(fc.array(policy), request, (policies, req) => {
        const applying = policies.filter((p) => decide([p], req).reason !== 'no-allow');
        expect(evaluate(applying, req)).toBe(evaluate(policies, req));
      }),
    );
  });

  it('does not depend on the order of the policies', () => {
    fc.assert(
      fc.property(fc.array(policy), request, (policies, req) => {
        expect(evaluate([...policies].reverse(), req)).toBe(evaluate(policies, req));
      }),
    );
  });
});

describe('evaluate: wildcards and resources (property-based)', () => {
  it('`*` matches every action and every resource', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, r) => {
        expect(evaluate([allowAll], { action: a, resource: r })).toBe(true);
      }),
    );
  });

  it('a policy on Name covers Name::id; a policy on Name::id covers only that id', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), fc.nat(), fc.nat(), action, (type, id, other, act) => {
        const onType: Policy = { effect: 'allow', actions: [act], resources: [type], principals: [] };
        const onId: Policy = { ...onType, resources: [`${type}::${id}`] };
        expect(evaluate([onType], { action: act, resource: `${type}::${id}` })).toBe(true);
        expect(evaluate([onId], { action: act, resource: `${type}::${id}` })).toBe(true);
        expect(evaluate([onId], { action: act, resource: type })).toBe(false);
        expect(evaluate([onId], { action: act, resource: `${type}::${other}` })).toBe(id === other);
      }),
    );
  });

  it('a prefix wildcard matches names that start with the prefix, and only those', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (prefix, rest) => {
        expect(matchesResource(`${prefix}*`, `${prefix}${rest}`)).toBe(true);
      }),
    );
    const policy: Policy = { effect: 'allow', actions: ['update*'], resources: ['Requirement'], principals: [] };
    expect(evaluate([policy], { action: 'updateProgress', resource: 'Requirement::7' })).toBe(true);
    expect(evaluate([policy], { action: 'view', resource: 'Requirement' })).toBe(false);
    expect(matchesResource('Req.*', 'Requirement')).toBe(false);
    expect(evaluate([{ ...policy, actions: ['update'] }], { action: 'Update', resource: 'Requirement' })).toBe(false);
  });
});

describe('evaluate: principals and conditions', () => {
  const authorOnly: Policy = { effect: 'allow', actions: ['*'], resources: ['*'], principals: ['Role::AUTHOR'] };

  it('applies a policy with principals only to requests sharing one; unnamed requests skip the check', () => {
    expect(evaluate([authorOnly], { action: 'view', resource: 'Task', principals: ['Role::AUTHOR'] })).toBe(true);
    expect(evaluate([authorOnly], { action: 'view', resource: 'Task', principals: ['Role::READER'] })).toBe(false);
    expect(evaluate([authorOnly], { action: 'view', resource: 'Task' })).toBe(true);
    expect(evaluate([{ ...authorOnly, principals: [] }], { action: 'view', resource: 'Task', principals: [] })).toBe(true);
  });

  it('applies a policy only where its condition holds', () => {
    const alphaOnly: Policy = { ...allowAll, condition: "project == 'alpha' && scope != 'all-projects'" };
    expect(evaluate([alphaOnly], { action: 'view', resource: 'Task', context: { project: 'alpha' } })).toBe(true);
    expect(evaluate([alphaOnly], { action: 'view', resource: 'Task', context: { project: 'beta' } })).toBe(false);
    const forbidBeta: Policy = { ...allowAll, effect: 'forbid', condition: "project == 'beta'" };
    expect(evaluate([allowAll, forbidBeta], { action: 'view', resource: 'Task', context: { project: 'alpha' } })).toBe(true);
    expect(evaluate([allowAll, forbidBeta], { action: 'view', resource: 'Task', context: { project: 'beta' } })).toBe(false);
  });

  it('explains which policy decided', () => {
    const forbid: Policy = { ...allowAll, effect: 'restrict', resources: ['Requirement'] };
    expect(decide([allowAll, forbid], { action: 'delete', resource: 'Requirement::1' })).toEqual({
      allowed: false,
      reason: 'restricted',
      policy: forbid,
    });
    expect(decide([allowAll, forbid], { action: 'delete', resource: 'Task' })).toEqual({ allowed: true, reason: 'allowed', policy: allowAll });
  });
});

describe('hasPolicyRole', () => {
  const policies: Policy[] = [
    { effect: 'allow', actions: ['view'], resources: ['*'], principals: ['Role::READER'] },
    { effect: 'forbid', actions: ['*'], resources: ['*'], principals: ['Role::ADMIN'] },
  ];

  it('finds a Role principal in allow policies only, bare or prefixed', () => {
    expect(hasPolicyRole(policies, 'READER')).toBe(true);
    expect(hasPolicyRole(policies, 'Role::READER')).toBe(true);
    expect(hasPolicyRole(policies, 'ADMIN')).toBe(false);
    expect(hasPolicyRole(policies, 'AUTHOR')).toBe(false);
  });
});
