// The components of a stored build as the SBOM view lists them (GET /sbom): in position order,
// each with its place in the tree and its findings.
import type { Queryable } from '../db/database';

export interface ComponentRow {
  position: number;
  bom_ref: string;
  type: string | null;
  group_name: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  licenses: string[];
  parent: number | null;
  level: number | null;
  vulnerabilities: Array<{ id: string; severity: string }> | null;
}

export async function componentsOfBuild(db: Queryable, buildId: string): Promise<ComponentRow[]> {
  return db.query<ComponentRow>(
    `SELECT c.position, c.bom_ref, c.type, c.group_name, c.name, c.version, c.purl, c.licenses, c.parent, c.level,
                (SELECT json_agg(json_build_object('id', f.vulnerability_id, 'severity', f.severity) ORDER BY f.vulnerability_id)
                   FROM build_findings f WHERE f.build_id = c.build_id AND f.position = c.position) AS vulnerabilities
           FROM sbom_components c WHERE c.build_id = $1 ORDER BY c.position`,
    [buildId],
  );
}
