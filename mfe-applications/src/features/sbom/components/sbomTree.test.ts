import { component } from '../../../testing/fixtures';
import { buildSbomTree, visibleNodes } from './sbomTree';

const rows = [
  component('app', null),
  component('express', 'app'),
  component('body-parser', 'express', { vulnerabilities: [{ id: 'GHSA-1', severity: 'HIGH' }] }),
  component('qs', 'body-parser', { vulnerabilities: [{ id: 'GHSA-2', severity: 'MEDIUM' }, { id: 'GHSA-3', severity: 'LOW' }] }),
  component('lodash', 'app', { vulnerabilities: [{ id: 'GHSA-4', severity: 'CRITICAL' }] }),
  component('orphan', 'not-in-the-list'),
];

describe('the SBOM component tree', () => {
  it('places each component under its parent with its level, total and vulnerabilityCount', () => {
    const tree = buildSbomTree(rows);
    expect(tree.roots.map((node) => node.row.bom_ref)).toEqual(['app', 'orphan']);
    const figures = Object.fromEntries(tree.nodes.map((node) => [node.row.bom_ref, [node.level, node.total, node.vulnerabilityCount]]));
    expect(figures).toEqual({
      app: [0, 4, 4],
      express: [1, 2, 3],
      'body-parser': [2, 1, 3],
      qs: [3, 0, 2],
      lodash: [1, 0, 1],
      orphan: [0, 0, 0],
    });
  });

  it('keeps a loop of parents from losing components', () => {
    const tree = buildSbomTree([component('a', 'b'), component('b', 'a'), component('c', 'c')]);
    expect(tree.nodes.map((node) => node.row.bom_ref).sort()).toEqual(['a', 'b', 'c']);
    expect(tree.roots.length).toBeGreaterThanOrEqual(2);
    expect(tree.nodes.reduce((sum, node) => sum + (node.parent ? 1 : 0), 0) + tree.roots.length).toBe(3);
  });

  it('shows the children of expanded nodes, and with a filter the matches with their ancestors', () => {
    const tree = buildSbomTree(rows);
    const refs = (nodes: ReturnType<typeof visibleNodes>) => nodes.map((node) => node.row.bom_ref);
    expect(refs(visibleNodes(tree, new Set(), { text: '', onlyVulnerable: false }))).toEqual(['app', 'orphan']);
    expect(refs(visibleNodes(tree, new Set([0]), { text: '', onlyVulnerable: false }))).toEqual(['app', 'express', 'lodash', 'orphan']);
    expect(refs(visibleNodes(tree, new Set(), { text: 'QS', onlyVulnerable: false }))).toEqual(['app', 'express', 'body-parser', 'qs']);
    expect(refs(visibleNodes(tree, new Set(), { text: '', onlyVulnerable: true }))).toEqual(['app', 'express', 'body-parser', 'qs', 'lodash']);
    expect(refs(visibleNodes(tree, new Set(), { text: 'nothing', onlyVulnerable: false }))).toEqual([]);
  });

  it('builds 20,000 components nested 2,000 deep without recursion', () => {
    const many = Array.from({ length: 20_000 }, (_, index) => component(`c${index}`, index === 0 ? null : `c${index % 2000 === 0 ? index - 2000 : index - 1}`));
    const tree = buildSbomTree(many);
    expect(tree.roots).toHaveLength(1);
    expect(tree.roots[0].total).toBe(19_999);
    expect(Math.max(...tree.nodes.map((node) => node.level))).toBeGreaterThanOrEqual(1999);
  });
});
