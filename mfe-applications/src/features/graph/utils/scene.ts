// Drawing the dependency graph on a 2D canvas. SVG holds one DOM node per circle and line, which
// is what makes 5,000 components and their edges crawl; a canvas draws them as a few paths per
// frame: all edges in one stroke, nodes in one fill per colour, only what is in view, labels only
// when zoomed in enough to read them. Pure: it draws on whatever context it is given.
import type { DependencyGraphNode } from '@portal/shared';
import type { Layout } from './layout';
import type { RootPaths } from './paths';

export interface Scene {
  nodes: readonly DependencyGraphNode[];
  /** Stated edges first, then the implied ones (from `impliedFrom` on). */
  edges: ReadonlyArray<readonly [number, number]>;
  impliedFrom: number;
  layout: Layout;
  root: number | null;
}

export interface View {
  /** The zoom transform: screen = world × k + (x, y). */
  x: number;
  y: number;
  k: number;
  width: number;
  height: number;
  pixelRatio: number;
  highlight: RootPaths | null;
  selected: number | null;
  hovered: number | null;
}

/** The canvas calls drawScene makes (a subset of CanvasRenderingContext2D, so tests can record them). */
export type SceneContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'fill'
  | 'rect'
  | 'arc'
  | 'fillText'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineWidth'
  | 'globalAlpha'
  | 'font'
  | 'textBaseline'
>;

export const COLORS = {
  edge: '#94a3b8',
  implied: '#cbd5e1',
  path: '#d6336c',
  root: '#1d4ed8',
  plain: '#64748b',
  label: '#1a202c',
  selected: '#111827',
  CRITICAL: '#9b1c1c',
  HIGH: '#dd6b20',
  MEDIUM: '#d69e2e',
  LOW: '#3182ce',
  NONE: '#64748b',
  UNKNOWN: '#64748b',
} as const;

/** Radius of a component in world units; the root is larger. */
export const RADIUS = 4;
/** Labels are drawn from this zoom on, and at most this many. */
export const LABEL_ZOOM = 0.9;
export const MAX_LABELS = 500;
/** A label's height and a character's width (11px system-ui), to keep labels from overlapping. */
const LABEL_HEIGHT = 13;
const LABEL_CHAR_WIDTH = 6.2;

export function nodeColor(node: DependencyGraphNode, index: number, root: number | null): string {
  if (index === root) return COLORS.root;
  if (node.severity && node.severity in COLORS) return COLORS[node.severity as keyof typeof COLORS];
  return COLORS.plain;
}

export function nodeLabel(node: DependencyGraphNode): string {
  const name = node.group ? `${node.group}/${node.name}` : node.name;
  return node.version ? `${name}@${node.version}` : name;
}

/** The world rectangle in view, with a margin of one radius. */
function visibleWorld(view: View) {
  const margin = RADIUS * 2;
  return {
    minX: -view.x / view.k - margin,
    minY: -view.y / view.k - margin,
    maxX: (view.width - view.x) / view.k + margin,
    maxY: (view.height - view.y) / view.k + margin,
  };
}

/** Whether a component, and an edge, is in view. */
function inViewTests(scene: Scene, view: View) {
  const { x: px, y: py } = scene.layout;
  const box = visibleWorld(view);
  return {
    inView: (i: number) => px[i] >= box.minX && px[i] <= box.maxX && py[i] >= box.minY && py[i] <= box.maxY,
    // An edge is skipped only when both ends lie beyond the same side of the view.
    edgeInView: (a: number, b: number) =>
      !((px[a] < box.minX && px[b] < box.minX) || (px[a] > box.maxX && px[b] > box.maxX) || (py[a] < box.minY && py[b] < box.minY) || (py[a] > box.maxY && py[b] > box.maxY)),
  };
}

/**
 * How many edges and components a view holds: what a drawing of it costs (a canvas rasterizes every
 * segment and shape it is given, in software where there is no GPU). Counted as drawScene counts.
 */
export function countInView(scene: Scene, view: View): number {
  const { inView, edgeInView } = inViewTests(scene, view);
  let count = 0;
  for (let i = 0; i < scene.nodes.length; i += 1) if (inView(i)) count += 1;
  for (const [a, b] of scene.edges) if (edgeInView(a, b)) count += 1;
  return count;
}

export interface DrawStats {
  edges: number;
  nodes: number;
  labels: number;
}

export function drawScene(ctx: SceneContext, scene: Scene, view: View): DrawStats {
  const { x: px, y: py } = scene.layout;
  const { k, pixelRatio: dpr, highlight } = view;
  const { inView, edgeInView } = inViewTests(scene, view);
  const stats: DrawStats = { edges: 0, nodes: 0, labels: 0 };

  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, view.width, view.height);
  ctx.setTransform(dpr * k, 0, 0, dpr * k, dpr * view.x, dpr * view.y);

  const strokeEdges = (from: number, to: number, color: string, width: number, alpha: number, only?: (index: number) => boolean) => {
    ctx.beginPath();
    for (let e = from; e < to; e += 1) {
      const [a, b] = scene.edges[e];
      if ((only && !only(e)) || !edgeInView(a, b)) continue;
      ctx.moveTo(px[a], py[a]);
      ctx.lineTo(px[b], py[b]);
      stats.edges += 1;
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = width / k;
    ctx.globalAlpha = alpha;
    ctx.stroke();
  };
  const dim = highlight ? 0.12 : 1;
  strokeEdges(0, scene.impliedFrom, COLORS.edge, 1, 0.55 * dim);
  strokeEdges(scene.impliedFrom, scene.edges.length, COLORS.implied, 1, 0.45 * dim);
  if (highlight) {
    const onPath = new Set(highlight.edges);
    strokeEdges(0, scene.edges.length, COLORS.path, 2.5, 1, (index) => onPath.has(index));
  }

  // Nodes: one path per colour; below a few pixels a square is as good as a circle and cheaper.
  const radius = Math.max(RADIUS, 1.5 / k);
  const round = radius * k >= 3;
  const buckets = new Map<string, number[]>();
  for (let i = 0; i < scene.nodes.length; i += 1) {
    if (!inView(i)) continue;
    const color = nodeColor(scene.nodes[i], i, scene.root);
    const bucket = buckets.get(color);
    if (bucket) bucket.push(i);
    else buckets.set(color, [i]);
  }
  const fillNodes = (color: string, list: readonly number[], alpha: number, scale = 1) => {
    if (list.length === 0) return;
    ctx.beginPath();
    for (const i of list) {
      const r = (i === scene.root ? radius * 1.8 : radius) * scale;
      if (round) {
        ctx.moveTo(px[i] + r, py[i]);
        ctx.arc(px[i], py[i], r, 0, Math.PI * 2);
      } else ctx.rect(px[i] - r, py[i] - r, r * 2, r * 2);
    }
    ctx.fillStyle = color;
    ctx.globalAlpha = alpha;
    ctx.fill();
    stats.nodes += list.length;
  };
  for (const [color, list] of buckets) {
    if (!highlight) fillNodes(color, list, 1);
    else {
      fillNodes(color, list.filter((i) => !highlight.onPath[i]), 0.2);
      fillNodes(color, list.filter((i) => highlight.onPath[i]), 1, 1.3);
    }
  }
  for (const [index, color] of [[view.hovered, COLORS.path], [view.selected, COLORS.selected]] as const) {
    if (index === null || !inView(index)) continue;
    ctx.beginPath();
    ctx.arc(px[index], py[index], radius * 2.2, 0, Math.PI * 2);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2 / k;
    ctx.globalAlpha = 1;
    ctx.stroke();
  }

  // Labels in screen space, so their size does not follow the zoom; one that would overlap a label
  // already drawn is left out (the path's first, then in order), so that what shows can be read.
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = COLORS.label;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  // Per band of LABEL_HEIGHT pixels, the labels drawn in it: [left, right, middle].
  const placed = new Map<number, Array<[number, number, number]>>();
  const overlaps = (left: number, right: number, middle: number) => {
    const band = Math.floor(middle / LABEL_HEIGHT);
    for (let row = band - 1; row <= band + 1; row += 1) {
      for (const [start, end, other] of placed.get(row) ?? []) {
        if (left < end && right > start && Math.abs(middle - other) < LABEL_HEIGHT) return true;
      }
    }
    return false;
  };
  const label = (i: number) => {
    const text = nodeLabel(scene.nodes[i]);
    const left = px[i] * k + view.x + radius * k + 4;
    const right = left + text.length * LABEL_CHAR_WIDTH;
    const middle = py[i] * k + view.y;
    if (overlaps(left, right, middle)) return;
    ctx.fillText(text, left, middle);
    const band = Math.floor(middle / LABEL_HEIGHT);
    const spans = placed.get(band);
    if (spans) spans.push([left, right, middle]);
    else placed.set(band, [[left, right, middle]]);
    stats.labels += 1;
  };
  if (highlight) {
    for (const i of highlight.shortest) if (inView(i) && stats.labels < MAX_LABELS) label(i);
  }
  if (view.selected !== null && inView(view.selected)) label(view.selected);
  if (k >= LABEL_ZOOM) {
    for (let i = 0; i < scene.nodes.length && stats.labels < MAX_LABELS; i += 1) {
      if (inView(i) && i !== view.selected && (!highlight || !highlight.shortest.includes(i))) label(i);
    }
  }
  return stats;
}
