// PyPI's order (PEP 440): the version is parsed once by @renovatebot/pep440 and turned into the
// sort key of PEP 440 (packaging's _cmpkey) — epoch, release without trailing zeros, pre-release
// (dev-only releases first, finals after pre-releases), post-release, dev-release, local label —
// so that comparisons do not parse again.
import { parse } from '@renovatebot/pep440';

type KeyPart = number | string | KeyPart[];
export type Pep440Key = KeyPart[];

const PLAIN = /^v?\d+(?:\.\d+)*$/i;

export function parsePep440(version: string): Pep440Key | null {
  const text = version.trim();
  // A plain release ('1.2.3'): its key without the parser (advisories hold many of them).
  if (PLAIN.test(text)) {
    const release = text.replace(/^v/i, '').split('.').map(Number);
    if (!release.every(Number.isSafeInteger)) return null;
    while (release.length > 0 && release[release.length - 1] === 0) release.pop();
    return [0, release, Infinity, -Infinity, Infinity, -Infinity];
  }
  const parsed = parse(text) as {
    epoch: number;
    release: number[];
    pre: [string, number] | null;
    post: [string, number] | null;
    dev: [string, number] | null;
    local: (string | number)[] | null;
  } | null;
  if (!parsed) return null;
  const release = [...parsed.release];
  while (release.length > 0 && release[release.length - 1] === 0) release.pop();
  let pre: KeyPart;
  if (!parsed.pre && !parsed.post && parsed.dev) pre = -Infinity;
  else pre = parsed.pre ? [...parsed.pre] : Infinity;
  const post: KeyPart = parsed.post ? [...parsed.post] : -Infinity;
  const dev: KeyPart = parsed.dev ? [...parsed.dev] : Infinity;
  const local: KeyPart = parsed.local
    ? parsed.local.map((segment): KeyPart => (Number.isNaN(Number(segment)) ? [-Infinity, String(segment)] : [Number(segment), '']))
    : -Infinity;
  return [parsed.epoch, release, pre, post, dev, local];
}

/** Python's comparison of the keys (tuples element-wise, then by length). */
function compareParts(a: KeyPart, b: KeyPart): number {
  if (a === b) return 0;
  if (Array.isArray(a) !== Array.isArray(b)) {
    return compareParts(Array.isArray(a) ? a : [a], Array.isArray(b) ? b : [b]);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const length = Math.min(a.length, b.length);
    for (let i = 0; i < length; i += 1) {
      const result = compareParts(a[i], b[i]);
      if (result !== 0) return result;
    }
    return Math.sign(a.length - b.length);
  }
  if (a === -Infinity || b === Infinity) return -1;
  if (a === Infinity || b === -Infinity) return 1;
  return a < b ? -1 : 1;
}

export function comparePep440(a: Pep440Key, b: Pep440Key): number {
  return compareParts(a, b);
}
