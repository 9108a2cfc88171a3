// The RBOM as a CycloneDX 1.6 document (export and shared links), built with
// @cyclonedx/cyclonedx-library as the VEX export is: metadata.lifecycles says phase 'operations'
// (what runs, not what was built), the root is the build's, the properties name the profile,
// environment and build; components and their dependencies are the RBOM's only.
import { randomUUID } from 'node:crypto';
import { Enums, Models, Serialize, Spec, SPDX } from '@cyclonedx/cyclonedx-library';
import type { Queryable } from '../db/database';
import { loadGraph } from '../graph/index';
import { impliedEdges } from '../graph/service';
import { componentsAt } from './repository';

const COMPONENT_TYPES = new Set<string>(Object.values(Enums.ComponentType));
const EXPRESSION = /\s(AND|OR|WITH)\s/;

export interface RbomSource {
  appKey: string;
  profile: { name: string; environment: string };
  build: { id: string; number: number; serial_number: string | null; root_ref: string | null };
  positions: readonly number[];
}

function licensesOf(values: readonly string[]): Models.License[] {
  if (values.length === 1 && EXPRESSION.test(values[0])) return [new Models.LicenseExpression(values[0])];
  return values.map((value) => (SPDX.isSupportedSpdxId(value) ? new Models.SpdxLicense(value) : new Models.NamedLicense(value)));
}

export async function rbomDocument(db: Queryable, source: RbomSource, now = new Date()): Promise<Record<string, unknown>> {
  const { build } = source;
  const rows = await componentsAt(db, build.id, source.positions);
  const graph = await loadGraph(db, build.id);
  const kept = new Set(source.positions);
  const bom = new Models.Bom({ serialNumber: `urn:uuid:${randomUUID()}` });
  bom.metadata.timestamp = now;
  bom.metadata.lifecycles.add(Enums.LifecyclePhase.Operations);
  for (const [name, value] of [
    ['portal:deployment-profile', source.profile.name],
    ['portal:environment', source.profile.environment],
    ['portal:application', source.appKey],
    ['portal:build', String(build.number)],
    ...(build.serial_number ? [['portal:sbom-serial-number', build.serial_number]] : []),
  ]) {
    bom.metadata.properties.add(new Models.Property(name, value));
  }
  const made = new Map<number, Models.Component>();
  for (const row of rows) {
    const type = row.type && COMPONENT_TYPES.has(row.type) ? (row.type as Enums.ComponentType) : Enums.ComponentType.Library;
    const component = new Models.Component(type, row.name, { bomRef: row.bom_ref, group: row.group ?? undefined, version: row.version ?? undefined });
    // The library types a purl as packageurl-js's PackageURL and only ever writes its toString().
    if (row.purl) component.purl = row.purl as unknown as Models.Component['purl'];
    for (const license of licensesOf(row.licenses)) component.licenses.add(license);
    made.set(row.position, component);
    if (row.bom_ref === build.root_ref) bom.metadata.component = component;
    else bom.components.add(component);
  }
  if (!bom.metadata.component) bom.metadata.component = new Models.Component(Enums.ComponentType.Application, source.appKey, { bomRef: `${source.appKey}-build-${build.number}` });
  for (const [from, to] of [...graph.edges, ...impliedEdges(graph.components, graph.edges)]) {
    const target = made.get(to);
    if (kept.has(from) && target) made.get(from)!.dependencies.add(target.bomRef);
  }
  const factory = new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6);
  return factory.makeForBom().normalize(bom, { sortLists: false }) as unknown as Record<string, unknown>;
}

/** The export's file name: <app>-<profile>-build-<n>.rbom.cdx.json, safe for any file system. */
export function rbomFileName(appKey: string, profileName: string, buildNumber: number): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'rbom';
  return `${safe(appKey)}-${safe(profileName)}-build-${buildNumber}.rbom.cdx.json`;
}
