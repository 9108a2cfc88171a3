// What every importer shares: the error that names the format expected and where the input failed,
// readers of parsed JSON that raise that error (never a TypeError), the severity normalization and
// the fallback fingerprint. Importers are pure: bytes or parsed JSON in, findings out.
import { createHash } from 'node:crypto';
import type { FindingSeverity, FindingFormat } from '@portal/shared/server';

/** Longest text kept of a title, message, help or snippet: a hostile file cannot make a row huge. */
export const MAX_TEXT = 64 * 1024;
export const MAX_SHORT_TEXT = 1024;

/** Names of the formats as the errors and the docs say them. */
export const FORMAT_NAMES: Record<FindingFormat, string> = {
  sarif: 'SARIF 2.1.0',
  semgrep: 'Semgrep JSON',
  checkov: 'Checkov JSON',
  kics: 'KICS JSON',
  tfsec: 'tfsec JSON',
  trivy: 'Trivy JSON',
  asff: 'AWS Security Hub ASFF',
  'prowler-ocsf': 'Prowler OCSF JSON',
  'defender-csv': 'Defender for Cloud recommendations CSV',
  'defender-json': 'Defender for Cloud REST JSON (alerts or assessments)',
};

/** A file that is not what it should be: "SARIF 2.1.0 expected: runs[0].results[3].locations is not an array". */
export class FindingImportError extends Error {
  constructor(
    readonly expected: string,
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${expected} expected: ${where ? `${where} ` : ''}${problem}`);
    this.name = 'FindingImportError';
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const kindOf = (value: unknown): string =>
  value === undefined
    ? 'missing'
    : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/**
 * Reads parsed JSON for one format, raising `FindingImportError` with the path of what is wrong.
 * Only own properties are read, so `__proto__` or `constructor` keys are plain data.
 */
export class Reader {
  constructor(readonly expected: string) {}

  fail(where: string, problem: string): never {
    throw new FindingImportError(this.expected, where, problem);
  }

  private wrong(value: unknown, where: string, what: string): never {
    return this.fail(where, value === undefined ? 'is missing' : `is not ${what} (${kindOf(value)})`);
  }

  isObject(value: unknown): value is JsonObject {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }

  object(value: unknown, where: string): JsonObject {
    if (!this.isObject(value)) this.wrong(value, where, 'an object');
    return value;
  }

  array(value: unknown, where: string): Json[] {
    if (!Array.isArray(value)) this.wrong(value, where, 'an array');
    return value;
  }

  /** An array that may be absent or null (→ []). */
  optionalArray(value: unknown, where: string): Json[] {
    return value === undefined || value === null ? [] : this.array(value, where);
  }

  string(value: unknown, where: string): string {
    if (typeof value !== 'string') this.wrong(value, where, 'a string');
    return value;
  }

  /** A string that may be absent or null (→ null); capped at `max` characters. */
  optionalString(value: unknown, where: string, max = MAX_TEXT): string | null {
    if (value === undefined || value === null) return null;
    return clip(this.string(value, where), max);
  }

  optionalInteger(value: unknown, where: string): number | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) this.wrong(value, where, 'an integer');
    return value;
  }
}

/** The own property `key` of `object` (never an inherited one). */
export function own(object: JsonObject | null | undefined, key: string): Json | undefined {
  return object && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

export function clip(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Normalized severity of a tool's word; unknown words are 'info' (documented per format). */
export function severityOfWord(word: string | null | undefined, fallback: FindingSeverity = 'info'): FindingSeverity {
  switch ((word ?? '').trim().toLowerCase()) {
    case 'critical':
    case 'fatal':
      return 'critical';
    case 'high':
    case 'error':
      return 'high';
    case 'medium':
    case 'moderate':
    case 'warning':
      return 'medium';
    case 'low':
    case 'note':
      return 'low';
    case 'info':
    case 'informational':
    case 'information':
    case 'none':
    case 'trace':
    case 'unknown':
      return 'info';
    default:
      return fallback;
  }
}

/** A 0–10 score (SARIF security-severity, CVSS) in GitHub's bands: ≥9 critical, ≥7 high, ≥4 medium, >0 low. */
export function severityOfScore(score: number): FindingSeverity {
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  if (score > 0) return 'low';
  return 'info';
}

/** Whitespace runs collapsed and ends trimmed: a re-indented line keeps its fingerprint. */
export function normalizeSnippet(snippet: string | null | undefined): string {
  return (snippet ?? '').replace(/\s+/g, ' ').trim();
}

/** sha-256 (hex) of the parts joined by NUL: the fingerprint when a tool gives none. */
export function fingerprintOf(...parts: Array<string | number | null | undefined>): string {
  const hash = createHash('sha256');
  parts.forEach((part, index) => {
    if (index > 0) hash.update('\u0000');
    hash.update(part === null || part === undefined ? '' : String(part));
  });
  return hash.digest('hex');
}

/** 'CWE-79' from 'CWE-79', 'cwe-079', 'external/cwe/cwe-079' or 79. */
export function cweOf(value: string | number): string | null {
  const match = /cwe[-_/ ]?0*(\d{1,5})\b/i.exec(String(value)) ?? (typeof value === 'number' ? [String(value), String(value)] : null);
  return match ? `CWE-${Number(match[1])}` : null;
}

export function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** Plain strings of an array of unknown values (non-strings dropped), each clipped. */
export function strings(values: unknown, max = MAX_SHORT_TEXT): string[] {
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string').map((value) => clip(value, max)) : [];
}
