import type { DependencyGraphNode } from '@portal/shared';
import { graphModel } from '../hooks/useGraphModel';
import { purlOnlyGraph, shippedSbomGraph } from '../testing/sbomGraph';
import { groupComponents, groupedLayout, groupOf, MAX_NAMESPACES, OTHER_NAMESPACES } from './groups';
import { estimateWidth } from './labels';
import { TARGET_ASPECT } from './layout';
import { fitView, frameTitle, sceneLabels } from './scene';

const component = (purl: string | null, overrides: Partial<DependencyGraphNode> = {}): DependencyGraphNode => ({
  bom_ref: purl ?? 'x',
  name: 'x',
  group: null,
  version: null,
  purl,
  type: 'library',
  level: 1,
  severity: null,
  vulnerabilities: [],
  active_exploit: false,
  ...overrides,
});

describe('the grouped overview of an SBOM without stated dependencies', () => {
  it('groups by ecosystem (the purl type) and namespace (npm scope, Maven group, Composer vendor, Go module host)', () => {
    expect(groupOf(component('pkg:npm/%40types/node@14.0.0'))).toEqual({ ecosystem: 'npm', namespace: '@types' });
    expect(groupOf(component('pkg:npm/lodash@4.17.15'))).toEqual({ ecosystem: 'npm', namespace: null });
    expect(groupOf(component('pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10?type=jar'))).toEqual({ ecosystem: 'maven', namespace: 'com.fasterxml.jackson.core' });
    expect(groupOf(component('pkg:composer/guzzlehttp/psr7@1.9.0'))).toEqual({ ecosystem: 'composer', namespace: 'guzzlehttp' });
    expect(groupOf(component('pkg:golang/github.com/emersion/go-imap@v1.0.6'))).toEqual({ ecosystem: 'golang', namespace: 'github.com/emersion' });
    expect(groupOf(component(null, { type: 'file' }))).toEqual({ ecosystem: 'no purl (file)', namespace: null });
  });

  it('draws Juice Shop v11.1.2 (840 npm components, no dependencies) as titled blocks, vulnerable components first', () => {
    const data = shippedSbomGraph('juice-shop-v11.1.2.bom.json.gz');
    expect(data.edges).toEqual([]);
    const { scene } = graphModel(data);
    const frames = scene.groups!;
    expect(frames.map(frameTitle)).toEqual([
      'npm · 834 components, 93 vulnerable',
      'npm @types · 4 components',
      'npm @dabh · 1 component',
      'npm @sindresorhus · 1 component',
    ]);
    // Every component in its group's frame, each in a cell of its own; no frame over another.
    const groups = groupComponents(data.nodes, data.root);
    const cells = new Set<string>();
    groups.forEach((group, g) => {
      const frame = frames[g];
      for (const node of group.members) {
        const [x, y] = [scene.layout.x[node], scene.layout.y[node]];
        expect(x > frame.x && x < frame.x + frame.width && y > frame.y && y < frame.y + frame.height).toBe(true);
        cells.add(`${x},${y}`);
      }
      for (const other of frames.slice(g + 1)) {
        expect(frame.x + frame.width <= other.x || other.x + other.width <= frame.x || frame.y + frame.height <= other.y || other.y + other.height <= frame.y).toBe(true);
      }
      // Worst first: no component without findings before one with.
      const severities = group.members.map((node) => data.nodes[node].severity !== null);
      expect(severities.indexOf(false) === -1 || !severities.slice(severities.indexOf(false)).includes(true)).toBe(true);
    });
    expect(cells.size).toBe(data.nodes.length - 1);
    // About the canvas's shape, and its titles readable at the zoom that fits it.
    const { minX, minY, maxX, maxY } = scene.layout.bounds;
    expect((maxX - minX) / (maxY - minY)).toBeGreaterThan(TARGET_ASPECT / 2);
    expect((maxX - minX) / (maxY - minY)).toBeLessThan(TARGET_ASPECT * 2);
    const view = { ...fitView(scene.layout.bounds, 900, 620), width: 900, height: 620, pixelRatio: 1, highlight: null, selected: null, hovered: null };
    expect(sceneLabels(scene, view, estimateWidth).titles.map((title) => title.text)).toContain('npm · 834 components, 93 vulnerable');
  });

  it('gathers the smallest namespaces of an ecosystem with many', () => {
    const nodes = [component(null, { type: 'application' }), ...Array.from({ length: 20 }, (_, i) => component(`pkg:maven/org.example${i}/lib@1.0`)), component('pkg:maven/org.example0/other@1.0')];
    const groups = groupComponents(nodes, 0);
    expect(groups).toHaveLength(MAX_NAMESPACES);
    expect(groups.find((group) => group.title === 'maven org.example0')?.members).toEqual([1, 21]);
    expect(groups.find((group) => group.title === `maven, ${OTHER_NAMESPACES}`)?.members).toHaveLength(20 - (MAX_NAMESPACES - 1));
    expect(groupedLayout(nodes, 0).groups).toHaveLength(MAX_NAMESPACES);
  });

  it('groups the CERN editor (43 npm components) and keeps the layered drawing for an SBOM with dependencies', () => {
    expect(graphModel(purlOnlyGraph('cern-lhc-vdm-editor-e564943__bom.json')).scene.groups?.map(frameTitle)).toEqual(['npm · 43 components, 4 vulnerable']);
    expect(graphModel(shippedSbomGraph('dropwizard-1.3.15.bom.json.gz')).scene.groups).toBeUndefined();
  });
});
