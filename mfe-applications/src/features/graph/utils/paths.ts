// The paths from the root to a chosen component (issue 7 item 10): every component and edge that
// lies on some walk root → … → target, and one shortest path to name in words. Linear in the
// graph's size, so it runs on every choice even at 5,000 components.

export interface Adjacency {
  /** The targets of node i are targets[offsets[i] .. offsets[i + 1]); `edgeIds` gives their edge index. */
  offsets: Int32Array;
  targets: Int32Array;
  edgeIds: Int32Array;
}

export function adjacency(count: number, edges: ReadonlyArray<readonly [number, number]>, reverse = false): Adjacency {
  const offsets = new Int32Array(count + 1);
  for (const edge of edges) offsets[(reverse ? edge[1] : edge[0]) + 1] += 1;
  for (let i = 0; i < count; i += 1) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, count);
  const targets = new Int32Array(edges.length);
  const edgeIds = new Int32Array(edges.length);
  edges.forEach(([from, to], index) => {
    const at = fill[reverse ? to : from]++;
    targets[at] = reverse ? from : to;
    edgeIds[at] = index;
  });
  return { offsets, targets, edgeIds };
}

/** Breadth-first from `starts`: which nodes are reached, and from which node each was first. */
function reach(count: number, graph: Adjacency, starts: readonly number[]): { seen: Uint8Array; previous: Int32Array } {
  const seen = new Uint8Array(count);
  const previous = new Int32Array(count).fill(-1);
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  for (const start of starts) {
    if (seen[start]) continue;
    seen[start] = 1;
    queue[tail++] = start;
  }
  while (head < tail) {
    const node = queue[head++];
    for (let k = graph.offsets[node]; k < graph.offsets[node + 1]; k += 1) {
      const next = graph.targets[k];
      if (!seen[next]) {
        seen[next] = 1;
        previous[next] = node;
        queue[tail++] = next;
      }
    }
  }
  return { seen, previous };
}

export interface RootPaths {
  /** 1 for every node on a path from the root to the target (both included). */
  onPath: Uint8Array;
  /** Indexes (into the edges given) of the edges on those paths. */
  edges: number[];
  /** One shortest path, root first, target last; empty when the target cannot be reached. */
  shortest: number[];
  /** How many nodes lie on the paths. */
  nodeCount: number;
}

/**
 * The paths to `target` from `root` — or, without a root, from every node nothing depends on.
 * `forward` and `backward` are the graph's adjacency both ways (built once per graph).
 */
export function pathsFromRoot(
  count: number,
  edges: ReadonlyArray<readonly [number, number]>,
  forward: Adjacency,
  backward: Adjacency,
  root: number | null,
  target: number,
): RootPaths {
  let starts: number[];
  if (root !== null) starts = [root];
  else {
    const indegree = new Int32Array(count);
    for (const [, to] of edges) indegree[to] += 1;
    starts = [];
    for (let i = 0; i < count; i += 1) if (indegree[i] === 0) starts.push(i);
  }
  const from = reach(count, forward, starts);
  const onPath = new Uint8Array(count);
  if (!from.seen[target]) return { onPath, edges: [], shortest: [], nodeCount: 0 };
  const to = reach(count, backward, [target]);
  let nodeCount = 0;
  for (let i = 0; i < count; i += 1) {
    if (from.seen[i] && to.seen[i]) {
      onPath[i] = 1;
      nodeCount += 1;
    }
  }
  const pathEdges: number[] = [];
  edges.forEach(([a, b], index) => {
    if (onPath[a] && onPath[b] && a !== target) pathEdges.push(index);
  });
  const shortest: number[] = [];
  for (let node = target; node !== -1; node = from.previous[node]) shortest.push(node);
  return { onPath, edges: pathEdges, shortest: shortest.reverse(), nodeCount };
}
