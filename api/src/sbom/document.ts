// What an uploaded SBOM is reduced to, whatever its format (the components and the dependency graph
// a build stores), and what the format readers share: the refusal (a 400 naming the paths of what is
// wrong) and the checks of a component's fields.
import { ApiProblem } from '../http/problem';
import type { SbomProvenance } from './provenance';

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
export function references(entries: ReadonlyArray<{ type: unknown; url: unknown }>): ExternalReference[] {
  const kept: ExternalReference[] = [];
  for (const { type, url } of entries) {
    const mapped = typeof type === 'string' ? REFERENCE_TYPE_OF[type] : undefined;
    if (!mapped || typeof url !== 'string') continue;
    const trimmed = url.trim();
    // A URL holds no control characters (RFC 3986); storing relies on it.
    // oxlint-disable-next-line no-control-regex -- control characters are what this test refuses
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
  /** What the document says of where it comes from (provenance.ts). */
  provenance: SbomProvenance;
}

/** A 400 naming what is wrong; `fields` maps paths to messages. */
export class SbomProblem extends ApiProblem {
  constructor(detail: string, fields?: Record<string, string>) {
    super(400, detail, {}, fields);
  }
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const SHORT = 2048;

/** Collects structural problems with their paths; refuses once at the end (or when too many). */
export class Problems {
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

export function optionalText(value: unknown, path: string, problems: Problems): string | null {
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

