// A layered layout of the dependency graph: the root on the left, each component in the column of
// its level (shortest distance from the root), ordered within the column by the average position
// of its dependents and dependencies (barycentre sweeps) so that edges cross less. A level holding
// many components is folded into several sub-columns, so that a flat SBOM (hundreds of components
// right under the root) is not one column thousands of pixels tall and a deep one not a thin band:
// the layout keeps about the shape of the canvas.

export interface LayoutInput {
  count: number;
  levels: ArrayLike<number>;
  edges: ReadonlyArray<readonly [number, number]>;
}

export interface Layout {
  x: Float32Array;
  y: Float32Array;
  /** The bounding box of the positions. */
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

export const NODE_GAP = 14;
export const SUB_COLUMN_GAP = 60;
export const LEVEL_GAP = 160;

/** The shape the layout aims at (width ÷ height): about the graph view's canvas. */
export const TARGET_ASPECT = 1.4;

/** The width and height of the layout when a sub-column holds at most `capacity` components. */
function extent(layerSizes: readonly number[], capacity: number): { width: number; height: number } {
  let width = 0;
  let tallest = 1;
  for (const size of layerSizes) {
    const columns = Math.max(1, Math.ceil(size / capacity));
    width += (columns - 1) * SUB_COLUMN_GAP;
    tallest = Math.max(tallest, Math.ceil(size / columns));
  }
  width += Math.max(0, layerSizes.length - 1) * LEVEL_GAP;
  return { width: Math.max(width, LEVEL_GAP), height: tallest * NODE_GAP };
}

/**
 * How many components a sub-column holds at most: of the capacities tried (growing by a quarter),
 * the one whose layout comes closest to TARGET_ASPECT.
 */
export function columnCapacity(layerSizes: readonly number[]): number {
  const largest = Math.max(1, ...layerSizes);
  let best = largest;
  let bestScore = Infinity;
  for (let capacity = Math.min(8, largest); capacity <= largest; capacity = Math.max(capacity + 1, Math.ceil(capacity * 1.25))) {
    const { width, height } = extent(layerSizes, capacity);
    const score = Math.abs(Math.log(width / height / TARGET_ASPECT));
    if (score < bestScore) {
      best = capacity;
      bestScore = score;
    }
  }
  return best;
}

/** Average of the neighbours' orders (falls back to the node's own order when it has none). */
function barycentre(node: number, own: number, neighbours: ReadonlyArray<readonly number[]>, order: Float64Array): number {
  const list = neighbours[node];
  if (list.length === 0) return own;
  let sum = 0;
  for (const other of list) sum += order[other];
  return sum / list.length;
}

export function layeredLayout({ count, levels, edges }: LayoutInput): Layout {
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  if (count === 0) return { x, y, bounds: { minX: 0, minY: 0, maxX: 0, maxY: 0 } };
  const parents: number[][] = Array.from({ length: count }, () => []);
  const children: number[][] = Array.from({ length: count }, () => []);
  for (const [from, to] of edges) {
    if (levels[from] < levels[to]) {
      parents[to].push(from);
      children[from].push(to);
    }
  }
  let depth = 0;
  for (let i = 0; i < count; i += 1) depth = Math.max(depth, levels[i]);
  const layers: number[][] = Array.from({ length: depth + 1 }, () => []);
  for (let i = 0; i < count; i += 1) layers[Math.max(0, levels[i])].push(i);

  // order[i]: the node's rank within its layer, normalized to 0..1 so layers of different sizes compare.
  const order = new Float64Array(count);
  const rank = (layer: number[]) => layer.forEach((node, index) => (order[node] = layer.length === 1 ? 0.5 : index / (layer.length - 1)));
  layers.forEach(rank);
  const sweep = (from: number, to: number, step: number, neighbours: number[][]) => {
    for (let level = from; level !== to; level += step) {
      const layer = layers[level];
      const keys = new Map(layer.map((node) => [node, barycentre(node, order[node], neighbours, order)]));
      layer.sort((a, b) => keys.get(a)! - keys.get(b)! || a - b);
      rank(layer);
    }
  };
  sweep(1, depth + 1, 1, parents);
  sweep(depth - 1, -1, -1, children);
  sweep(1, depth + 1, 1, parents);

  const capacity = columnCapacity(layers.map((layer) => layer.length));
  let left = 0;
  let maxY = 0;
  let minY = 0;
  for (const layer of layers) {
    const columns = Math.max(1, Math.ceil(layer.length / capacity));
    const perColumn = Math.ceil(layer.length / columns);
    layer.forEach((node, index) => {
      // Down the first sub-column, then the next: neighbours in the order stay near each other.
      const column = Math.floor(index / perColumn);
      const row = index % perColumn;
      x[node] = left + column * SUB_COLUMN_GAP;
      y[node] = (row - (perColumn - 1) / 2) * NODE_GAP;
    });
    const half = ((perColumn - 1) / 2) * NODE_GAP;
    maxY = Math.max(maxY, half);
    minY = Math.min(minY, -half);
    left += (columns - 1) * SUB_COLUMN_GAP + LEVEL_GAP;
  }
  return { x, y, bounds: { minX: 0, minY, maxX: left - LEVEL_GAP, maxY } };
}
