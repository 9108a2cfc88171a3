// Storing an uploaded SBOM as a new build: the build row, every component (placed in the component
// tree of spec 3: its parent and level) with its external references ('type url', a column of its
// row) and every dependency edge in ONE transaction with bulk (unnest) inserts — all of it or nothing.
import { BUILD_COLUMNS, type BuildRecord } from '../apps/index';
import { componentPackageKey } from '../vulnerabilities/index';
import type { Database, Queryable } from '../db/database';
import type { SbomComponent } from './document';
import type { ParsedSbom } from './parse';
import { spanningTree } from './tree';

export interface Uploader {
  userId: string | null;
  serviceModuleId: string | null;
}

/**
 * What processing reads of a stored build, known without reading it back when the upload hands it
 * over: the components with a purl (their positions and purls), the distinct license declarations
 * (as stored: a component's licenses joined by U+001F). Handed over, they also say that the tree is
 * placed (the upload placed it).
 */
export interface StoredComponents {
  positions: number[];
  purls: string[];
  declarations: string[];
}

/** The new build as GET answers it (PENDING), and what processing needs of its components. */
export interface StoredBuild extends BuildRecord {
  components: StoredComponents;
}

/** A component's licenses as the row stores them: one text, each license's U+001F made a space. */
function declarationOf(component: Pick<SbomComponent, 'licenses'>): string {
  // oxlint-disable-next-line no-control-regex -- U+001F is the separator of the stored declarations, so it is replaced in each
  return component.licenses.map((license) => license.replace(/\x1f/g, ' ')).join('\x1f');
}

function storedComponents(sbom: ParsedSbom, declarations: readonly string[]): StoredComponents {
  const positions: number[] = [];
  const purls: string[] = [];
  sbom.components.forEach((component, position) => {
    if (component.purl === null) return;
    positions.push(position);
    purls.push(component.purl);
  });
  return { positions, purls, declarations: [...new Set(declarations)] };
}

/** Rows per INSERT: parameters stay well under any protocol limit and memory stays flat. */
const CHUNK = 5_000;

/** `announce`: records, in the storing transaction, the event of the build stored (as GET reads it). */
export async function storeBuild(
  database: Database,
  applicationId: string,
  sbom: ParsedSbom,
  uploader: Uploader,
  announce?: (tx: Queryable, build: BuildRecord) => Promise<void>,
): Promise<StoredBuild> {
  const declarations = sbom.components.map(declarationOf);
  const build = await database.transaction(async (tx) => {
    // The app row is locked: two uploads at once number their builds one after the other.
    await tx.query('SELECT id FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
    // Returned as GET reads it: the upload answers with it, without reading it back.
    const [build] = await tx.query<BuildRecord>(
      `WITH b AS (
         INSERT INTO application_builds (application_id, number, format, spec_version, encoding, serial_number,
                                         root_ref, root_name, root_version, component_count, uploaded_by, service_module_id, provenance)
         VALUES ($1, (SELECT coalesce(max(number), 0) + 1 FROM application_builds WHERE application_id = $1),
                 $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)
         RETURNING *
       )
       SELECT ${BUILD_COLUMNS} FROM b LEFT JOIN users u ON u.id = b.uploaded_by`,
      [
        applicationId,
        sbom.format,
        sbom.specVersion,
        sbom.encoding,
        sbom.serialNumber,
        sbom.root?.bomRef ?? null,
        sbom.root?.name ?? null,
        sbom.root?.version ?? null,
        sbom.components.length,
        uploader.userId,
        uploader.serviceModuleId,
        JSON.stringify(sbom.provenance),
      ],
    );
    const tree = spanningTree(
      sbom.components.map((component) => component.bomRef),
      sbom.dependencies,
      sbom.root ? sbom.components.indexOf(sbom.root) : -1,
    );
    for (let start = 0; start < sbom.components.length; start += CHUNK) {
      const slice = sbom.components.slice(start, start + CHUNK);
      await tx.query(
        `INSERT INTO sbom_components (build_id, position, bom_ref, type, group_name, name, version, purl, package, licenses, parent, level, external_references)
         SELECT $1, c.position, c.bom_ref, c.type, c.group_name, c.name, c.version, c.purl, c.package,
                CASE WHEN c.licenses = '' THEN '{}'::text[] ELSE string_to_array(c.licenses, E'\\x1f') END, NULLIF(c.parent, -1), c.level,
                CASE WHEN c.refs = '' THEN '{}'::text[] ELSE string_to_array(c.refs, E'\\x1f') END
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::int[], $12::text[], $13::text[])
             AS c(position, bom_ref, type, group_name, name, version, purl, licenses, parent, level, refs, package)`,
        [
          build.id,
          slice.map((_, index) => start + index),
          slice.map((component) => component.bomRef),
          slice.map((component) => component.type),
          slice.map((component) => component.group),
          slice.map((component) => component.name),
          slice.map((component) => component.version),
          slice.map((component) => component.purl),
          declarations.slice(start, start + slice.length),
          Array.from(tree.parent.subarray(start, start + slice.length)),
          Array.from(tree.level.subarray(start, start + slice.length)),
          // URLs hold no control characters (document.ts keeps none that do).
          slice.map((component) => component.references.map((reference) => `${reference.type} ${reference.url}`).join('\x1f')),
          // The package an import's monitoring looks for (monitoring/scan.ts).
          slice.map((component) => componentPackageKey(component.purl)),
        ],
      );
    }
    for (let start = 0; start < sbom.dependencies.length; start += CHUNK) {
      const slice = sbom.dependencies.slice(start, start + CHUNK);
      await tx.query(
        `INSERT INTO sbom_dependencies (build_id, ref, depends_on)
         SELECT $1, d.ref, d.depends_on FROM unnest($2::text[], $3::text[]) AS d(ref, depends_on)`,
        [build.id, slice.map((edge) => edge[0]), slice.map((edge) => edge[1])],
      );
    }
    await announce?.(tx, build);
    return build;
  });
  return { ...build, components: storedComponents(sbom, declarations) };
}
