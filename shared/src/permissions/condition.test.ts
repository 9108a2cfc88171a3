/** @jest-environment node */
import { evaluateCondition, type PolicyContext } from './condition';

const context: PolicyContext = {
  organization: { id: 'org-1', name: 'Acme' },
  project: 'alpha',
  scope: 'project',
  app_key: 'payments',
  level: 3,
  tags: ['pci', 'sox'],
};

describe('evaluateCondition', () => {
  it.each([
    ['', true],
    ['   ', true],
    ["project == 'alpha'", true],
    ["project === 'alpha' && scope == 'project'", true],
    ["project != 'alpha' || app_key == 'payments'", true],
    ["organization.id == 'org-1'", true],
    ["organization['name'] == 'Acme'", true],
    ['level >= 3 && level < 4', true],
    ['level > -1', true],
    ["'pci' in tags", true],
    ["project in ['alpha', 'beta']", true],
    ['tags.length == 2 && tags[1] == \'sox\'', true],
    ["!(project == 'beta')", true],
    ["scope == 'project' ? level == 3 : false", true],
    ['!missing', true],
    ["project == 'beta'", false],
    ["'hipaa' in tags", false],
    ["level == '3'", false], // no coercion
    ["level < 'z'", false], // mixed types never order
    ['project', false], // a string is not `true`
    ['missing.deep.path == 1', false],
    ["organization.id == 'org-1' &&", false], // malformed
  ])('%s → %s', (condition, expected) => {
    expect(evaluateCondition(condition, context)).toBe(expected);
  });

  it('holds without a condition', () => {
    expect(evaluateCondition(undefined, {})).toBe(true);
    expect(evaluateCondition(null, {})).toBe(true);
  });

  it.each([
    "constructor.constructor('x')()",
    "project.constructor.constructor('return process')().exit()",
    'process.exit()',
    "app_key.toString() == 'payments'",
    '__proto__.polluted = 1',
    "tags['constructor'] === tags['constructor'] && tags['constructor'] != undefined",
    'this.project == "alpha"',
    'level + 1 == 4',
    'a, b',
    '/x/.test(project)',
    'x'.repeat(3000),
  ])('treats a hostile or unsupported condition as false without side effects: %s', (condition) => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      expect(evaluateCondition(condition, context)).toBe(false);
      expect(exit).not.toHaveBeenCalled();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      exit.mockRestore();
    }
  });

  it('does not read inherited properties of the context', () => {
    const inherited = Object.assign(Object.create({ project: 'alpha' }) as PolicyContext, {});
    expect(evaluateCondition("project == 'alpha'", inherited)).toBe(false);
    expect(evaluateCondition('toString === undefined && hasOwnProperty === undefined', {})).toBe(true);
  });

  it('survives deep nesting', () => {
    expect(evaluateCondition(`${'!'.repeat(500)}true`, {})).toBe(false);
    // Parentheses leave no node behind, so they do not count towards the depth limit.
    expect(evaluateCondition(`${'('.repeat(200)}true${')'.repeat(200)}`, {})).toBe(true);
  });
});
