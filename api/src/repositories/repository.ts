// SQL of the repository analysis (service.ts): the components of a build that have external references.
import type { Queryable } from '../db/database';

/** The build's components with external references ('type url' each), in position order. */
export async function referencingComponentsOf(db: Queryable, buildId: string): Promise<Array<{ position: number; bom_ref: string; external_references: string[] }>> {
  return db.query<{ position: number; bom_ref: string; external_references: string[] }>(
    `SELECT position, bom_ref, external_references FROM sbom_components
      WHERE build_id = $1 AND external_references <> '{}' ORDER BY position`,
    [buildId],
  );
}
