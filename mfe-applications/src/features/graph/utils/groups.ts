// The grouped overview of an SBOM that states no dependencies (issue 26 item 7): without edges a
// layered drawing is only a star under the root, an unlabelled grid. Instead its components are
// grouped by ecosystem (the purl's type) and namespace (an npm scope, a Maven group, a Composer
// vendor…), each group a framed block of rows titled with its name and size, worst vulnerability
// first within a block, blocks packed in shelves to about the shape of the canvas.
import type { DependencyGraphNode } from '@portal/shared';
import { TARGET_ASPECT, type Layout } from './layout';

/** A group's frame and title, in world units. */
export interface GroupFrame {
  key: string;
  title: string;
  count: number;
  /** How many of its components have findings. */
  vulnerable: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A component's cell in a block: wide enough for a short label once zoomed in. */
export const CELL_WIDTH = 56;
export const CELL_HEIGHT = 16;
/** The band above a block holding its title, the padding inside a frame, and the gap between frames. */
export const TITLE_BAND = 22;
export const FRAME_PADDING = 10;
export const FRAME_GAP = 24;
/** A frame is at least this wide, so that a small group's title has room beside the next one's. */
export const MIN_FRAME_WIDTH = 280;
/** An ecosystem with more namespaces than this keeps the largest and gathers the rest. */
export const MAX_NAMESPACES = 12;

const SEVERITY_RANK: Record<string, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3, NONE: 4, UNKNOWN: 5 };
const rank = (node: DependencyGraphNode) => (node.severity ? (SEVERITY_RANK[node.severity] ?? 5) : 6);

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A component's ecosystem and namespace, from its purl (`pkg:type/namespace/name@version`). */
export function groupOf(node: DependencyGraphNode): { ecosystem: string; namespace: string | null } {
  const match = node.purl ? /^pkg:([^/]+)\/(.+)$/.exec(node.purl) : null;
  if (!match) return { ecosystem: node.type ? `no purl (${node.type})` : 'no purl', namespace: null };
  // The name (and @version) is the last part; what comes before it is the namespace (%40 for an npm scope's @).
  const parts = match[2].split(/[?#]/)[0].split('/');
  const namespace = parts.length > 1 ? safeDecode(parts.slice(0, -1).join('/')) : (node.group ?? null);
  return { ecosystem: match[1].toLowerCase(), namespace: namespace || null };
}

export const OTHER_NAMESPACES = 'other namespaces';

/** The groups of components (indices into `nodes`, the root left out), largest first. */
export function groupComponents(nodes: readonly DependencyGraphNode[], root: number | null): Array<{ key: string; title: string; members: number[] }> {
  const byEcosystem = new Map<string, Map<string, number[]>>();
  nodes.forEach((node, index) => {
    if (index === root) return;
    const { ecosystem, namespace } = groupOf(node);
    const namespaces = byEcosystem.get(ecosystem) ?? new Map<string, number[]>();
    byEcosystem.set(ecosystem, namespaces);
    const key = namespace ?? '';
    namespaces.set(key, [...(namespaces.get(key) ?? []), index]);
  });
  const groups: Array<{ key: string; title: string; members: number[] }> = [];
  for (const [ecosystem, namespaces] of byEcosystem) {
    const ordered = [...namespaces].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
    const kept = ordered.length > MAX_NAMESPACES ? ordered.slice(0, MAX_NAMESPACES - 1) : ordered;
    const gathered = ordered.length > MAX_NAMESPACES ? ordered.slice(MAX_NAMESPACES - 1).flatMap(([, members]) => members) : [];
    for (const [namespace, members] of kept) groups.push({ key: `${ecosystem}|${namespace}`, title: namespace ? `${ecosystem} ${namespace}` : ecosystem, members });
    if (gathered.length > 0) groups.push({ key: `${ecosystem}|*`, title: `${ecosystem}, ${OTHER_NAMESPACES}`, members: gathered });
  }
  for (const group of groups) group.members.sort((a, b) => rank(nodes[a]) - rank(nodes[b]) || nodes[a].name.localeCompare(nodes[b].name) || a - b);
  return groups.sort((a, b) => b.members.length - a.members.length || a.title.localeCompare(b.title));
}

export interface GroupedLayout extends Layout {
  groups: GroupFrame[];
}

export function groupedLayout(nodes: readonly DependencyGraphNode[], root: number | null): GroupedLayout {
  const count = nodes.length;
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const groups = groupComponents(nodes, root);
  // The shelves' width: the blocks' total area in the canvas's shape.
  const area = groups.reduce((sum, group) => sum + group.members.length * CELL_WIDTH * CELL_HEIGHT, 0);
  const shelfWidth = Math.max(MIN_FRAME_WIDTH, Math.sqrt(area * TARGET_ASPECT));
  const frames: GroupFrame[] = [];
  let left = 0;
  let top = 0;
  let shelfHeight = 0;
  for (const group of groups) {
    const size = group.members.length;
    // About square blocks (in the canvas's shape), never wider than a shelf.
    const columns = Math.max(1, Math.min(size, Math.floor((shelfWidth - 2 * FRAME_PADDING) / CELL_WIDTH), Math.ceil(Math.sqrt((size * TARGET_ASPECT * CELL_HEIGHT) / CELL_WIDTH))));
    const rows = Math.ceil(size / columns);
    const width = Math.max(MIN_FRAME_WIDTH, columns * CELL_WIDTH + 2 * FRAME_PADDING);
    const height = rows * CELL_HEIGHT + 2 * FRAME_PADDING;
    if (left > 0 && left + width > shelfWidth) {
      left = 0;
      top += shelfHeight + FRAME_GAP;
      shelfHeight = 0;
    }
    const frameTop = top + TITLE_BAND;
    group.members.forEach((node, index) => {
      // Row by row: the worst first, along the top.
      x[node] = left + FRAME_PADDING + (index % columns) * CELL_WIDTH + CELL_WIDTH / 2;
      y[node] = frameTop + FRAME_PADDING + Math.floor(index / columns) * CELL_HEIGHT + CELL_HEIGHT / 2;
    });
    const vulnerable = group.members.filter((node) => nodes[node].severity !== null).length;
    frames.push({ key: group.key, title: group.title, count: size, vulnerable, x: left, y: frameTop, width, height });
    left += width + FRAME_GAP;
    shelfHeight = Math.max(shelfHeight, TITLE_BAND + height);
  }
  // The root stands left of the first shelf.
  if (root !== null) {
    x[root] = -FRAME_GAP * 2;
    y[root] = TITLE_BAND + FRAME_PADDING;
  }
  let minX = root !== null ? x[root] : 0;
  let maxX = 0;
  let maxY = 0;
  for (const frame of frames) {
    maxX = Math.max(maxX, frame.x + frame.width);
    maxY = Math.max(maxY, frame.y + frame.height);
  }
  if (frames.length === 0) minX = Math.min(minX, 0);
  return { x, y, bounds: { minX, minY: 0, maxX, maxY }, groups: frames };
}
