// A build's dependency graph in SQL: its components (with the highest severity of their findings),
// the document's dependency edges and the spanning tree processing derived (parent, level).
import type { Queryable } from '../db/database';

export interface GraphComponentRow {
  position: number;
  bom_ref: string;
  name: string;
  group_name: string | null;
  version: string | null;
  purl: string | null;
  type: string | null;
  parent: number | null;
  level: number | null;
  vulnerabilities: string[] | null;
  severities: string[] | null;
  active_exploit: boolean | null;
}

export interface StoredGraph {
  components: GraphComponentRow[];
  /** The document's edges as positions, each once, without self-loops or unknown refs. */
  edges: Array<[number, number]>;
}

export async function loadGraph(db: Queryable, buildId: string): Promise<StoredGraph> {
  const components = await db.query<GraphComponentRow>(
    `SELECT c.position, c.bom_ref, c.name, c.group_name, c.version, c.purl, c.type, c.parent, c.level,
            f.vulnerabilities, f.severities, f.active_exploit
       FROM sbom_components c
       LEFT JOIN (SELECT position, array_agg(vulnerability_id ORDER BY vulnerability_id) AS vulnerabilities,
                         array_agg(DISTINCT severity) AS severities, bool_or(active_exploit) AS active_exploit
                    FROM build_findings WHERE build_id = $1 GROUP BY position) f ON f.position = c.position
      WHERE c.build_id = $1 ORDER BY c.position`,
    [buildId],
  );
  const raw = await db.query<{ ref: string; depends_on: string }>('SELECT ref, depends_on FROM sbom_dependencies WHERE build_id = $1', [buildId]);
  // A ref names the first component of that bom_ref, as processing's tree does.
  const positionOf = new Map<string, number>();
  for (const component of components) if (!positionOf.has(component.bom_ref)) positionOf.set(component.bom_ref, component.position);
  const seen = new Set<string>();
  const edges: Array<[number, number]> = [];
  for (const { ref, depends_on: dependsOn } of raw) {
    const from = positionOf.get(ref);
    const to = positionOf.get(dependsOn);
    if (from === undefined || to === undefined || from === to || seen.has(`${from}>${to}`)) continue;
    seen.add(`${from}>${to}`);
    edges.push([from, to]);
  }
  return { components, edges };
}
