// @backend-agnostic: pure functions; no table is read or written.
import { MESSAGES } from '@portal/shared/server';
import {
  CONDITION_MESSAGE,
  EFFECT_MESSAGE,
  GLOBAL_KIND_MESSAGE,
  GLOBAL_NAME_MESSAGE,
  NAMES_MESSAGE,
  NAME_RULE_MESSAGE,
  ORGANIZATION_KIND_MESSAGE,
  ORGANIZATION_NAME_MESSAGE,
  POLICIES_MESSAGE,
  POLICY_MESSAGE,
  conditionParses,
  parseNewRole,
  parsePolicies,
  parseRoleChanges,
  type RoleScope,
} from './policies';

const organization: RoleScope = { kind: 'organization', organizationId: '00000000-0000-0000-0000-000000000001' };
const global: RoleScope = { kind: 'global' };
const allow = { effect: 'allow', actions: ['view'], resources: ['Subscription'], condition: null };

describe('conditionParses', () => {
  it.each([
    'organization == "Acme"',
    'project in ["p1", "p2"] && scope != "global"',
    '!(a.b[0] > 3) || x ? y : z',
    'f(1)', // parses; the evaluator refuses calls when it runs them (false), not here
    'a, b',
  ])('accepts %s', (condition) => {
    expect(conditionParses(condition)).toBe(true);
  });

  it.each(['organization ==', '(a', 'a)', 'a) || (b', 'a] || [b', 'a) || [b', '"unterminated', 'a ==== b', '[', ')('])(
    'refuses %s',
    (condition) => {
      expect(conditionParses(condition)).toBe(false);
    },
  );
});

describe('parsePolicies', () => {
  it('keeps valid policies, a blank condition as null', () => {
    const result = parsePolicies([allow, { effect: 'forbid', actions: ['*'], resources: ['Module::Code'], condition: '  ' }]);
    expect(result.errors).toEqual({});
    expect(result.policies).toEqual([allow, { effect: 'forbid', actions: ['*'], resources: ['Module::Code'], condition: null }]);
  });

  it('refuses what is not a list of policies', () => {
    expect(parsePolicies(undefined).errors).toEqual({ policies: MESSAGES.required });
    expect(parsePolicies(allow).errors).toEqual({ policies: POLICIES_MESSAGE });
    expect(parsePolicies(Array.from({ length: 201 }, () => allow)).errors).toEqual({ policies: POLICIES_MESSAGE });
    expect(parsePolicies(['allow view']).errors).toEqual({ 'policies[0]': POLICY_MESSAGE });
  });

  it('checks effect, actions, resources and condition of each policy', () => {
    const { errors } = parsePolicies([
      allow,
      { effect: 'deny', actions: [], resources: ['has space'], condition: 'a ==' },
      { effect: 'allow', actions: ['view', 3], resources: Array.from({ length: 51 }, (_, i) => `R${i}`), condition: 7 },
      { effect: 'allow', actions: [''], resources: ['R'], condition: 'x'.repeat(2001) },
    ]);
    expect(errors).toEqual({
      'policies[1].effect': EFFECT_MESSAGE,
      'policies[1].actions': NAMES_MESSAGE,
      'policies[1].resources': NAMES_MESSAGE,
      'policies[1].condition': CONDITION_MESSAGE,
      'policies[2].actions': NAMES_MESSAGE,
      'policies[2].resources': NAMES_MESSAGE,
      'policies[2].condition': MESSAGES.invalidInput,
      'policies[3].actions': NAMES_MESSAGE,
      'policies[3].condition': MESSAGES.maxLength(2000),
    });
  });
});

describe('parseNewRole', () => {
  const role = (overrides: object) => ({ name: 'AUDITOR', kind: 'organization', description: ' Audits ', policies: [allow], ...overrides });

  it('accepts a role of the scope, description trimmed', () => {
    expect(parseNewRole(role({}), organization)).toEqual({
      role: { name: 'AUDITOR', kind: 'organization', description: 'Audits', policies: [allow] },
      errors: {},
    });
    expect(parseNewRole(role({ name: '_auditor', kind: 'global' }), global).role?.name).toBe('_auditor');
  });

  it('checks the name and kind against the scope', () => {
    expect(parseNewRole(role({ name: '' }), organization).errors.name).toBe(MESSAGES.required);
    expect(parseNewRole(role({ name: 'a' }), organization).errors.name).toBe(NAME_RULE_MESSAGE);
    expect(parseNewRole(role({ name: 'has space' }), organization).errors.name).toBe(NAME_RULE_MESSAGE);
    expect(parseNewRole(role({ name: 'x'.repeat(65) }), organization).errors.name).toBe(NAME_RULE_MESSAGE);
    expect(parseNewRole(role({ name: '_auditor' }), organization).errors.name).toBe(ORGANIZATION_NAME_MESSAGE);
    expect(parseNewRole(role({ name: 'auditor', kind: 'global' }), global).errors.name).toBe(GLOBAL_NAME_MESSAGE);
    expect(parseNewRole(role({ kind: 'global' }), organization).errors.kind).toBe(ORGANIZATION_KIND_MESSAGE);
    expect(parseNewRole(role({ name: '_auditor' }), global).errors.kind).toBe(GLOBAL_KIND_MESSAGE);
    expect(parseNewRole(role({ kind: undefined }), organization).errors.kind).toBe(MESSAGES.required);
    expect(parseNewRole(role({ description: 'd'.repeat(1001) }), organization).errors.description).toBe(MESSAGES.maxLength(1000));
  });
});

describe('parseRoleChanges', () => {
  it('keeps the description when none is sent', () => {
    expect(parseRoleChanges({ policies: [allow] })).toEqual({ changes: { description: undefined, policies: [allow] }, errors: {} });
    expect(parseRoleChanges({ description: 'x', policies: [] }).changes).toEqual({ description: 'x', policies: [] });
    expect(parseRoleChanges({ description: 'x' }).errors).toEqual({ policies: MESSAGES.required });
  });
});
