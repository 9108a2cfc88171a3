// Reading an uploaded SBOM (issue 7 items 2–3): the format is detected from the document itself
// (CycloneDX 1.2–1.6 JSON or XML, SPDX 2.3 JSON), validated, and reduced to what a build stores —
// its components and the dependency graph. Every refusal is a 400 that says what is wrong and
// where (`fields`: path → message, paths like `components[3].name`).
import { isAscii } from 'node:buffer';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiProblem } from '../http/problem';
import { validateCycloneDxJson } from './schema';

export const CYCLONEDX_VERSIONS = ['1.2', '1.3', '1.4', '1.5', '1.6'] as const;
export const SPDX_VERSIONS = ['SPDX-2.3'] as const;
/** At most this many problems are reported (the first ones in document order). */
export const MAX_REPORTED_PROBLEMS = 20;
/** Nested components deeper than this are refused (hostile documents). */
export const MAX_NESTING = 64;

export interface SbomComponent {
  bomRef: string;
  type: string | null;
  group: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  licenses: string[];
  /** Where its source, site and packages are (repository analysis). */
  references: ExternalReference[];
}

export const REFERENCE_TYPES = ['vcs', 'website', 'distribution'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

export interface ExternalReference {
  type: ReferenceType;
  url: string;
}

/** At most this many references are kept per component. */
export const MAX_REFERENCES = 16;
/** CycloneDX's reference types read, and what repository analysis calls them. */
const REFERENCE_TYPE_OF: Record<string, ReferenceType> = {
  vcs: 'vcs',
  website: 'website',
  distribution: 'distribution',
  'distribution-intake': 'distribution',
  'source-distribution': 'distribution',
};

/**
 * The references repository analysis reads. They are informative only: one that is not a usable
 * URL (not text, too long, a NUL) is left out rather than refusing the SBOM.
 */
function references(entries: ReadonlyArray<{ type: unknown; url: unknown }>): ExternalReference[] {
  const kept: ExternalReference[] = [];
  for (const { type, url } of entries) {
    const mapped = typeof type === 'string' ? REFERENCE_TYPE_OF[type] : undefined;
    if (!mapped || typeof url !== 'string') continue;
    const trimmed = url.trim();
    // A URL holds no control characters (RFC 3986); storing relies on it.
    if (trimmed === '' || trimmed.length > SHORT || /[\u0000-\u001f]/.test(trimmed)) continue;
    kept.push({ type: mapped, url: trimmed });
    if (kept.length === MAX_REFERENCES) break;
  }
  return kept;
}

export interface ParsedSbom {
  format: 'CycloneDX' | 'SPDX';
  specVersion: string;
  encoding: 'json' | 'xml';
  serialNumber: string | null;
  /** The component the document describes (CycloneDX metadata.component, SPDX's described package); first of `components`. */
  root: SbomComponent | null;
  components: SbomComponent[];
  /** [ref, dependsOn] pairs between bom_refs of `components`. */
  dependencies: Array<[string, string]>;
}

/** A 400 naming what is wrong; `fields` maps paths to messages. */
export class SbomProblem extends ApiProblem {
  constructor(detail: string, fields?: Record<string, string>) {
    super(400, detail, {}, fields);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const SHORT = 2048;

/** Collects structural problems with their paths; refuses once at the end (or when too many). */
class Problems {
  readonly fields: Record<string, string> = {};
  count = 0;
  add(path: string, message: string): void {
    this.count += 1;
    if (this.count <= MAX_REPORTED_PROBLEMS) this.fields[path] = message;
  }
  refuse(what: string): void {
    if (this.count === 0) return;
    const [first] = Object.entries(this.fields);
    const more = this.count > 1 ? ` (and ${this.count - 1} more problem${this.count > 2 ? 's' : ''})` : '';
    throw new SbomProblem(`The ${what} is not valid: ${first[0]} ${first[1]}${more}.`, this.fields);
  }
}

function optionalText(value: unknown, path: string, problems: Problems): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    problems.add(path, 'must be a string');
    return null;
  }
  if (value.length > SHORT) {
    problems.add(path, `must be at most ${SHORT} characters`);
    return null;
  }
  return value;
}

/** Decodes the upload (UTF-8, a byte-order mark dropped) and reads it in the format it is in. */
export function parseSbom(bytes: Buffer): ParsedSbom {
  let sbom: ParsedSbom;
  try {
    sbom = readSbom(bytes);
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    // A document hostile enough to break a reader (stack, limits) is refused, not a server error.
    throw new SbomProblem(`The SBOM could not be read: ${(error as Error).message}.`);
  }
  // The database stores text without NUL characters: such a document is refused, not half-stored.
  const problems = new Problems();
  sbom.components.forEach((component, index) => {
    for (const [field, value] of Object.entries(component)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((text) => typeof text === 'string' && text.includes('\u0000'))) {
        problems.add(`components[${index}].${field}`, 'must not contain NUL characters');
      }
    }
  });
  if (sbom.serialNumber?.includes('\u0000')) problems.add('serialNumber', 'must not contain NUL characters');
  problems.refuse(sbom.format === 'SPDX' ? 'SPDX 2.3 document' : 'CycloneDX document');
  return sbom;
}

/**
 * The upload as text, without its byte-order mark. UTF-8 decoding makes a two-byte string as soon as
 * one character is not ASCII — three times the work of JSON.parse for juice-shop's 28 such bytes —
 * so a JSON document's non-ASCII characters (which JSON allows only inside strings) are written as
 * the \u escapes that mean the same, and the rest is read as one-byte text.
 */
export function decodeUpload(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (isAscii(body)) return body.toString('latin1');
  let first = 0;
  while (first < body.length && (body[first] === 0x20 || body[first] === 0x0a || body[first] === 0x0d || body[first] === 0x09)) first += 1;
  if (body[first] !== 0x7b && body[first] !== 0x5b) return body.toString('utf8');
  const pieces: string[] = [];
  let ascii = 0;
  let at = 0;
  while (at < body.length) {
    if (body[at] < 0x80) {
      at += 1;
      continue;
    }
    let end = at;
    while (end < body.length && body[end] >= 0x80) end += 1;
    pieces.push(body.toString('latin1', ascii, at));
    const decoded = body.toString('utf8', at, end);
    let escaped = '';
    for (let index = 0; index < decoded.length; index += 1) escaped += `\\u${decoded.charCodeAt(index).toString(16).padStart(4, '0')}`;
    pieces.push(escaped);
    ascii = at = end;
  }
  pieces.push(body.toString('latin1', ascii));
  return pieces.join('');
}

function readSbom(bytes: Buffer): ParsedSbom {
  const text = decodeUpload(bytes);
  const start = text.search(/\S/);
  if (start < 0) throw new SbomProblem('The SBOM is empty.');
  if (text[start] === '{' || text[start] === '[') return parseJson(text);
  if (text[start] === '<') return parseCycloneDxXml(text);
  throw new SbomProblem('The SBOM is neither JSON nor XML: expected a CycloneDX (JSON or XML) or SPDX 2.3 (JSON) document.');
}

function parseJson(text: string): ParsedSbom {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SbomProblem(`The SBOM is not valid JSON: ${(error as Error).message}.`);
  }
  if (!isObject(document)) throw new SbomProblem('The SBOM is not a JSON object: expected a CycloneDX or SPDX document.');
  if (document.bomFormat !== undefined) {
    if (document.bomFormat !== 'CycloneDX') {
      throw new SbomProblem(`Unknown SBOM format: bomFormat is ${JSON.stringify(document.bomFormat)}, expected "CycloneDX".`, {
        bomFormat: 'must be "CycloneDX"',
      });
    }
    return parseCycloneDxJson(document);
  }
  if (document.spdxVersion !== undefined) return parseSpdxJson(document);
  throw new SbomProblem(
    'Unknown SBOM format: the JSON document has neither bomFormat (CycloneDX) nor spdxVersion (SPDX).',
  );
}

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

function parseCycloneDxJson(document: Json): ParsedSbom {
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
  return finishCycloneDx('json', specVersion, serial, root, components, dependencies, problems);
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

function parseCycloneDxXml(text: string): ParsedSbom {
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
  return finishCycloneDx('xml', specVersion, serial, root, components, dependencies, problems);
}

// ---------------------------------------------------------------- SPDX 2.3 JSON

const SPDX_ID = /^SPDXRef-[A-Za-z0-9.-]+$/;

function spdxLicense(value: unknown): string | null {
  return typeof value === 'string' && value !== 'NOASSERTION' && value !== 'NONE' && value.length <= SHORT ? value : null;
}

/** An SPDX location, NOASSERTION and NONE being none. */
function spdxLocation(value: unknown): string | null {
  return typeof value === 'string' && value !== 'NOASSERTION' && value !== 'NONE' ? value : null;
}

/** SPDX 2.3 §7.7: a VCS location is written <vcs>+<transport>://… (git+https://…). */
function spdxVcs(value: unknown): boolean {
  return typeof value === 'string' && /^(git|hg|svn|bzr)\+/.test(value);
}

function parseSpdxJson(document: Json): ParsedSbom {
  if (!(SPDX_VERSIONS as readonly unknown[]).includes(document.spdxVersion)) {
    throw new SbomProblem(
      `Unsupported SPDX version ${JSON.stringify(document.spdxVersion)}: the version read is SPDX-2.3 (JSON).`,
      { spdxVersion: 'must be "SPDX-2.3"' },
    );
  }
  const problems = new Problems();
  if (document.SPDXID !== 'SPDXRef-DOCUMENT') problems.add('SPDXID', 'must be "SPDXRef-DOCUMENT"');
  if (typeof document.name !== 'string' || document.name === '') problems.add('name', 'is required (a non-empty string)');
  if (typeof document.documentNamespace !== 'string' || document.documentNamespace === '') {
    problems.add('documentNamespace', 'is required (a URI)');
  }
  const creationInfo = document.creationInfo;
  if (!isObject(creationInfo)) problems.add('creationInfo', 'is required (an object with created and creators)');
  else {
    if (typeof creationInfo.created !== 'string' || Number.isNaN(Date.parse(creationInfo.created))) {
      problems.add('creationInfo.created', 'must be a date-time');
    }
    if (!Array.isArray(creationInfo.creators) || creationInfo.creators.length === 0 || creationInfo.creators.some((creator) => typeof creator !== 'string')) {
      problems.add('creationInfo.creators', 'must be a non-empty array of strings');
    }
  }
  const packages = document.packages ?? [];
  if (!Array.isArray(packages)) problems.add('packages', 'must be an array');
  const components: SbomComponent[] = [];
  const ids = new Map<string, string>();
  (Array.isArray(packages) ? packages : []).forEach((item, index) => {
    const path = `packages[${index}]`;
    if (!isObject(item)) {
      problems.add(path, 'must be an object');
      return;
    }
    const id = item.SPDXID;
    if (typeof id !== 'string' || !SPDX_ID.test(id)) {
      problems.add(`${path}.SPDXID`, 'must be an SPDX id (SPDXRef- followed by letters, digits, . or -)');
      return;
    }
    if (ids.has(id)) {
      problems.add(`${path}.SPDXID`, `duplicates ${ids.get(id)}.SPDXID`);
      return;
    }
    if (typeof item.name !== 'string' || item.name === '') {
      problems.add(`${path}.name`, 'is required (a non-empty string)');
      return;
    }
    if (item.name.length > SHORT) {
      problems.add(`${path}.name`, `must be at most ${SHORT} characters`);
      return;
    }
    const version = optionalText(item.versionInfo, `${path}.versionInfo`, problems);
    let purl: string | null = null;
    const refs = item.externalRefs ?? [];
    if (!Array.isArray(refs)) problems.add(`${path}.externalRefs`, 'must be an array');
    else {
      refs.forEach((ref, at) => {
        if (!isObject(ref)) {
          problems.add(`${path}.externalRefs[${at}]`, 'must be an object');
          return;
        }
        if (ref.referenceType === 'purl') {
          const locator = optionalText(ref.referenceLocator, `${path}.externalRefs[${at}].referenceLocator`, problems);
          purl ??= locator;
        }
      });
    }
    const licenses = [spdxLicense(item.licenseConcluded), spdxLicense(item.licenseDeclared)].filter(
      (license, at, all): license is string => license !== null && all.indexOf(license) === at,
    );
    ids.set(id, path);
    components.push({
      bomRef: id,
      type: typeof item.primaryPackagePurpose === 'string' ? item.primaryPackagePurpose.toLowerCase().slice(0, 64) : 'library',
      group: optionalText(item.supplier, `${path}.supplier`, problems),
      name: item.name,
      version,
      purl,
      licenses,
      references: references([
        { type: spdxVcs(item.downloadLocation) ? 'vcs' : 'distribution', url: spdxLocation(item.downloadLocation) },
        { type: 'website', url: spdxLocation(item.homepage) },
      ]),
    });
  });
  const dependencies: Array<[string, string]> = [];
  const described: string[] = Array.isArray(document.documentDescribes)
    ? document.documentDescribes.filter((id): id is string => typeof id === 'string')
    : [];
  const relationships = document.relationships ?? [];
  if (!Array.isArray(relationships)) problems.add('relationships', 'must be an array');
  (Array.isArray(relationships) ? relationships : []).forEach((relationship, index) => {
    const path = `relationships[${index}]`;
    if (!isObject(relationship)) {
      problems.add(path, 'must be an object');
      return;
    }
    const { spdxElementId: from, relatedSpdxElement: to, relationshipType: type } = relationship;
    if (typeof from !== 'string') problems.add(`${path}.spdxElementId`, 'is required (an SPDX id)');
    if (typeof to !== 'string') problems.add(`${path}.relatedSpdxElement`, 'is required (an SPDX id)');
    if (typeof type !== 'string') problems.add(`${path}.relationshipType`, 'is required');
    if (typeof from !== 'string' || typeof to !== 'string' || typeof type !== 'string') return;
    if (type === 'DESCRIBES' && from === 'SPDXRef-DOCUMENT') described.push(to);
    else if ((type === 'DEPENDS_ON' || type === 'CONTAINS') && ids.has(from) && ids.has(to)) dependencies.push([from, to]);
    else if ((type === 'DEPENDENCY_OF' || type === 'CONTAINED_BY') && ids.has(from) && ids.has(to)) dependencies.push([to, from]);
  });
  problems.refuse('SPDX 2.3 document');
  const rootId = described.find((id) => ids.has(id));
  let root: SbomComponent | null = null;
  if (rootId !== undefined) {
    const at = components.findIndex((component) => component.bomRef === rootId);
    [root] = components.splice(at, 1);
    components.unshift(root);
  }
  return {
    format: 'SPDX',
    specVersion: '2.3',
    encoding: 'json',
    serialNumber: typeof document.documentNamespace === 'string' ? document.documentNamespace.slice(0, SHORT) : null,
    root,
    components,
    dependencies,
  };
}
