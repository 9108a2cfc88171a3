// Packagist (Composer) order: Composer normalizes a version to four numeric parts and a
// stability suffix ('v1.2' → 1.2.0.0, '1.0-beta2' → 1.0.0.0-beta2) and compares with PHP's
// version_compare: parts split at '.', '-', '_', '+' and between digits and letters; special
// words order dev < alpha = a < beta = b < RC = rc < (a number) < pl = p (patch), any other
// word before all of them.

export type ComposerVersion = readonly (number | string)[];

const SPECIAL: Record<string, number> = { dev: 0, alpha: 1, a: 1, beta: 2, b: 2, rc: 3, '#': 4, pl: 5, p: 5, patch: 5 };

function special(token: string): number {
  return SPECIAL[token] ?? -6;
}

const RELEASE = /^v?(\d+(?:\.\d+)*)(.*)$/i;

/** Composer's normalized version as tokens; null for branches ('dev-master') and non-versions. */
export function parseComposerVersion(version: string): ComposerVersion | null {
  const match = RELEASE.exec(version.trim());
  if (!match) return null;
  const numbers = match[1].split('.').map((part) => Number(part));
  if (numbers.some((n) => !Number.isSafeInteger(n))) return null;
  while (numbers.length < 4) numbers.push(0);
  const rest = match[2].toLowerCase();
  if (!/^[0-9a-z.\-_+]*$/.test(rest)) return null;
  const tokens: (number | string)[] = [...numbers];
  // PHP's canonical form: separators become one '.', a switch between digit and letter too.
  for (const piece of rest.split(/[.\-_+]+/)) {
    for (const token of piece.match(/\d+|[a-z]+/g) ?? []) tokens.push(/^\d/.test(token) ? Number(token) : token);
  }
  return tokens;
}

function compareToken(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  const left = typeof a === 'number' ? SPECIAL['#'] : special(a);
  const right = typeof b === 'number' ? SPECIAL['#'] : special(b);
  return Math.sign(left - right);
}

export function compareComposerVersions(a: ComposerVersion, b: ComposerVersion): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const result = compareToken(a[i], b[i]);
    if (result !== 0) return result;
  }
  if (a.length === b.length) return 0;
  // The longer one continues: a number makes it later; a word compares with a number ('#').
  if (a.length > b.length) return typeof a[length] === 'number' ? 1 : compareToken(a[length], 0);
  return typeof b[length] === 'number' ? -1 : compareToken(0, b[length]);
}
