// What the SBOM view shows of a stored build (GET /sbom): its components in the tree of spec 3, each
// with its parent, children and the vulnerabilities of its subtree.
import type { Queryable } from '../db/database';
import { componentsOfBuild } from './components.repository';
import { subtreeTotals } from './tree';

/** The components of the build of the app `appKey`, in position order, placed in their tree. */
export async function componentTreeOf(db: Queryable, appKey: string, buildId: string) {
  const rows = await componentsOfBuild(db, buildId);
  const parent = rows.map((row) => row.parent ?? -1);
  const level = rows.map((row) => row.level ?? 0);
  const { total, vulnerabilityCount } = subtreeTotals(parent, level, rows.map((row) => row.vulnerabilities?.length ?? 0));
  const children: string[][] = rows.map(() => []);
  rows.forEach((row) => {
    if (row.parent !== null && row.parent !== row.position && children[row.parent]) children[row.parent].push(row.bom_ref);
  });
  return rows.map((row, index) => ({
    bom_ref: row.bom_ref,
    project: appKey,
    parent: row.parent === null ? null : (rows[row.parent]?.bom_ref ?? null),
    type: row.type,
    group: row.group_name,
    name: row.name,
    version: row.version,
    purl: row.purl,
    licenses: row.licenses,
    level: row.level,
    total: total[index],
    vulnerabilityCount: vulnerabilityCount[index],
    vulnerabilities: row.vulnerabilities ?? [],
    sub_components: children[index],
  }));
}
