// What the graph view derives from a build's graph once per graph: the scene to draw (stated and
// implied edges, the layered layout — or the grouped overview when the SBOM states no dependencies),
// the adjacency both ways for the paths, and an index by bom_ref.
import type { DependencyGraph } from '@portal/shared';
import { useMemo } from 'react';
import { groupedLayout } from '../utils/groups';
import { layeredLayout } from '../utils/layout';
import { adjacency, type Adjacency } from '../utils/paths';
import type { Scene } from '../utils/scene';

export interface GraphModel {
  scene: Scene;
  forward: Adjacency;
  backward: Adjacency;
  indexOf: ReadonlyMap<string, number>;
}

export function graphModel(data: DependencyGraph): GraphModel {
  const edges = [...data.edges, ...data.implied_edges];
  const count = data.nodes.length;
  // Without stated dependencies the layered drawing is a star under the root: group instead.
  const grouped = data.edges.length === 0 && count > 1 ? groupedLayout(data.nodes, data.root) : null;
  const layout = grouped ?? layeredLayout({ count, levels: data.nodes.map((node) => node.level), edges });
  const indexOf = new Map<string, number>();
  data.nodes.forEach((node, index) => {
    if (!indexOf.has(node.bom_ref)) indexOf.set(node.bom_ref, index);
  });
  return {
    scene: { nodes: data.nodes, edges, impliedFrom: data.edges.length, layout, root: data.root, ...(grouped ? { groups: grouped.groups } : {}) },
    forward: adjacency(count, edges),
    backward: adjacency(count, edges, true),
    indexOf,
  };
}

export function useGraphModel(data: DependencyGraph | undefined): GraphModel | null {
  return useMemo(() => (data ? graphModel(data) : null), [data]);
}
