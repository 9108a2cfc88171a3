// What an SBOM says of its own provenance (docs/compliance.md, "sbom-provenance"): the supplier of
// the software it describes, the authors of the SBOM, the tools that generated it, when it was made,
// and whether it carries a signature. Read when the SBOM is stored and kept with its build
// (application_builds.provenance, migration 045): the document itself is not kept. Informative only:
// what is missing or not text is left out, never refused. A signature is noted, not verified (the
// portal holds no key to verify it with).
import { isObject, type Json } from './document';

export interface SbomProvenance {
  /** Who supplies the software: CycloneDX metadata.supplier, metadata.manufacturer (manufacture before 1.6) or the described component's supplier; SPDX the described package's supplier. */
  supplier: string | null;
  /** Who wrote the SBOM: CycloneDX metadata.authors (their names or emails); SPDX Person and Organization creators. */
  authors: string[];
  /** What generated it: CycloneDX metadata.tools (the 1.5 object form too); SPDX Tool creators. */
  tools: string[];
  /** When it was made (CycloneDX metadata.timestamp, SPDX creationInfo.created), as written. */
  timestamp: string | null;
  /** It carries an enveloped signature (CycloneDX JSON's JSF `signature`, XML's ds:Signature). */
  signed: boolean;
}

/** Names kept per list. */
const MAX_NAMES = 20;
const NAME = 255;

function text(value: unknown): string | null {
  if (isObject(value) && '#text' in value) return text(value['#text']);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'NOASSERTION' || trimmed === 'NONE' ? null : trimmed.slice(0, NAME);
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

const distinct = (names: Array<string | null>): string[] => [...new Set(names.filter((name): name is string => name !== null))].slice(0, MAX_NAMES);

/** An organizational entity's or contact's name (else its email, else its first URL). */
function entityName(value: unknown): string | null {
  if (!isObject(value)) return text(value);
  return text(value.name) ?? text(value.email) ?? text(list(value.url)[0]);
}

/** A tool as 'vendor name version' (the legacy list) or a component's or service's 'group name version'. */
function toolName(value: unknown): string | null {
  if (!isObject(value)) return null;
  const parts = [entityName(value.vendor) ?? text(value.group), text(value.name), text(value.version)].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ').slice(0, NAME) : null;
}

/** metadata.tools: a list of tools (1.2–1.4, deprecated since), or { components, services } (1.5 on). */
function tools(value: unknown, element: (owner: Json, key: string) => unknown[]): string[] {
  if (Array.isArray(value)) return distinct(value.map(toolName));
  if (!isObject(value)) return [];
  const legacy = element(value, 'tool');
  const components = isObject(value.components) ? element(value.components, 'component') : list(value.components);
  const services = isObject(value.services) ? element(value.services, 'service') : list(value.services);
  return distinct([...legacy, ...components, ...services].map(toolName));
}

function cycloneDx(metadata: Json, signed: boolean, element: (owner: Json, key: string) => unknown[]): SbomProvenance {
  const component = isObject(metadata.component) ? metadata.component : isObject(list(metadata.component)[0]) ? (list(metadata.component)[0] as Json) : {};
  const authors = isObject(metadata.authors) ? element(metadata.authors, 'author') : list(metadata.authors);
  return {
    supplier: entityName(metadata.supplier) ?? entityName(metadata.manufacturer) ?? entityName(metadata.manufacture) ?? entityName(component.supplier),
    authors: distinct(authors.map(entityName)),
    tools: tools(metadata.tools, element),
    timestamp: text(metadata.timestamp)?.slice(0, 64) ?? null,
    signed,
  };
}

/** A CycloneDX JSON document's provenance. */
export function cycloneDxJsonProvenance(document: Json): SbomProvenance {
  const metadata = isObject(document.metadata) ? document.metadata : {};
  return cycloneDx(metadata, isObject(document.signature), (owner, key) => list(owner[key]));
}

/** A CycloneDX XML document's (its parsed <bom>): lists are elements of the singular name (<authors><author>…). */
export function cycloneDxXmlProvenance(bom: Json): SbomProvenance {
  const metadata = isObject(bom.metadata) ? bom.metadata : {};
  const signed = Object.keys(bom).some((key) => key === 'Signature' || key.endsWith(':Signature'));
  return cycloneDx(metadata, signed, (owner, key) => list(owner[key]));
}

/** SPDX 'Organization: Acme (acme@example.com)' → 'Acme (acme@example.com)', of the kinds asked. */
function creator(value: unknown, kinds: readonly string[]): string | null {
  const match = typeof value === 'string' ? /^\s*(Person|Organization|Tool)\s*:\s*(.*)$/.exec(value) : null;
  return match && kinds.includes(match[1]) ? text(match[2]) : null;
}

/** An SPDX 2.3 document's; `rootId` is the package it describes. */
export function spdxProvenance(document: Json, rootId: string | undefined): SbomProvenance {
  const info = isObject(document.creationInfo) ? document.creationInfo : {};
  const creators = list(info.creators);
  const root = list(document.packages).find((item) => isObject(item) && item.SPDXID === rootId) as Json | undefined;
  return {
    supplier: root ? creator(root.supplier, ['Person', 'Organization']) : null,
    authors: distinct(creators.map((each) => creator(each, ['Person', 'Organization']))),
    tools: distinct(creators.map((each) => creator(each, ['Tool']))),
    timestamp: text(info.created)?.slice(0, 64) ?? null,
    signed: false,
  };
}
