// OSV's evaluation algorithm (schema, "Evaluation"): a version is affected when it is listed in
// `versions`, or when one range, before its limits, has it inside its sorted timeline of events
// (introduced: from there on, '0' from the start; fixed: not from there on; last_affected: not
// after it). 'SEMVER' ranges use SemVer 2.0, 'ECOSYSTEM' ranges the ecosystem's own order, and
// 'GIT' ranges (commits) cannot be evaluated against a package version.
import type { OsvEvent, OsvRange } from './osv';
import { ecosystemOrder, SEMVER, type VersionOrder } from './versions';

export interface AffectedPackage {
  ecosystem: string;
  versions: readonly string[];
  ranges: readonly OsvRange[];
}

export type Evaluation =
  | { status: 'affected' }
  | { status: 'not-affected' }
  | { status: 'not-evaluated'; reason: string };

const FROM_THE_START = Symbol('0');
const INFINITY = Symbol('*');

type Bound = unknown;

interface SortedEvent {
  kind: 'introduced' | 'fixed' | 'last_affected';
  at: Bound;
}

interface PreparedRange {
  events: SortedEvent[];
  limits: Bound[];
}

function eventKind(event: OsvEvent): [keyof OsvEvent, string] | undefined {
  for (const kind of ['introduced', 'fixed', 'last_affected', 'limit'] as const) {
    const value = event[kind];
    if (typeof value === 'string') return [kind, value];
  }
  return undefined;
}

/**
 * Evaluates packages against versions with per-run caches: a version string is parsed once per
 * order, a range's events are sorted once.
 */
export class Evaluator {
  private readonly parsed = new Map<VersionOrder, Map<string, unknown>>();
  // A Map, not a WeakMap: an evaluator lives for one package or one call (WeakMaps cost the GC).
  private readonly prepared = new Map<OsvRange, Map<VersionOrder, PreparedRange>>();
  private readonly orders = new Map<string, VersionOrder | undefined>();

  private orderOf(ecosystem: string): VersionOrder | undefined {
    if (this.orders.has(ecosystem)) return this.orders.get(ecosystem);
    const found = ecosystemOrder(ecosystem);
    this.orders.set(ecosystem, found);
    return found;
  }

  parse(order: VersionOrder, version: string): unknown {
    let cache = this.parsed.get(order);
    if (!cache) this.parsed.set(order, (cache = new Map()));
    let value = cache.get(version);
    if (value === undefined) {
      value = order.parse(version);
      cache.set(version, value);
    }
    return value;
  }

  private compare(order: VersionOrder, a: Bound, b: Bound): number {
    if (a === b) return 0;
    if (a === FROM_THE_START || b === INFINITY) return -1;
    if (b === FROM_THE_START || a === INFINITY) return 1;
    return order.compare(a, b);
  }

  /** Events in version order; events whose version does not parse (e.g. an empty 'fixed') are left out. */
  private prepare(order: VersionOrder, range: OsvRange): PreparedRange {
    let byOrder = this.prepared.get(range);
    if (!byOrder) this.prepared.set(range, (byOrder = new Map()));
    const cached = byOrder.get(order);
    if (cached) return cached;
    const events: SortedEvent[] = [];
    const limits: Bound[] = [];
    for (const event of range.events) {
      const found = eventKind(event);
      if (!found) continue;
      const [kind, value] = found;
      let at: Bound;
      if (kind === 'introduced' && value === '0') at = FROM_THE_START;
      else if (kind === 'limit' && value.includes('*')) at = INFINITY;
      else at = order.parse(value); // not cached: an event string rarely repeats within a package
      if (at === null) continue;
      if (kind === 'limit') limits.push(at);
      else events.push({ kind, at });
    }
    // Advisories list their events in order, mostly: sort only when they are not.
    let sorted = true;
    for (let i = 1; i < events.length && sorted; i += 1) sorted = this.compare(order, events[i - 1].at, events[i].at) <= 0;
    if (!sorted) events.sort((a, b) => this.compare(order, a.at, b.at));
    const result = { events, limits };
    byOrder.set(order, result);
    return result;
  }

  /** Whether the parsed version `v` is inside `range` (OSV's BeforeLimits and IncludedInRanges). */
  private inRange(order: VersionOrder, range: OsvRange, v: unknown): boolean {
    const { events, limits } = this.prepare(order, range);
    if (limits.length > 0 && !limits.some((limit) => this.compare(order, v, limit) < 0)) return false;
    let vulnerable = false;
    for (const event of events) {
      const c = this.compare(order, v, event.at);
      if (event.kind === 'introduced') {
        if (c >= 0) vulnerable = true;
      } else if (event.kind === 'fixed') {
        if (c >= 0) vulnerable = false;
      } else if (c > 0) vulnerable = false;
    }
    return vulnerable;
  }

  evaluate(pkg: AffectedPackage, version: string | null): Evaluation {
    if (version === null || version.trim() === '') {
      return { status: 'not-evaluated', reason: 'the component has no version' };
    }
    if (pkg.versions.includes(version)) return { status: 'affected' };
    const ecosystem = this.orderOf(pkg.ecosystem);
    if (ecosystem && pkg.versions.length > 0) {
      const v = this.parse(ecosystem, version);
      if (v !== null && pkg.versions.some((listed) => {
        const other = this.parse(ecosystem, listed);
        return other !== null && ecosystem.compare(v, other) === 0;
      })) {
        return { status: 'affected' };
      }
    }
    let unparseable: VersionOrder | undefined;
    let unsupported = false;
    let git = false;
    let evaluated = false;
    for (const range of pkg.ranges) {
      const order = range.type === 'SEMVER' ? SEMVER : range.type === 'ECOSYSTEM' ? ecosystem : undefined;
      if (range.type === 'GIT') {
        git = true;
        continue;
      }
      if (!order) {
        unsupported = true;
        continue;
      }
      const v = this.parse(order, version);
      if (v === null) {
        unparseable = order;
        continue;
      }
      evaluated = true;
      if (this.inRange(order, range, v)) return { status: 'affected' };
    }
    if (unparseable) {
      return { status: 'not-evaluated', reason: `'${version}' is not a version of the ${unparseable.name} order` };
    }
    if (!evaluated && unsupported) {
      return { status: 'not-evaluated', reason: `no version order for the ecosystem '${pkg.ecosystem}'` };
    }
    if (!evaluated && git) return { status: 'not-evaluated', reason: 'GIT range (commits) not evaluated' };
    return { status: 'not-affected' };
  }
}

/** The versions that fix `pkg` (its 'fixed' events), in the order given. */
export function fixedVersions(pkg: AffectedPackage): string[] {
  const fixed = new Set<string>();
  for (const range of pkg.ranges) {
    if (range.type === 'GIT') continue;
    for (const event of range.events) if (typeof event.fixed === 'string' && event.fixed !== '') fixed.add(event.fixed);
  }
  return [...fixed];
}
