import type { DependencyGraphNode } from '@portal/shared';
import { layeredLayout } from './layout';
import { adjacency, pathsFromRoot } from './paths';
import { boxesOverlap } from './labels';
import { COLORS, countInView, drawScene, LABEL_ZOOM, sceneLabels, type Scene, type SceneContext, type View } from './scene';
import { recordingContext } from '../testing/recordingContext';

const node = (name: string, severity: string | null = null): DependencyGraphNode => ({
  bom_ref: name,
  name,
  group: null,
  version: '1.0.0',
  purl: `pkg:npm/${name}@1.0.0`,
  type: 'library',
  level: 0,
  severity,
  vulnerabilities: severity ? ['GHSA-1'] : [],
  active_exploit: false,
});

// root → a → c (vulnerable), root → b; d is implied under the root.
const nodes = [node('root'), node('a'), node('b'), node('c', 'HIGH'), node('d')];
const levels = [0, 1, 1, 2, 1];
nodes.forEach((entry, index) => (entry.level = levels[index]));
const edges: Array<[number, number]> = [[0, 1], [0, 2], [1, 3], [0, 4]];
const scene: Scene = { nodes, edges, impliedFrom: 3, layout: layeredLayout({ count: 5, levels, edges }), root: 0 };
const view = (overrides: Partial<View> = {}): View => ({ x: 100, y: 200, k: 1, width: 800, height: 400, pixelRatio: 1, highlight: null, selected: null, hovered: null, ...overrides });

describe('drawScene', () => {
  it('draws every edge and node in view, coloured by the worst severity, with labels when zoomed in', () => {
    const { ctx, strokes, fills, texts } = recordingContext();
    const stats = drawScene(ctx as unknown as SceneContext, scene, view());
    expect(stats).toEqual({ edges: 4, nodes: 5, labels: 5 });
    expect(strokes.map((stroke) => [stroke.color, stroke.segments])).toEqual([[COLORS.edge, 3], [COLORS.implied, 1]]);
    expect(fills.find((fill) => fill.color === COLORS.HIGH)?.shapes).toBe(1);
    expect(fills.find((fill) => fill.color === COLORS.root)?.shapes).toBe(1);
    expect(texts).toContain('c@1.0.0');
  });

  it('counts what a view holds as the drawing does', () => {
    const { ctx } = recordingContext();
    const stats = drawScene(ctx as unknown as SceneContext, scene, view());
    expect(countInView(scene, view())).toBe(stats.edges + stats.nodes);
    expect(countInView(scene, view({ x: -10_000 }))).toBe(0);
  });

  it('leaves out what is out of view, and labels when zoomed out', () => {
    const { ctx, texts } = recordingContext();
    // Everything lies at x >= 0 in the world: with the view shifted far left nothing is in view.
    expect(drawScene(ctx as unknown as SceneContext, scene, view({ x: -10_000 }))).toEqual({ edges: 0, nodes: 0, labels: 0 });
    const zoomedOut = recordingContext();
    drawScene(zoomedOut.ctx as unknown as SceneContext, scene, view({ k: LABEL_ZOOM / 2 }));
    expect(zoomedOut.texts).toEqual([]);
    expect(texts).toEqual([]);
  });

  it('draws the paths from the root on top, dims the rest and names the shortest path even zoomed out', () => {
    const highlight = pathsFromRoot(5, edges, adjacency(5, edges), adjacency(5, edges, true), 0, 3);
    const { ctx, strokes, fills, texts } = recordingContext();
    drawScene(ctx as unknown as SceneContext, scene, view({ k: LABEL_ZOOM / 2, highlight, selected: 3 }));
    const path = strokes.find((stroke) => stroke.color === COLORS.path);
    expect(path).toMatchObject({ segments: 2, alpha: 1 });
    expect(strokes.find((stroke) => stroke.color === COLORS.edge)?.alpha).toBeLessThan(0.1);
    expect(fills.filter((fill) => fill.alpha === 1).reduce((sum, fill) => sum + fill.shapes, 0)).toBe(3);
    expect(texts).toEqual(['root@1.0.0', 'a@1.0.0', 'c@1.0.0']);
  });

  it('moves a label that would overlap one already drawn to another side, and leaves it out where no side is free', () => {
    const crowded: Scene = {
      nodes: [node('first'), node('second'), node('third')],
      edges: [],
      impliedFrom: 0,
      layout: { x: Float32Array.from([0, 0, 0]), y: Float32Array.from([0, 5, 40]), bounds: { minX: 0, minY: 0, maxX: 0, maxY: 40 } },
      root: null,
    };
    const { ctx, texts } = recordingContext();
    drawScene(ctx as unknown as SceneContext, crowded, view());
    expect(texts).toEqual(['first@1.0.0', 'second@1.0.0', 'third@1.0.0']);
    const { labels } = sceneLabels(crowded, view(), (text) => text.length * 6.2);
    expect(labels.map((label) => [label.text, label.left < 100 ? 'left' : 'right'])).toEqual([
      ['first@1.0.0', 'right'],
      ['second@1.0.0', 'left'],
      ['third@1.0.0', 'right'],
    ]);

    // Twenty components on one spot: as many labels as there are free sides, none over another.
    const pile: Scene = { ...crowded, nodes: Array.from({ length: 20 }, (_, i) => node(`n${i}`)), layout: { x: new Float32Array(20), y: new Float32Array(20), bounds: crowded.layout.bounds } };
    const piled = sceneLabels(pile, view(), (text) => text.length * 6.2).labels;
    expect(piled.length).toBeGreaterThan(2);
    expect(piled.length).toBeLessThan(20);
    for (const [i, a] of piled.entries()) for (const b of piled.slice(i + 1)) expect(boxesOverlap(a, b)).toBe(false);
  });
});
