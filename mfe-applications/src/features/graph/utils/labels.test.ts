import { graphModel } from '../hooks/useGraphModel';
import { purlOnlyGraph, shippedSbomGraph } from '../testing/sbomGraph';
import { boxesOverlap, discOverlapsBox, estimateWidth, LABEL_HEIGHT, placeLabels, type Box } from './labels';
import { fitView, LABEL_ZOOM, sceneLabels, type View } from './scene';

// Issue 26 item 7: on real SBOMs — with a dependency graph (Dropwizard, Laravel) and without
// (Juice Shop, the CERN editor, Proton Bridge as purls) — at the zoom that fits the whole graph and
// zoomed in around several components, no label covers another label, a component or the canvas's edge.

const WIDTH = 900;
const HEIGHT = 620;
const bold = (text: string) => estimateWidth(text) * 1.1;

const GRAPHS = [
  ['Dropwizard 1.3.15 (a dependency graph)', () => shippedSbomGraph('dropwizard-1.3.15.bom.json.gz')],
  ['Laravel 7.12.0 (a dependency graph)', () => shippedSbomGraph('laravel-7.12.0.bom.1.4.json.gz')],
  ['Juice Shop v11.1.2 (no dependencies)', () => shippedSbomGraph('juice-shop-v11.1.2.bom.json.gz')],
  ['the CERN LHC VdM editor (no dependencies)', () => purlOnlyGraph('cern-lhc-vdm-editor-e564943__bom.json')],
  ['Proton Bridge v1.8.0 (Go modules, as purls)', () => purlOnlyGraph('proton-bridge__proton-bridge-v1.8.0.bom.json')],
] as const;

function problems(boxes: Array<Box & { text: string }>, discs: ReturnType<typeof sceneLabels>['discs']): string[] {
  const found: string[] = [];
  for (const [i, box] of boxes.entries()) {
    if (box.left < 0 || box.top < 0 || box.right > WIDTH || box.bottom > HEIGHT) found.push(`${box.text} leaves the canvas`);
    for (const other of boxes.slice(i + 1)) if (boxesOverlap(box, other)) found.push(`${box.text} covers ${other.text}`);
    const covered = discs.find((disc) => discOverlapsBox(disc, box));
    if (covered) found.push(`${box.text} covers the component at ${covered.x},${covered.y}`);
  }
  return found;
}

describe('the graph view’s labels on real SBOMs', () => {
  it.each(GRAPHS)('cover no label, no component and stay on the canvas: %s', (_, load) => {
    const { scene } = graphModel(load());
    const fit = fitView(scene.layout.bounds, WIDTH, HEIGHT);
    const views: View[] = [];
    const base = { width: WIDTH, height: HEIGHT, pixelRatio: 1, highlight: null, selected: null, hovered: null };
    views.push({ ...base, ...fit });
    // Zoomed in around the root, a vulnerable component and a few others, and chosen ones.
    const vulnerable = scene.nodes.findIndex((node) => node.severity !== null);
    const around = [scene.root ?? 0, vulnerable, Math.floor(scene.nodes.length / 2), scene.nodes.length - 1];
    for (const k of [1, 2.5, 6]) {
      for (const node of around) {
        const x = WIDTH / 2 - scene.layout.x[node] * k;
        const y = HEIGHT / 2 - scene.layout.y[node] * k;
        views.push({ ...base, x, y, k }, { ...base, x, y, k, selected: node });
      }
    }
    let shown = 0;
    const unlabelled: number[] = [];
    for (const view of views) {
      const { titles, labels, discs } = sceneLabels(scene, view, estimateWidth, bold);
      expect(problems([...titles, ...labels], discs)).toEqual([]);
      shown += labels.length;
      // Zoomed in to where labels show, some do.
      if (view.k >= LABEL_ZOOM && labels.length === 0) unlabelled.push(view.k);
    }
    expect(unlabelled).toEqual([]);
    expect(shown).toBeGreaterThan(100);
  });

  it('shows every label where there is room: a sparse view labels all its components', () => {
    const discs = [0, 1, 2].map((i) => ({ x: 100 + i * 200, y: 100, r: 5 }));
    const placed = placeLabels(
      discs.map((disc, id) => ({ id, text: `component-${id}`, ...disc })),
      discs,
      { width: 800, height: 200, measure: estimateWidth },
    );
    expect(placed.map((label) => [label.text, label.left, label.top])).toEqual([
      ['component-0', 108, 100 - LABEL_HEIGHT / 2],
      ['component-1', 308, 100 - LABEL_HEIGHT / 2],
      ['component-2', 508, 100 - LABEL_HEIGHT / 2],
    ]);
    // At the canvas's right edge a label goes left of its component.
    const edge = placeLabels([{ id: 0, text: 'edge', x: 795, y: 100, r: 5 }], [], { width: 800, height: 200, measure: estimateWidth });
    expect(edge[0].right).toBeLessThanOrEqual(795 - 5);
  });
});
