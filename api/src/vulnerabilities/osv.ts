// The OSV format (https://ossf.github.io/osv-schema/): the parts the vulnerability database keeps,
// and the check of a record before it is stored.
import type { OsvAffected, OsvEvent, OsvRange, OsvRecord, OsvSeverity } from '@portal/shared/server';
import { findHostileValue } from '../http/hostile-values';

// The OSV record's types are the contract's (an advisory's `record` on the wire).
export type { OsvAffected, OsvEvent, OsvRange, OsvRecord, OsvSeverity };

// oxlint-disable-next-line no-control-regex -- an identifier holding a control character is refused
const CONTROL = /[\u0000-\u001f]/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}


function stringArray(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

/** Why `value` is not an OSV record this database can store, or undefined when it is one. */
export function osvProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'an OSV record is a JSON object';
  if (typeof value.id !== 'string' || value.id.trim() === '' || value.id.length > 255 || CONTROL.test(value.id)) {
    return "'id' must be a non-empty string without control characters";
  }
  if (typeof value.modified !== 'string' || Number.isNaN(Date.parse(value.modified))) return `${value.id}: 'modified' must be an RFC 3339 time`;
  if (value.withdrawn !== undefined && typeof value.withdrawn !== 'string') return `${value.id}: 'withdrawn' must be a time`;
  if (!stringArray(value.aliases)) return `${value.id}: 'aliases' must be an array of strings`;
  // Aliases are ids too: matching joins them with a control character (matching.ts).
  if (((value.aliases as string[] | undefined) ?? []).some((alias) => CONTROL.test(alias))) return `${value.id}: 'aliases' has control characters`;
  if (value.affected !== undefined && !Array.isArray(value.affected)) return `${value.id}: 'affected' must be an array`;
  for (const [index, affected] of ((value.affected as unknown[]) ?? []).entries()) {
    const where = `${value.id}: affected[${index}]`;
    if (!isObject(affected)) return `${where} must be an object`;
    if (affected.package !== undefined) {
      const pkg = affected.package;
      if (!isObject(pkg) || typeof pkg.ecosystem !== 'string' || typeof pkg.name !== 'string') {
        return `${where}.package needs 'ecosystem' and 'name'`;
      }
      if (CONTROL.test(pkg.ecosystem) || CONTROL.test(pkg.name)) return `${where}.package has control characters`;
    }
    if (!stringArray(affected.versions)) return `${where}.versions must be an array of strings`;
    if (((affected.versions as string[] | undefined) ?? []).some((version) => CONTROL.test(version))) return `${where}.versions has control characters`;
    if (affected.ranges !== undefined && !Array.isArray(affected.ranges)) return `${where}.ranges must be an array`;
    for (const [r, range] of ((affected.ranges as unknown[]) ?? []).entries()) {
      if (!isObject(range) || typeof range.type !== 'string' || !Array.isArray(range.events)) {
        return `${where}.ranges[${r}] needs 'type' and 'events'`;
      }
      for (const event of range.events) {
        if (!isObject(event) || !Object.values(event).every((v) => typeof v === 'string' && !CONTROL.test(v))) {
          return `${where}.ranges[${r}].events must be objects of version strings (without control characters)`;
        }
      }
    }
  }
  // Anywhere else (summary, details, references, database_specific…): what Postgres's jsonb cannot
  // store (NUL, lone surrogates) or JSON.parse made infinite, keys included.
  const hostile = findHostileValue(value);
  if (hostile) return `${value.id}: '${hostile.path}' ${hostile.reason}`;
  return undefined;
}
