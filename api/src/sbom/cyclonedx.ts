// CycloneDX 1.2–1.6, JSON (validated against the version's schema) and XML, read into a ParsedSbom.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  CYCLONEDX_VERSIONS,
  isObject,
  MAX_NESTING,
  optionalText,
  Problems,
  references,
  SbomProblem,
  SHORT,
  type ExternalReference,
  type Json,
  type ParsedSbom,
  type SbomComponent,
} from './document';
import { validateCycloneDxJson } from './schema';
import { cycloneDxJsonProvenance, cycloneDxXmlProvenance, type SbomProvenance } from './provenance';

function cycloneDxVersion(version: unknown, path: string): string {
  if (typeof version === 'string' && (CYCLONEDX_VERSIONS as readonly string[]).includes(version)) return version;
  throw new SbomProblem(
    `Unsupported CycloneDX version ${JSON.stringify(version ?? null)}: the versions read are ${CYCLONEDX_VERSIONS.join(', ')}.`,
    { [path]: `must be one of ${CYCLONEDX_VERSIONS.join(', ')}` },
  );
}

// ---------------------------------------------------------------- CycloneDX (JSON and XML alike)

/** A CycloneDX component as both encodings give it, before checks. */
interface RawComponent {
  path: string;
  type: unknown;
  bomRef: unknown;
  group: unknown;
  name: unknown;
  version: unknown;
  purl: unknown;
  licenses: string[];
  references: ExternalReference[];
  children: RawComponent[];
}

class ComponentCollector {
  readonly components: SbomComponent[] = [];
  readonly dependencies: Array<[string, string]> = [];
  private readonly refs = new Map<string, string>();
  constructor(private readonly problems: Problems) {}

  add(raw: RawComponent, parentRef: string | null): SbomComponent | null {
    const { problems } = this;
    const name = raw.name;
    if (typeof name !== 'string' || name.trim() === '') {
      problems.add(`${raw.path}.name`, name === undefined ? 'is required' : 'must be a non-empty string');
    } else if (name.length > SHORT) problems.add(`${raw.path}.name`, `must be at most ${SHORT} characters`);
    const type = optionalText(raw.type, `${raw.path}.type`, problems);
    const group = optionalText(raw.group, `${raw.path}.group`, problems);
    const version = optionalText(raw.version, `${raw.path}.version`, problems);
    const purl = optionalText(raw.purl, `${raw.path}.purl`, problems);
    let bomRef = optionalText(raw.bomRef, `${raw.path}.bom-ref`, problems);
    if (bomRef === '') problems.add(`${raw.path}.bom-ref`, 'must not be empty');
    if (typeof name !== 'string') return null;
    // Without a bom-ref nothing can depend on it: its purl or its position names it.
    if (!bomRef) bomRef = purl && !this.refs.has(purl) ? purl : raw.path;
    const seen = this.refs.get(bomRef);
    if (seen !== undefined) {
      problems.add(`${raw.path}.bom-ref`, `duplicates ${seen}.bom-ref (${JSON.stringify(bomRef).slice(0, 200)})`);
      return null;
    }
    this.refs.set(bomRef, raw.path);
    const component: SbomComponent = { bomRef, type, group, name, version, purl, licenses: raw.licenses.slice(0, 32), references: raw.references };
    this.components.push(component);
    if (parentRef !== null) this.dependencies.push([parentRef, bomRef]);
    return component;
  }

  /** Nested components, depth first without recursion (hostile nesting cannot blow the stack). */
  addAll(roots: RawComponent[], parentRef: string | null): void {
    const stack: Array<{ raw: RawComponent; parent: string | null; depth: number }> = roots
      .map((raw) => ({ raw, parent: parentRef, depth: 0 }))
      .reverse();
    while (stack.length > 0) {
      const { raw, parent, depth } = stack.pop()!;
      if (depth > MAX_NESTING) {
        this.problems.add(raw.path, `components are nested more than ${MAX_NESTING} levels deep`);
        continue;
      }
      const added = this.add(raw, parent);
      for (let index = raw.children.length - 1; index >= 0; index -= 1) {
        stack.push({ raw: raw.children[index], parent: added?.bomRef ?? null, depth: depth + 1 });
      }
    }
  }

  has(ref: string): boolean {
    return this.refs.has(ref);
  }
}

function finishCycloneDx(
  encoding: 'json' | 'xml',
  specVersion: string,
  serialNumber: string | null,
  root: RawComponent | null,
  components: RawComponent[],
  dependencies: Array<{ path: string; ref: unknown; dependsOn: Array<{ path: string; ref: unknown }> }>,
  problems: Problems,
  provenance: SbomProvenance,
): ParsedSbom {
  const collector = new ComponentCollector(problems);
  let rootComponent: SbomComponent | null = null;
  if (root) {
    // metadata.component heads the list; a component listed again under components is the same one.
    rootComponent = collector.add({ ...root, children: [] }, null);
  }
  collector.addAll(root?.children ?? [], rootComponent?.bomRef ?? null);
  const rootRef = rootComponent?.bomRef;
  collector.addAll(
    components.filter((raw) => !(rootRef !== undefined && raw.bomRef === rootRef)),
    null,
  );
  const edges: Array<[string, string]> = [...collector.dependencies];
  for (const dependency of dependencies) {
    if (typeof dependency.ref !== 'string' || dependency.ref === '') {
      problems.add(`${dependency.path}.ref`, dependency.ref === undefined ? 'is required' : 'must be a non-empty string');
      continue;
    }
    for (const target of dependency.dependsOn) {
      if (typeof target.ref !== 'string' || target.ref === '') {
        problems.add(target.path, 'must be a non-empty string (a bom-ref)');
        continue;
      }
      // Edges to refs the document does not list are dropped (common in real SBOMs).
      if (collector.has(dependency.ref) && collector.has(target.ref)) edges.push([dependency.ref, target.ref]);
    }
  }
  problems.refuse('CycloneDX document');
  return {
    format: 'CycloneDX',
    specVersion,
    encoding,
    serialNumber,
    root: rootComponent,
    components: collector.components,
    dependencies: edges,
    provenance,
  };
}

// ---------------------------------------------------------------- CycloneDX JSON

function jsonLicenses(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const licenses: string[] = [];
  for (const choice of value) {
    if (!isObject(choice)) continue;
    if (typeof choice.expression === 'string') licenses.push(choice.expression);
    const license = choice.license;
    if (isObject(license)) {
      const id = typeof license.id === 'string' ? license.id : typeof license.name === 'string' ? license.name : null;
      if (id) licenses.push(id);
    }
  }
  return licenses.filter((license) => license.length <= SHORT);
}

function jsonComponents(value: unknown, path: string, problems: Problems, depth = 0): RawComponent[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.add(path, 'must be an array');
    return [];
  }
  if (depth > MAX_NESTING) {
    problems.add(path, `components are nested more than ${MAX_NESTING} levels deep`);
    return [];
  }
  return value.flatMap((item, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(item)) {
      problems.add(at, 'must be an object');
      return [];
    }
    return [jsonComponent(item, at, problems, depth)];
  });
}

function jsonComponent(item: Json, path: string, problems: Problems, depth: number): RawComponent {
  return {
    path,
    type: item.type,
    bomRef: item['bom-ref'],
    group: item.group,
    name: item.name,
    version: item.version,
    purl: item.purl,
    licenses: jsonLicenses(item.licenses),
    references: references(Array.isArray(item.externalReferences) ? item.externalReferences.filter(isObject).map((ref) => ({ type: ref.type, url: ref.url })) : []),
    children: jsonComponents(item.components, `${path}.components`, problems, depth + 1),
  };
}

export function parseCycloneDxJson(document: Json): ParsedSbom {
  const specVersion = cycloneDxVersion(document.specVersion, 'specVersion');
  validateCycloneDxJson(document, specVersion);
  const problems = new Problems();
  const metadata = isObject(document.metadata) ? document.metadata : {};
  const root = isObject(metadata.component) ? jsonComponent(metadata.component, 'metadata.component', problems, 0) : null;
  const components = jsonComponents(document.components, 'components', problems);
  const dependencies = (Array.isArray(document.dependencies) ? document.dependencies : []).map((dependency, index) => {
    const path = `dependencies[${index}]`;
    const entry = isObject(dependency) ? dependency : {};
    const dependsOn = Array.isArray(entry.dependsOn) ? entry.dependsOn : [];
    return { path, ref: entry.ref, dependsOn: dependsOn.map((ref, at) => ({ path: `${path}.dependsOn[${at}]`, ref })) };
  });
  const serial = typeof document.serialNumber === 'string' ? document.serialNumber.slice(0, SHORT) : null;
  return finishCycloneDx('json', specVersion, serial, root, components, dependencies, problems, cycloneDxJsonProvenance(document));
}

// ---------------------------------------------------------------- CycloneDX XML

const XML_ARRAYS = new Set(['component', 'dependency', 'license', 'expression', 'hash', 'property', 'tool', 'reference', 'service']);

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => XML_ARRAYS.has(name),
});

function xmlText(value: unknown): unknown {
  if (isObject(value)) return value['#text'] ?? '';
  return value;
}

function xmlList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

function xmlLicenses(value: unknown): string[] {
  if (!isObject(value)) return [];
  const licenses: string[] = [];
  for (const license of xmlList(value.license)) {
    if (!isObject(license)) continue;
    const id = xmlText(license.id) || xmlText(license.name);
    if (typeof id === 'string' && id) licenses.push(id);
  }
  for (const expression of xmlList(value.expression)) {
    const text = xmlText(expression);
    if (typeof text === 'string' && text) licenses.push(text);
  }
  return licenses.filter((license) => license.length <= SHORT);
}

function xmlComponent(item: unknown, path: string, problems: Problems, depth: number): RawComponent | null {
  if (!isObject(item)) {
    problems.add(path, 'must be an element with a name');
    return null;
  }
  const nested = isObject(item.components) ? item.components.component : undefined;
  return {
    path,
    type: item['@_type'],
    bomRef: item['@_bom-ref'],
    group: xmlText(item.group),
    name: xmlText(item.name),
    version: xmlText(item.version),
    purl: xmlText(item.purl),
    licenses: xmlLicenses(item.licenses),
    references: references(
      xmlList(isObject(item.externalReferences) ? item.externalReferences.reference : undefined)
        .filter(isObject)
        .map((ref) => ({ type: ref['@_type'], url: xmlText(ref.url) })),
    ),
    children: depth > MAX_NESTING ? [] : xmlComponents(nested, `${path}.components`, problems, depth + 1),
  };
}

function xmlComponents(value: unknown, path: string, problems: Problems, depth = 0): RawComponent[] {
  if (depth > MAX_NESTING) {
    problems.add(path, `components are nested more than ${MAX_NESTING} levels deep`);
    return [];
  }
  return xmlList(value).flatMap((item, index) => {
    const component = xmlComponent(item, `${path}[${index}]`, problems, depth);
    return component ? [component] : [];
  });
}

export function parseCycloneDxXml(text: string): ParsedSbom {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new SbomProblem('The XML SBOM has a DOCTYPE or ENTITY declaration; CycloneDX documents have none and they are not accepted.');
  }
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    const { msg, line, col } = wellFormed.err;
    throw new SbomProblem(`The SBOM is not well-formed XML: ${msg} (line ${line}, column ${col}).`);
  }
  let parsed: Json;
  try {
    parsed = xmlParser.parse(text) as Json;
  } catch (error) {
    throw new SbomProblem(`The XML SBOM could not be read: ${(error as Error).message}.`);
  }
  const bom = parsed.bom;
  if (!isObject(bom)) {
    throw new SbomProblem('Unknown SBOM format: the XML document is not a CycloneDX bom (its root element is not <bom>).');
  }
  const namespace = typeof bom['@_xmlns'] === 'string' ? bom['@_xmlns'] : '';
  const match = /^http:\/\/cyclonedx\.org\/schema\/bom\/(\d+\.\d+)$/.exec(namespace);
  if (!match) {
    throw new SbomProblem(
      `Unknown SBOM format: the <bom> element's namespace ${JSON.stringify(namespace)} is not a CycloneDX one (http://cyclonedx.org/schema/bom/1.x).`,
      { 'bom.@xmlns': 'must be http://cyclonedx.org/schema/bom/<version>' },
    );
  }
  const specVersion = cycloneDxVersion(match[1], 'bom.@xmlns');
  const problems = new Problems();
  const metadata = isObject(bom.metadata) ? bom.metadata : {};
  const rootElement = metadata.component;
  const root = rootElement === undefined ? null : xmlComponent(xmlList(rootElement)[0], 'metadata.component', problems, 0);
  const components = xmlComponents(isObject(bom.components) ? bom.components.component : undefined, 'components', problems);
  const dependencies = xmlList(isObject(bom.dependencies) ? bom.dependencies.dependency : undefined).map((dependency, index) => {
    const path = `dependencies[${index}]`;
    const entry = isObject(dependency) ? dependency : {};
    return {
      path,
      ref: entry['@_ref'],
      dependsOn: xmlList(entry.dependency).map((target, at) => ({
        path: `${path}.dependency[${at}].ref`,
        ref: isObject(target) ? target['@_ref'] : undefined,
      })),
    };
  });
  const serial = typeof bom['@_serialNumber'] === 'string' ? bom['@_serialNumber'].slice(0, SHORT) : null;
  return finishCycloneDx('xml', specVersion, serial, root, components, dependencies, problems, cycloneDxXmlProvenance(bom));
}

