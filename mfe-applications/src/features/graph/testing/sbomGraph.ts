// Real SBOMs as the graph view receives them, for the layout tests (test-only): the CycloneDX
// files the API's tests and the demo ship (api/src/sbom/testdata: Juice Shop states no
// dependencies, Dropwizard and Laravel do) turned into a DependencyGraph as the API answers it —
// levels by breadth-first search from the root, components nothing reaches hung under the root —
// and the purls of the other SBOMs of the shared data (api/src/vulnerabilities/testdata).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DependencyGraph, DependencyGraphNode } from '@portal/shared';

const API_SRC = path.resolve(__dirname, '../../../../../api/src');

interface CycloneDxComponent {
  'bom-ref'?: string;
  name: string;
  group?: string;
  version?: string;
  purl?: string;
  type?: string;
  components?: CycloneDxComponent[];
}

const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

function graphOf(appKey: string, root: CycloneDxComponent | null, components: CycloneDxComponent[], dependencies: Array<{ ref: string; dependsOn?: string[] }>): DependencyGraph {
  const all = root ? [root, ...components] : components;
  const nodes: DependencyGraphNode[] = all.map((component, index) => ({
    bom_ref: component['bom-ref'] ?? component.purl ?? `${component.name}#${index}`,
    name: component.name,
    group: component.group ?? null,
    version: component.version ?? null,
    purl: component.purl ?? null,
    type: component.type ?? null,
    level: 0,
    // Every ninth component vulnerable, in turn critical … low: the labels of vulnerable ones come first.
    severity: index > 0 && index % 9 === 0 ? SEVERITIES[(index / 9) % 4] : null,
    vulnerabilities: index > 0 && index % 9 === 0 ? ['GHSA-35jh-r3h4-6jhm'] : [],
    active_exploit: index > 0 && index % 45 === 0,
  }));
  const indexOf = new Map(nodes.map((node, index) => [node.bom_ref, index]));
  const edges: Array<[number, number]> = [];
  for (const dependency of dependencies) {
    const from = indexOf.get(dependency.ref);
    for (const ref of dependency.dependsOn ?? []) {
      const to = indexOf.get(ref);
      if (from !== undefined && to !== undefined && from !== to) edges.push([from, to]);
    }
  }
  const level = nodes.map(() => -1);
  const implied: Array<[number, number]> = [];
  if (root) {
    const children = nodes.map(() => [] as number[]);
    for (const [from, to] of edges) children[from].push(to);
    level[0] = 0;
    const queue = [0];
    for (let head = 0; head < queue.length; head += 1) {
      for (const next of children[queue[head]]) {
        if (level[next] >= 0) continue;
        level[next] = level[queue[head]] + 1;
        queue.push(next);
      }
    }
    level.forEach((value, index) => {
      if (value >= 0) return;
      level[index] = 1;
      implied.push([0, index]);
    });
  }
  nodes.forEach((node, index) => (node.level = Math.max(0, level[index])));
  return { app_key: appKey, build: { id: 'b1', number: 1 }, root: root ? 0 : null, nodes, edges, implied_edges: implied };
}

/** One of api/src/sbom/testdata's gzip-compressed CycloneDX JSON SBOMs. */
export function shippedSbomGraph(file: 'juice-shop-v11.1.2.bom.json.gz' | 'dropwizard-1.3.15.bom.json.gz' | 'laravel-7.12.0.bom.1.4.json.gz'): DependencyGraph {
  const bom = JSON.parse(gunzipSync(readFileSync(path.join(API_SRC, 'sbom', 'testdata', file))).toString('utf8'));
  const flat: CycloneDxComponent[] = [];
  const walk = (list: CycloneDxComponent[] | undefined) => {
    for (const component of list ?? []) {
      flat.push(component);
      walk(component.components);
    }
  };
  walk(bom.components);
  return graphOf(file, bom.metadata?.component ?? null, flat, bom.dependencies ?? []);
}

/** Another SBOM of the shared data, by its components' purls only (it states no dependencies here). */
export function purlOnlyGraph(file: string): DependencyGraph {
  const purls: Record<string, Array<{ purl: string; bomRef?: string }>> = JSON.parse(readFileSync(path.join(API_SRC, 'vulnerabilities', 'testdata', 'sbom-components.json'), 'utf8'));
  const components = purls[file].map(({ purl, bomRef }) => {
    const name = decodeURIComponent(purl.split('@')[0].split('/').pop() ?? purl);
    return { 'bom-ref': bomRef ?? purl, purl, name, version: purl.split('@').pop() };
  });
  return graphOf(file, { 'bom-ref': 'root', name: file.split('__')[0], type: 'application' }, components, []);
}
