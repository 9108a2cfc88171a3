import type { Role } from '../api/roles';
import { changed, emptyPolicy, emptyRole, GLOBAL_NAME_MESSAGE, hasErrors, NAME_RULE_MESSAGE, ORGANIZATION_NAME_MESSAGE, roleErrors, roleNameError, toPolicies, toValues } from './roleValues';

const role: Role = {
  name: 'AUDITOR',
  kind: 'organization',
  description: 'Reads reports.',
  built_in: false,
  customized: false,
  policies: [{ effect: 'restrict', actions: ['view', 'list'], resources: ['Requirement', 'Module::Requirement'], condition: 'project == "alpha"' }],
};

describe('role values', () => {
  it('edits policies as text and sends them back as lists, an empty condition as null', () => {
    const values = toValues(role);
    expect(values.policies[0]).toEqual({ effect: 'restrict', actions: 'view, list', resources: 'Requirement, Module::Requirement', condition: 'project == "alpha"' });
    expect(toPolicies(values)).toEqual(role.policies);
    expect(toPolicies({ ...values, policies: [{ ...values.policies[0], actions: ' view,,list  ', condition: '  ' }] })).toEqual([
      { ...role.policies[0], condition: null },
    ]);
  });

  it('edits plain grants of catalogue permissions as choices, everything else as policies', () => {
    const mixed: Role = {
      ...role,
      policies: [
        { effect: 'allow', actions: ['view', 'list'], resources: ['Requirement'], condition: null },
        { effect: 'allow', actions: ['list'], resources: ['Task', 'Document'], condition: null },
        { effect: 'allow', actions: ['*'], resources: ['User'], condition: null },
        { effect: 'allow', actions: ['list'], resources: ['Organization'], condition: 'scope == "global"' },
        { effect: 'allow', actions: ['list'], resources: ['Nonsense'], condition: null },
        ...role.policies,
      ],
    };
    const values = toValues(mixed);
    // In the catalogue's order.
    expect(values.permissions).toEqual(['list=>Requirement', 'view=>Requirement', 'list=>Document', 'list=>Task']);
    expect(values.policies.map((policy) => `${policy.effect} ${policy.actions} ${policy.resources}`)).toEqual([
      'allow * User',
      'allow list Organization',
      'allow list Nonsense',
      'restrict view, list Requirement, Module::Requirement',
    ]);
    expect(toPolicies(values)).toEqual([
      { effect: 'allow', actions: ['list', 'view'], resources: ['Requirement'], condition: null },
      { effect: 'allow', actions: ['list'], resources: ['Document'], condition: null },
      { effect: 'allow', actions: ['list'], resources: ['Task'], condition: null },
      ...mixed.policies.slice(2),
    ]);
    // Regrouped, not changed.
    expect(changed(values, toValues(mixed))).toBe(false);
    expect(changed({ ...values, permissions: values.permissions.slice(1) }, values)).toBe(true);
  });

  it('names: 2 to 64 letters, digits, _ or -; global names and only they begin with _', () => {
    expect(roleNameError('', 'organization')).toBe('Required.');
    expect(roleNameError('A', 'organization')).toBe(NAME_RULE_MESSAGE);
    expect(roleNameError('A'.repeat(65), 'organization')).toBe(NAME_RULE_MESSAGE);
    expect(roleNameError('a b', 'organization')).toBe(NAME_RULE_MESSAGE);
    expect(roleNameError('_x', 'organization')).toBe(ORGANIZATION_NAME_MESSAGE);
    expect(roleNameError('x-1', 'global')).toBe(GLOBAL_NAME_MESSAGE);
    expect(roleNameError('_x-1', 'global')).toBeUndefined();
    expect(roleNameError('AUDIT_2', 'organization')).toBeUndefined();
  });

  it('needs actions and resources in every policy and refuses script markers', () => {
    const values = emptyRole('organization');
    values.name = 'AUDITOR';
    expect(roleErrors(values, 'organization', true).policies).toEqual([]);
    values.policies = [emptyPolicy()];
    expect(roleErrors(values, 'organization', true).policies).toEqual([{ actions: 'Required.', resources: 'Required.' }]);
    values.policies = [{ effect: 'allow', actions: 'view', resources: 'Requirement', condition: 'javascript:alert(1)' }];
    expect(roleErrors(values, 'organization', true).policies).toEqual([{ condition: 'Invalid input.' }]);
    values.policies[0].condition = '';
    expect(hasErrors(roleErrors(values, 'organization', true))).toBe(false);
  });

  it('counts only changes the API would store', () => {
    const values = toValues(role);
    expect(changed({ ...values, description: 'Reads reports. ' }, values)).toBe(false);
    expect(changed({ ...values, policies: [{ ...values.policies[0], actions: 'view,list' }] }, values)).toBe(false);
    expect(changed({ ...values, policies: [] }, values)).toBe(true);
  });
});
