// The runtime BOM rule (issue 7 item 13): what of a build's SBOM runs where a deployment profile
// deploys it.
//
// 1. Start at the build's root (the SBOM's metadata component; without one, every component
//    nothing depends on) and follow the dependency graph; components the SBOM names under no
//    dependency hang under the root, as in the component tree.
// 2. A component is left out when it matches one of the profile's exclusion patterns (a glob with
//    `*` and `?`, case-insensitive, on its purl, on group/name or on its name) — 'pattern' — or
//    when the profile keeps only some component types and its type is not one of them — 'type'.
//    The root always stays.
// 3. What is reached only through left-out components is left out too — 'unreachable': a
//    development tool's own dependencies do not run either, unless something deployed needs them.
//
// The RBOM is the components left.
import type { RbomExclusionReason } from '@portal/shared/server';

export interface RuleComponent {
  position: number;
  bom_ref: string;
  name: string;
  group: string | null;
  purl: string | null;
  type: string | null;
}

export interface RuleInput {
  components: readonly RuleComponent[];
  /** [from, to] positions: from depends on to (the document's graph and the tree's implied edges). */
  edges: ReadonlyArray<readonly [number, number]>;
  root: number | null;
  exclude: readonly string[];
  includeTypes: readonly string[];
}

export interface Exclusion {
  position: number;
  reason: RbomExclusionReason;
  pattern?: string;
}

export interface RuleResult {
  kept: number[];
  excluded: Exclusion[];
}

/** A glob (`*` any run, `?` one character) as an anchored, case-insensitive expression. */
export function globExpression(pattern: string): RegExp {
  const source = pattern
    .trim()
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'i');
}

/** The first pattern matching the component's purl, group/name or name. */
export function matchingPattern(component: RuleComponent, patterns: ReadonlyArray<{ pattern: string; expression: RegExp }>): string | undefined {
  const names = [component.purl, component.group ? `${component.group}/${component.name}` : null, component.name].filter((name): name is string => Boolean(name));
  return patterns.find(({ expression }) => names.some((name) => expression.test(name)))?.pattern;
}

export function runtimeComponents({ components, edges, root, exclude, includeTypes }: RuleInput): RuleResult {
  const count = components.length;
  const patterns = exclude.map((pattern) => ({ pattern, expression: globExpression(pattern) }));
  const types = new Set(includeTypes);
  const leftOut = new Map<number, Exclusion>();
  for (const component of components) {
    if (component.position === root) continue;
    const pattern = matchingPattern(component, patterns);
    if (pattern !== undefined) leftOut.set(component.position, { position: component.position, reason: 'pattern', pattern });
    else if (types.size > 0 && !types.has(component.type ?? '')) leftOut.set(component.position, { position: component.position, reason: 'type' });
  }
  const children: number[][] = Array.from({ length: count }, () => []);
  const indegree = new Int32Array(count);
  for (const [from, to] of edges) {
    if (from === to || from < 0 || to < 0 || from >= count || to >= count) continue;
    children[from].push(to);
    indegree[to] += 1;
  }
  const starts = root !== null ? [root] : components.filter((component) => indegree[component.position] === 0).map((component) => component.position);
  const reached = new Uint8Array(count);
  const queue: number[] = [];
  for (const start of starts) {
    if (leftOut.has(start) || reached[start]) continue;
    reached[start] = 1;
    queue.push(start);
  }
  for (let head = 0; head < queue.length; head += 1) {
    for (const next of children[queue[head]]) {
      if (!reached[next] && !leftOut.has(next)) {
        reached[next] = 1;
        queue.push(next);
      }
    }
  }
  const kept: number[] = [];
  for (let position = 0; position < count; position += 1) {
    if (reached[position]) kept.push(position);
    else if (!leftOut.has(position)) leftOut.set(position, { position, reason: 'unreachable' });
  }
  return { kept, excluded: [...leftOut.values()].sort((a, b) => a.position - b.position) };
}
