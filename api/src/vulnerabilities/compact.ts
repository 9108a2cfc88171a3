// The matcher's compact form of an affected entry's versions and ranges: the matcher loads the
// entries of every package of an SBOM at once, and this is a third of the bytes of their JSON
// and splits faster than JSON parses. Control characters separate (OSV records with control
// characters in versions are refused at import):
//   versions joined by U+001C, then for each range U+001D, its type letter (S SEMVER,
//   E ECOSYSTEM, G GIT, X other) and its events joined by U+001C, each a kind letter
//   (i introduced, f fixed, l last_affected, m limit) and the version.
import type { OsvEvent, OsvRange } from './osv';

const EVENT = '\u001c';
const RANGE = '\u001d';
const TYPES: Record<string, string> = { SEMVER: 'S', ECOSYSTEM: 'E', GIT: 'G' };
const TYPE_NAMES: Record<string, string> = { S: 'SEMVER', E: 'ECOSYSTEM', G: 'GIT', X: 'OTHER' };
const KINDS: Record<keyof OsvEvent, string> = { introduced: 'i', fixed: 'f', last_affected: 'l', limit: 'm' };

export function encodeAffected(versions: readonly string[], ranges: readonly OsvRange[]): string {
  let text = versions.join(EVENT);
  for (const range of ranges) {
    text += RANGE + (Object.hasOwn(TYPES, range.type) ? TYPES[range.type] : 'X');
    const events: string[] = [];
    for (const event of range.events) {
      for (const kind of Object.keys(KINDS) as (keyof OsvEvent)[]) {
        const value = event[kind];
        if (typeof value === 'string') {
          events.push(KINDS[kind] + value);
          break;
        }
      }
    }
    text += events.join(EVENT);
  }
  return text;
}

const NONE: readonly string[] = Object.freeze([]);

export function decodeAffected(text: string): { versions: readonly string[]; ranges: OsvRange[] } {
  const parts = text.split(RANGE);
  const versions = parts[0] === '' ? NONE : parts[0].split(EVENT);
  const ranges: OsvRange[] = [];
  for (let i = 1; i < parts.length; i += 1) {
    const part = parts[i];
    const events: OsvEvent[] = [];
    if (part.length > 1) {
      for (const event of part.slice(1).split(EVENT)) {
        // Literal shapes (not computed keys): the evaluator reads these objects by the million.
        const value = event.slice(1);
        switch (event.charCodeAt(0)) {
          case 105: // i
            events.push({ introduced: value });
            break;
          case 102: // f
            events.push({ fixed: value });
            break;
          case 108: // l
            events.push({ last_affected: value });
            break;
          case 109: // m
            events.push({ limit: value });
            break;
          default:
        }
      }
    }
    ranges.push({ type: TYPE_NAMES[part[0]] ?? 'OTHER', events });
  }
  return { versions, ranges };
}
