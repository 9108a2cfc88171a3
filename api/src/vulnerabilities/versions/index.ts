// Each ecosystem's own version order (OSV 'ECOSYSTEM' ranges), plus SemVer 2.0 ('SEMVER' ranges).
import { Version as GemVersion } from '@renovatebot/ruby-semver/dist/ruby/version';
import semver from 'semver';
import { compareComposerVersions, parseComposerVersion } from './composer';
import { compareMavenVersions, parseMavenVersion } from './maven';
import { comparePep440, parsePep440 } from './pypi';

export interface VersionOrder<T = unknown> {
  readonly name: string;
  /** The comparable form of `version`, or null when it is not a version of this ecosystem. */
  parse(version: string): T | null;
  compare(a: T, b: T): number;
}

// The parsed form stays opaque outside: only the order that made it compares it.
function order<T>(name: string, parse: (version: string) => T | null, compare: (a: T, b: T) => number): VersionOrder {
  return { name, parse, compare: compare as (a: unknown, b: unknown) => number };
}

const SEMVER_LIKE = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]*)?$/;
const PLAIN = /^v?\d+(?:\.\d+){0,2}$/;

export interface SemverLike {
  major: number;
  minor: number;
  patch: number;
  /** Pre-release identifiers, numeric ones as numbers; empty for a release. */
  pre: readonly (string | number)[];
}

const RELEASE: readonly (string | number)[] = Object.freeze([]);

/**
 * SemVer 2.0 precedence, tolerant of the shapes advisories use: a leading 'v', missing minor or
 * patch ('1.0' is 1.0.0), build metadata (ignored). Go's pseudo-versions
 * (v0.0.0-20191109021931-daa7c04131f5, v1.2.4-0.2019…) are pre-releases and sort as Go sorts them.
 * Parsed by hand (advisories hold hundreds of thousands of versions); the order is semver's.
 */
export function parseSemverLike(version: string): SemverLike | null {
  const text = version.trim();
  if (PLAIN.test(text)) {
    const parts = (text.charCodeAt(0) === 118 ? text.slice(1) : text).split('.');
    const [major, minor = 0, patch = 0] = parts.map(Number);
    return Number.isSafeInteger(major) && Number.isSafeInteger(minor) && Number.isSafeInteger(patch) ? { major, minor, patch, pre: RELEASE } : null;
  }
  const match = SEMVER_LIKE.exec(text);
  if (!match) return null;
  const [major, minor, patch] = [match[1], match[2] ?? '0', match[3] ?? '0'].map(Number);
  if (!Number.isSafeInteger(major) || !Number.isSafeInteger(minor) || !Number.isSafeInteger(patch)) return null;
  if (match[4] === undefined) return { major, minor, patch, pre: RELEASE };
  const pre: (string | number)[] = [];
  for (const identifier of match[4].split('.')) {
    if (identifier === '') return null;
    if (/^\d+$/.test(identifier)) {
      const value = Number(identifier);
      if (!Number.isSafeInteger(value)) return null;
      pre.push(value);
    } else {
      pre.push(identifier);
    }
  }
  return { major, minor, patch, pre };
}

/** SemVer 2.0 §11: major, minor, patch; a pre-release before its release; identifiers numerically, then ASCII. */
export function compareSemverLike(a: SemverLike, b: SemverLike): number {
  if (a.major !== b.major) return a.major < b.major ? -1 : 1;
  if (a.minor !== b.minor) return a.minor < b.minor ? -1 : 1;
  if (a.patch !== b.patch) return a.patch < b.patch ? -1 : 1;
  if (a.pre.length === 0 || b.pre.length === 0) return a.pre.length === b.pre.length ? 0 : a.pre.length === 0 ? 1 : -1;
  const length = Math.min(a.pre.length, b.pre.length);
  for (let i = 0; i < length; i += 1) {
    const left = a.pre[i];
    const right = b.pre[i];
    if (left === right) continue;
    if (typeof left === 'number' && typeof right === 'string') return -1;
    if (typeof left === 'string' && typeof right === 'number') return 1;
    return left < right ? -1 : 1;
  }
  return Math.sign(a.pre.length - b.pre.length);
}

const compareSemver = compareSemverLike;

/** SemVer 2.0 strictly: what OSV's 'SEMVER' range type names (no 'v', three parts). */
export const SEMVER = order('SemVer', parseSemverLike, compareSemver);

// Go module versions: canonical semver with a 'v' (OSV writes them without it); '+incompatible'
// is build metadata.
const GO = order('Go', parseSemverLike, compareSemver);

interface NugetVersion {
  numbers: number[];
  pre: string[];
}

const NUGET = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]*)?$/;

function parseNuget(version: string): NugetVersion | null {
  const match = NUGET.exec(version.trim());
  if (!match) return null;
  const numbers = [match[1], match[2], match[3], match[4]].map((part) => Number(part ?? 0));
  if (numbers.some((n) => !Number.isSafeInteger(n))) return null;
  return { numbers, pre: match[5] ? match[5].toLowerCase().split('.') : [] };
}

function comparePrerelease(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : a.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] === undefined) return -1;
    if (b[i] === undefined) return 1;
    const result = semver.compareIdentifiers(a[i], b[i]);
    if (result !== 0) return result;
  }
  return 0;
}

/** NuGet: up to four numeric parts (1.0 = 1.0.0.0), SemVer 2.0 pre-releases compared case-insensitively. */
function compareNuget(a: NugetVersion, b: NugetVersion): number {
  for (let i = 0; i < 4; i += 1) if (a.numbers[i] !== b.numbers[i]) return a.numbers[i] < b.numbers[i] ? -1 : 1;
  return comparePrerelease(a.pre, b.pre);
}

const PYPI = order('PEP 440', parsePep440, comparePep440);

type GemSegments = readonly (string | number)[];

/** Gem::Version#<=> over canonical segments (computed once): a string segment sorts before a number. */
function compareGemSegments(a: GemSegments, b: GemSegments): number {
  const limit = Math.max(a.length, b.length);
  for (let i = 0; i < limit; i += 1) {
    const left = a[i] ?? 0;
    const right = b[i] ?? 0;
    if (left === right) continue;
    if (typeof left === 'string' && typeof right === 'number') return -1;
    if (typeof left === 'number' && typeof right === 'string') return 1;
    return left < right ? -1 : 1;
  }
  return 0;
}

const RUBYGEMS = order(
  'RubyGems',
  (version: string): GemSegments | null => {
    try {
      const text = version.trim();
      // A plain release ('1.2.0'): its canonical segments are its numbers without trailing zeros.
      if (/^\d+(?:\.\d+)*$/.test(text)) {
        const numbers = text.split('.').map(Number);
        if (!numbers.every(Number.isSafeInteger)) return null;
        while (numbers.length > 0 && numbers[numbers.length - 1] === 0) numbers.pop();
        return numbers;
      }
      return GemVersion.isCorrect(text) ? (GemVersion.create(text)?.canonicalSegments() ?? null) : null;
    } catch {
      return null;
    }
  },
  compareGemSegments,
);

const ORDERS: Record<string, VersionOrder> = {
  npm: order('npm (SemVer)', parseSemverLike, compareSemver),
  'crates.io': order('Cargo (SemVer)', parseSemverLike, compareSemver),
  Go: GO,
  NuGet: order('NuGet', parseNuget, compareNuget),
  PyPI: PYPI,
  RubyGems: RUBYGEMS,
  Maven: order('Maven ComparableVersion', parseMavenVersion, compareMavenVersions),
  Packagist: order('Composer', parseComposerVersion, compareComposerVersions),
  Pub: order('Pub (SemVer)', parseSemverLike, compareSemver),
  Hex: order('Hex (SemVer)', parseSemverLike, compareSemver),
};

/** The order of an OSV ecosystem ('Maven:https://…' is Maven); undefined when not supported. */
export function ecosystemOrder(ecosystem: string): VersionOrder | undefined {
  for (const key of [ecosystem, ecosystem.split(':')[0]]) if (Object.hasOwn(ORDERS, key)) return ORDERS[key];
  return undefined;
}

/** Compares two version strings of an ecosystem; undefined when one of them does not parse. */
export function compareVersions(ecosystem: string, a: string, b: string): number | undefined {
  const versionOrder = ecosystemOrder(ecosystem);
  if (!versionOrder) return undefined;
  const left = versionOrder.parse(a);
  const right = versionOrder.parse(b);
  return left === null || right === null ? undefined : versionOrder.compare(left, right);
}
