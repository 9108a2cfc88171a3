// Drawing the dependency graph on a 2D canvas. SVG holds one DOM node per circle and line, which
// is what makes 5,000 components and their edges crawl; a canvas draws them as a few paths per
// frame: all edges in one stroke, nodes in one fill per colour, only what is in view, labels only
// when zoomed in enough to read them, each placed where it covers no other label and no component
// (labels.ts). An SBOM without stated dependencies is drawn as its grouped overview (groups.ts):
// framed blocks titled by ecosystem and namespace. Pure: it draws on whatever context it is given.
import type { DependencyGraphNode } from '@portal/shared';
import { TITLE_BAND, type GroupFrame } from './groups';
import { LABEL_HEIGHT, placeLabels, type Disc, type LabelRequest, type PlacedLabel } from './labels';
import type { Layout } from './layout';
import type { RootPaths } from './paths';

export interface Scene {
  nodes: readonly DependencyGraphNode[];
  /** Stated edges first, then the implied ones (from `impliedFrom` on). */
  edges: ReadonlyArray<readonly [number, number]>;
  impliedFrom: number;
  layout: Layout;
  root: number | null;
  /** The grouped overview's frames (an SBOM without stated dependencies); absent for a layered graph. */
  groups?: readonly GroupFrame[];
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
  | 'measureText'
>;

export const COLORS = {
  edge: '#94a3b8',
  implied: '#cbd5e1',
  path: '#d6336c',
  root: '#1d4ed8',
  plain: '#64748b',
  label: '#1a202c',
  selected: '#111827',
  exploit: '#7e22ce',
  frame: '#94a3b8',
  groupTitle: '#334155',
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
export const LABEL_FONT = '11px system-ui, sans-serif';
export const TITLE_FONT = '600 11px system-ui, sans-serif';
/** The ring around an actively exploited component (CISA KEV), as a multiple of its radius. */
export const EXPLOIT_RING = 1.75;

export function nodeColor(node: DependencyGraphNode, index: number, root: number | null): string {
  if (index === root) return COLORS.root;
  if (node.severity && node.severity in COLORS) return COLORS[node.severity as keyof typeof COLORS];
  return COLORS.plain;
}

export function nodeLabel(node: DependencyGraphNode): string {
  const name = node.group ? `${node.group}/${node.name}` : node.name;
  return node.version ? `${name}@${node.version}` : name;
}

/** The zoom that shows the whole of a layout in a canvas of width × height (at most 4×), centred. */
export function fitView(bounds: Layout['bounds'], width: number, height: number, minimum = 0.01): { x: number; y: number; k: number } {
  const { minX, minY, maxX, maxY } = bounds;
  const pad = 40;
  const k = Math.min(4, Math.max(minimum, Math.min((width - pad) / Math.max(1, maxX - minX), (height - pad) / Math.max(1, maxY - minY))));
  return { x: width / 2 - k * ((minX + maxX) / 2), y: height / 2 - k * ((minY + maxY) / 2), k };
}

/** A component's shorter labels: without its group, then without its version. */
export function shorterLabels(node: DependencyGraphNode): string[] {
  const shorter = [node.version ? `${node.name}@${node.version}` : node.name, node.name];
  return [...new Set(shorter)].filter((text) => text !== nodeLabel(node));
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
  const frames = (scene.groups ?? []).filter((frame) => frameInView(frame, view));
  if (frames.length > 0) {
    ctx.beginPath();
    for (const frame of frames) ctx.rect(frame.x, frame.y, frame.width, frame.height);
    ctx.strokeStyle = COLORS.frame;
    ctx.lineWidth = 1 / k;
    ctx.globalAlpha = 0.8;
    ctx.stroke();
  }
  strokeEdges(0, scene.impliedFrom, COLORS.edge, 1, 0.55 * dim);
  // The grouped overview does not draw the star of implied edges (only a highlighted path).
  if (!scene.groups) strokeEdges(scene.impliedFrom, scene.edges.length, COLORS.implied, 1, 0.45 * dim);
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
  // Actively exploited components (CISA KEV) wear a ring.
  ctx.beginPath();
  let exploited = 0;
  for (let i = 0; i < scene.nodes.length; i += 1) {
    if (!scene.nodes[i].active_exploit || !inView(i)) continue;
    ctx.moveTo(px[i] + radius * EXPLOIT_RING, py[i]);
    ctx.arc(px[i], py[i], radius * EXPLOIT_RING, 0, Math.PI * 2);
    exploited += 1;
  }
  if (exploited > 0) {
    ctx.strokeStyle = COLORS.exploit;
    ctx.lineWidth = 2 / k;
    ctx.globalAlpha = 1;
    ctx.stroke();
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

  // Labels in screen space, so their size does not follow the zoom (sceneLabels).
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalAlpha = 1;
  ctx.textBaseline = 'middle';
  const measure = (font: string) => (text: string) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
  const { titles, labels } = sceneLabels(scene, view, measure(LABEL_FONT), measure(TITLE_FONT));
  ctx.font = TITLE_FONT;
  ctx.fillStyle = COLORS.groupTitle;
  for (const title of titles) ctx.fillText(title.text, title.left, (title.top + title.bottom) / 2);
  ctx.font = LABEL_FONT;
  ctx.fillStyle = COLORS.label;
  for (const label of labels) ctx.fillText(label.text, label.left, (label.top + label.bottom) / 2);
  stats.labels = labels.length;
  return stats;
}

export interface SceneLabels {
  /** The groups' titles placed (the grouped overview). */
  titles: PlacedLabel[];
  /** The components' labels placed. */
  labels: PlacedLabel[];
  /** What every component in view covers on screen. */
  discs: Disc[];
}

/**
 * The labels of a view, in screen pixels, each where it covers no other label and no component
 * (labels.ts): the groups' titles first (in their frame's title band), then the labels of the path's components, the chosen component's,
 * and — zoomed in from LABEL_ZOOM on — the vulnerable components' and the rest's, as far as they fit.
 */
export function sceneLabels(scene: Scene, view: View, measure: (text: string) => number, measureTitle: (text: string) => number = measure): SceneLabels {
  const { x: px, y: py } = scene.layout;
  const { k, highlight } = view;
  const { inView } = inViewTests(scene, view);
  const radius = Math.max(RADIUS, 1.5 / k);
  const toScreen = (i: number) => ({ x: px[i] * k + view.x, y: py[i] * k + view.y });
  // What a component covers on screen: its circle, its exploit ring, its chosen or hovered ring.
  const discRadius = (i: number) => {
    let r = (i === scene.root ? radius * 1.8 : radius) * (highlight?.onPath[i] ? 1.3 : 1);
    if (scene.nodes[i].active_exploit) r = Math.max(r, radius * EXPLOIT_RING);
    if (i === view.selected || i === view.hovered) r = Math.max(r, radius * 2.2);
    return r * k + 1;
  };
  const area = { width: view.width, height: view.height };
  // Zoomed out with nothing chosen there is no label to place: the components' discs are not needed.
  const frames = scene.groups ?? [];
  if (k < LABEL_ZOOM && !highlight && view.selected === null && frames.length === 0) return { titles: [], labels: [], discs: [] };
  const discs: Disc[] = [];
  for (let i = 0; i < scene.nodes.length; i += 1) if (inView(i)) discs.push({ ...toScreen(i), r: discRadius(i) });

  const titleRequests: LabelRequest[] = [];
  frames.forEach((frame, index) => {
    if (!frameInView(frame, view)) return;
    const text = frameTitle(frame);
    titleRequests.push({ id: index, text, x: 0, y: 0, r: 0, at: { left: frame.x * k + view.x, top: (frame.y - TITLE_BAND / 2) * k + view.y - LABEL_HEIGHT / 2 } });
  });
  const titles = placeLabels(titleRequests, discs, { ...area, measure: measureTitle });

  const wanted: number[] = [];
  const seen = new Set<number>();
  const want = (i: number | null) => {
    if (i === null || seen.has(i) || !inView(i)) return;
    seen.add(i);
    wanted.push(i);
  };
  if (highlight) highlight.shortest.forEach(want);
  want(view.selected);
  if (k >= LABEL_ZOOM) {
    for (let i = 0; i < scene.nodes.length; i += 1) if (scene.nodes[i].severity !== null) want(i);
    for (let i = 0; i < scene.nodes.length; i += 1) want(i);
  }
  const requests: LabelRequest[] = wanted.map((i) => ({ id: i, text: nodeLabel(scene.nodes[i]), shorter: shorterLabels(scene.nodes[i]), ...toScreen(i), r: discRadius(i) }));
  const labels = placeLabels(requests, discs, { ...area, measure, limit: MAX_LABELS, reserved: titles });
  return { titles, labels, discs };
}

/** A group's title on the canvas: 'npm @types · 4 components, 1 vulnerable'. */
export function frameTitle(frame: GroupFrame): string {
  const size = `${frame.count} ${frame.count === 1 ? 'component' : 'components'}`;
  return `${frame.title} · ${size}${frame.vulnerable > 0 ? `, ${frame.vulnerable} vulnerable` : ''}`;
}

function frameInView(frame: GroupFrame, view: View): boolean {
  const left = frame.x * view.k + view.x;
  const top = (frame.y - TITLE_BAND) * view.k + view.y;
  return left < view.width && top < view.height && left + frame.width * view.k > 0 && (frame.y + frame.height) * view.k + view.y > 0;
}
