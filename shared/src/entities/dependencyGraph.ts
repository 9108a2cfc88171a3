// The dependency graph of a build and its metrics (issue 7 items 9–10): what
// GET apps/{appKey}/builds/{buildId}/graph and .../graphMetrics answer.

/** A component of the graph; nodes are addressed by their index in `DependencyGraph.nodes`. */
export interface DependencyGraphNode {
  bom_ref: string;
  name: string;
  group: string | null;
  version: string | null;
  purl: string | null;
  type: string | null;
  /** Shortest distance from the root (the root is 0). */
  level: number;
  /** The highest severity of its findings (CRITICAL … UNKNOWN), null without findings. */
  severity: string | null;
  /** The ids of the advisories affecting it. */
  vulnerabilities: string[];
  active_exploit: boolean;
}

export interface DependencyGraph {
  app_key: string;
  build: { id: string; number: number };
  /** Index of the document's root component, null when the document names none. */
  root: number | null;
  nodes: DependencyGraphNode[];
  /** [from, to]: `from` depends on `to`, as the document's dependency graph says. */
  edges: Array<[number, number]>;
  /**
   * Edges the document does not state: components nothing depends on hang under the root, so
   * that every component has a path from it (a document without dependencies is a star).
   */
  implied_edges: Array<[number, number]>;
}

export interface GraphComponentFigure {
  bom_ref: string;
  name: string;
  version: string | null;
  purl: string | null;
  fan_in: number;
  fan_out: number;
  /** How many components reach it through the graph (its direct and indirect dependents). */
  transitive_dependents: number;
}

export interface GraphMetrics {
  app_key: string;
  build: { id: string; number: number };
  components: number;
  edges: number;
  implied_edges: number;
  /** The largest shortest distance from the root. */
  depth: number;
  /** How many components stand at each level (index = level). */
  levels: number[];
  /** Direct dependents: the most any component has, and the average over components that have any. */
  fan_in: { max: number; average: number };
  /** Direct dependencies: the most any component has, and the average over components that have any. */
  fan_out: { max: number; average: number };
  /** Components that depend on nothing. */
  leaves: number;
  /** Components the document's graph names in no edge. */
  isolated: number;
  /** Dependency cycles: strongly connected groups of two or more components. */
  cycles: { count: number; components: number };
  /** The ten components with the most direct dependents. */
  most_depended_on: GraphComponentFigure[];
  /** The ten components with the most direct dependencies. */
  largest_fan_out: GraphComponentFigure[];
}
