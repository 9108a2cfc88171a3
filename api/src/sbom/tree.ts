// The SBOM component tree of spec 3: the dependency graph (a DAG at best, cycles happen) reduced to
// a spanning tree from the document's root, breadth first, so that each component sits at its
// shallowest depth under the first component found to depend on it. Components nothing reaches
// hang under the root (or are top-level when the document names no root).

export interface TreeShape {
  /** Position of each component's parent; -1 for top-level components. */
  parent: Int32Array;
  level: Int32Array;
}

/** `refs[i]` is the bom_ref of position i; `rootPosition` the root's (or -1). */
export function spanningTree(refs: readonly string[], edges: ReadonlyArray<readonly [string, string]>, rootPosition: number): TreeShape {
  const count = refs.length;
  const positionOf = new Map<string, number>();
  refs.forEach((ref, position) => positionOf.set(ref, position));
  const children: number[][] = Array.from({ length: count }, () => []);
  const indegree = new Int32Array(count);
  for (const [from, to] of edges) {
    const a = positionOf.get(from);
    const b = positionOf.get(to);
    if (a === undefined || b === undefined || a === b) continue;
    children[a].push(b);
    indegree[b] += 1;
  }
  const parent = new Int32Array(count).fill(-1);
  const level = new Int32Array(count).fill(-1);
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  const visit = (position: number, from: number, depth: number) => {
    parent[position] = from;
    level[position] = depth;
    queue[tail++] = position;
  };
  const drain = () => {
    while (head < tail) {
      const position = queue[head++];
      for (const child of children[position]) if (level[child] < 0) visit(child, position, level[position] + 1);
    }
  };
  if (rootPosition >= 0) {
    visit(rootPosition, -1, 0);
    drain();
  }
  const hang = (position: number) => (rootPosition >= 0 ? visit(position, rootPosition, 1) : visit(position, -1, 0));
  // First the components nothing depends on, then whatever only a cycle reaches.
  for (let position = 0; position < count; position += 1) {
    if (level[position] < 0 && indegree[position] === 0) {
      hang(position);
      drain();
    }
  }
  for (let position = 0; position < count; position += 1) {
    if (level[position] < 0) {
      hang(position);
      drain();
    }
  }
  return { parent, level };
}

/** Per node: how many components its subtree holds below it, and the vulnerabilities in it (its own included). */
export function subtreeTotals(parent: ArrayLike<number>, level: ArrayLike<number>, ownVulnerabilities: ArrayLike<number>): {
  total: Int32Array;
  vulnerabilityCount: Int32Array;
} {
  const count = parent.length;
  const total = new Int32Array(count);
  const vulnerabilityCount = new Int32Array(count);
  const order = Array.from({ length: count }, (_, index) => index).sort((a, b) => level[b] - level[a]);
  for (const position of order) vulnerabilityCount[position] += ownVulnerabilities[position];
  for (const position of order) {
    const up = parent[position];
    if (up >= 0 && up !== position) {
      total[up] += total[position] + 1;
      vulnerabilityCount[up] += vulnerabilityCount[position];
    }
  }
  return { total, vulnerabilityCount };
}
