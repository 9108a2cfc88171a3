// @backend-agnostic: pure functions; no table is read or written.
// The RBOM rule (rbom.ts), on small graphs whose answer is known.
import { globExpression, runtimeComponents, type RuleComponent } from './rbom';

const component = (position: number, name: string, extra: Partial<RuleComponent> = {}): RuleComponent => ({
  position,
  bom_ref: name,
  name,
  group: null,
  purl: `pkg:npm/${name}@1.0.0`,
  type: 'library',
  ...extra,
});

// 0 app → 1 express, 2 jest, 5 config; 1 → 3 qs; 2 → 4 jest-core → 3 qs, 6 chalk.
const COMPONENTS = [
  component(0, 'app', { type: 'application', purl: null }),
  component(1, 'express'),
  component(2, 'jest'),
  component(3, 'qs'),
  component(4, 'jest-core', { group: '@jest', name: 'core', bom_ref: 'jest-core', purl: 'pkg:npm/%40jest/core@1.0.0' }),
  component(5, 'config.yml', { type: 'file', purl: null }),
  component(6, 'chalk'),
];
const EDGES: Array<[number, number]> = [[0, 1], [0, 2], [0, 5], [1, 3], [2, 4], [4, 3], [4, 6]];
const rule = (exclude: string[] = [], includeTypes: string[] = [], root: number | null = 0, edges = EDGES) =>
  runtimeComponents({ components: COMPONENTS, edges, root, exclude, includeTypes });

describe('the RBOM rule', () => {
  it('keeps everything the root reaches when the profile leaves nothing out', () => {
    expect(rule()).toEqual({ kept: [0, 1, 2, 3, 4, 5, 6], excluded: [] });
  });

  it("leaves out what a pattern matches, and what only it reaches; what else needs stays", () => {
    expect(rule(['pkg:npm/jest@*'])).toEqual({
      kept: [0, 1, 3, 5],
      excluded: [
        { position: 2, reason: 'pattern', pattern: 'pkg:npm/jest@*' },
        { position: 4, reason: 'unreachable' },
        { position: 6, reason: 'unreachable' },
      ],
    });
  });

  it('matches patterns on the purl, on group/name or on the name, ignoring case', () => {
    expect(rule(['@JEST/*']).excluded).toEqual([
      { position: 4, reason: 'pattern', pattern: '@JEST/*' },
      { position: 6, reason: 'unreachable' },
    ]);
    expect(rule(['QS']).excluded).toEqual([{ position: 3, reason: 'pattern', pattern: 'QS' }]);
    expect(rule(['*.yml']).excluded).toEqual([{ position: 5, reason: 'pattern', pattern: '*.yml' }]);
    expect(rule(['ch?lk']).excluded).toEqual([{ position: 6, reason: 'pattern', pattern: 'ch?lk' }]);
  });

  it('keeps only the component types asked for, and always the root', () => {
    expect(rule([], ['library'])).toEqual({ kept: [0, 1, 2, 3, 4, 6], excluded: [{ position: 5, reason: 'type' }] });
    expect(rule(['app'], []).kept).toContain(0);
  });

  it('starts from every component nothing depends on when there is no root', () => {
    expect(rule(['express'], [], null, [[1, 3], [2, 4], [4, 6]])).toEqual({
      kept: [0, 2, 4, 5, 6],
      excluded: [
        { position: 1, reason: 'pattern', pattern: 'express' },
        { position: 3, reason: 'unreachable' },
      ],
    });
  });

  it('reads a glob literally but for * and ?', () => {
    expect(globExpression('pkg:npm/a.b+c@(1)*').test('pkg:npm/a.b+c@(1)2.0')).toBe(true);
    expect(globExpression('a.b').test('axb')).toBe(false);
  });
});
