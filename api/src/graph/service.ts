// The dependency graph of a build as the graph view draws it, and its metrics (issue 7 items 9–10):
// depth, fan-in / fan-out, leaves, isolated components, cycles and the most depended-on
// components. Pure functions over positions and edges, and the two the routes call, which load the
// build's graph first.
import type { DependencyGraph, DependencyGraphNode, GraphComponentFigure, GraphMetrics } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { loadGraph, type GraphComponentRow, type StoredGraph } from './repository';

const SEVERITY_ORDER = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'];
/** How many components the top lists name. */
export const TOP = 10;

function highest(severities: readonly string[] | null): string | null {
  if (!severities || severities.length === 0) return null;
  return [...severities].sort((a, b) => SEVERITY_ORDER.indexOf(a) - SEVERITY_ORDER.indexOf(b))[0];
}

/**
 * The spanning tree's edges the document does not state (processing hangs components nothing
 * reaches under the root): with them every component has a path from the root.
 */
export function impliedEdges(components: readonly GraphComponentRow[], edges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const stated = new Set(edges.map(([from, to]) => `${from}>${to}`));
  const implied: Array<[number, number]> = [];
  for (const component of components) {
    const { parent, position } = component;
    if (parent !== null && parent !== position && !stated.has(`${parent}>${position}`)) implied.push([parent, position]);
  }
  return implied;
}

export function graphView(appKey: string, build: { id: string; number: number }, rootRef: string | null, graph: StoredGraph): DependencyGraph {
  const nodes: DependencyGraphNode[] = graph.components.map((row) => ({
    bom_ref: row.bom_ref,
    name: row.name,
    group: row.group_name,
    version: row.version,
    purl: row.purl,
    type: row.type,
    level: row.level ?? 0,
    severity: highest(row.severities),
    vulnerabilities: row.vulnerabilities ?? [],
    active_exploit: row.active_exploit ?? false,
  }));
  const root = rootRef === null ? -1 : graph.components.findIndex((row) => row.bom_ref === rootRef);
  return {
    app_key: appKey,
    build,
    root: root < 0 ? null : root,
    nodes,
    edges: graph.edges.map(([from, to]) => [from, to]),
    implied_edges: impliedEdges(graph.components, graph.edges),
  };
}

/** Adjacency lists (CSR) of `count` nodes: the targets of node i are targets[offsets[i] .. offsets[i + 1]). */
function adjacency(count: number, edges: ReadonlyArray<readonly [number, number]>, reverse: boolean): { offsets: Int32Array; targets: Int32Array } {
  const offsets = new Int32Array(count + 1);
  for (const edge of edges) offsets[(reverse ? edge[1] : edge[0]) + 1] += 1;
  for (let i = 0; i < count; i += 1) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, count);
  const targets = new Int32Array(edges.length);
  for (const edge of edges) {
    const from = reverse ? edge[1] : edge[0];
    targets[fill[from]++] = reverse ? edge[0] : edge[1];
  }
  return { offsets, targets };
}

/** How many nodes reach `start` (itself not counted), walking the reversed edges. */
function reachingCount(start: number, reversed: { offsets: Int32Array; targets: Int32Array }, count: number): number {
  const seen = new Uint8Array(count);
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  seen[start] = 1;
  queue[tail++] = start;
  while (head < tail) {
    const node = queue[head++];
    for (let k = reversed.offsets[node]; k < reversed.offsets[node + 1]; k += 1) {
      const next = reversed.targets[k];
      if (!seen[next]) {
        seen[next] = 1;
        queue[tail++] = next;
      }
    }
  }
  return tail - 1;
}

/** Strongly connected components of two or more nodes (Tarjan, iterative): their count and size. */
export function cycles(count: number, edges: ReadonlyArray<readonly [number, number]>): { count: number; components: number } {
  const { offsets, targets } = adjacency(count, edges, false);
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const work: Array<[number, number]> = [];
  let next = 0;
  let found = 0;
  let inCycles = 0;
  for (let start = 0; start < count; start += 1) {
    if (index[start] >= 0) continue;
    work.push([start, offsets[start]]);
    index[start] = low[start] = next++;
    stack.push(start);
    onStack[start] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edge] = frame;
      if (edge < offsets[node + 1]) {
        frame[1] += 1;
        const target = targets[edge];
        if (index[target] < 0) {
          index[target] = low[target] = next++;
          stack.push(target);
          onStack[target] = 1;
          work.push([target, offsets[target]]);
        } else if (onStack[target]) low[node] = Math.min(low[node], index[target]);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low[parent] = Math.min(low[parent], low[node]);
      }
      if (low[node] === index[node]) {
        let size = 0;
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          size += 1;
        } while (member !== node);
        if (size > 1) {
          found += 1;
          inCycles += size;
        }
      }
    }
  }
  return { count: found, components: inCycles };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function graphMetrics(appKey: string, build: { id: string; number: number }, graph: StoredGraph): GraphMetrics {
  const { components, edges } = graph;
  const count = components.length;
  const fanIn = new Int32Array(count);
  const fanOut = new Int32Array(count);
  for (const [from, to] of edges) {
    fanOut[from] += 1;
    fanIn[to] += 1;
  }
  const levels: number[] = [];
  let leaves = 0;
  let isolated = 0;
  let maxIn = 0;
  let maxOut = 0;
  let withDependents = 0;
  let withDependencies = 0;
  for (let i = 0; i < count; i += 1) {
    const level = components[i].level ?? 0;
    levels[level] = (levels[level] ?? 0) + 1;
    if (fanOut[i] === 0) leaves += 1;
    if (fanOut[i] === 0 && fanIn[i] === 0) isolated += 1;
    if (fanIn[i] > 0) withDependents += 1;
    if (fanOut[i] > 0) withDependencies += 1;
    maxIn = Math.max(maxIn, fanIn[i]);
    maxOut = Math.max(maxOut, fanOut[i]);
  }
  const reversed = adjacency(count, edges, true);
  const figure = (i: number): GraphComponentFigure => ({
    bom_ref: components[i].bom_ref,
    name: components[i].group_name ? `${components[i].group_name}/${components[i].name}` : components[i].name,
    version: components[i].version,
    purl: components[i].purl,
    fan_in: fanIn[i],
    fan_out: fanOut[i],
    transitive_dependents: reachingCount(i, reversed, count),
  });
  const top = (values: Int32Array) =>
    Array.from({ length: count }, (_, i) => i)
      .filter((i) => values[i] > 0)
      .sort((a, b) => values[b] - values[a] || a - b)
      .slice(0, TOP)
      .map(figure);
  return {
    app_key: appKey,
    build,
    components: count,
    edges: edges.length,
    implied_edges: impliedEdges(components, edges).length,
    depth: Math.max(0, levels.length - 1),
    levels: Array.from(levels, (value) => value ?? 0),
    fan_in: { max: maxIn, average: withDependents === 0 ? 0 : round2(edges.length / withDependents) },
    fan_out: { max: maxOut, average: withDependencies === 0 ? 0 : round2(edges.length / withDependencies) },
    leaves,
    isolated,
    cycles: cycles(count, edges),
    most_depended_on: top(fanIn),
    largest_fan_out: top(fanOut),
  };
}

/** The dependency graph of the stored build `build`, as the graph view draws it. */
export async function dependencyGraphOf(db: Queryable, appKey: string, build: { id: string; number: number }, rootRef: string | null): Promise<DependencyGraph> {
  return graphView(appKey, build, rootRef, await loadGraph(db, build.id));
}

/** The metrics of the stored build `build`'s dependency graph. */
export async function graphMetricsOf(db: Queryable, appKey: string, build: { id: string; number: number }): Promise<GraphMetrics> {
  return graphMetrics(appKey, build, await loadGraph(db, build.id));
}
