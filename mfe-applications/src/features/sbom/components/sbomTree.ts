// The SBOM component tree of spec 3, built in the browser from the flat list: each component under
// its parent (by bom_ref), with the derived level (depth from the top), total (components below it)
// and vulnerabilityCount (its own vulnerabilities and those below it). A parent the list does not
// hold, or a loop, makes a component top-level rather than lost.
import type { SbomComponentRow } from '../../../lib/types';

export interface SbomNode {
  row: SbomComponentRow;
  /** Position in the flat list: a stable key even when bom_refs repeat. */
  index: number;
  parent: SbomNode | null;
  children: SbomNode[];
  level: number;
  total: number;
  vulnerabilityCount: number;
}

export interface SbomTree {
  roots: SbomNode[];
  nodes: SbomNode[];
}

export function buildSbomTree(rows: readonly SbomComponentRow[]): SbomTree {
  const nodes: SbomNode[] = rows.map((row, index) => ({ row, index, parent: null, children: [], level: 0, total: 0, vulnerabilityCount: 0 }));
  const byRef = new Map<string, SbomNode>();
  for (const node of nodes) if (!byRef.has(node.row.bom_ref)) byRef.set(node.row.bom_ref, node);
  for (const node of nodes) {
    const parent = node.row.parent === null ? undefined : byRef.get(node.row.parent);
    if (!parent || parent === node) continue;
    // A parent that is (transitively) this node's own child would close a loop: keep it top-level.
    let ancestor: SbomNode | null = parent;
    while (ancestor && ancestor !== node) ancestor = ancestor.parent;
    if (ancestor === node) continue;
    node.parent = parent;
    parent.children.push(node);
  }
  const roots = nodes.filter((node) => node.parent === null);
  // Depth first without recursion (SBOMs nest deeply): levels on the way down, figures on the way up.
  const order: SbomNode[] = [];
  const stack = roots.map((node) => ({ node, level: 0 })).reverse();
  while (stack.length > 0) {
    const { node, level } = stack.pop()!;
    node.level = level;
    order.push(node);
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push({ node: node.children[i], level: level + 1 });
  }
  for (let i = order.length - 1; i >= 0; i -= 1) {
    const node = order[i];
    node.vulnerabilityCount += node.row.vulnerabilities.length;
    if (node.parent) {
      node.parent.total += node.total + 1;
      node.parent.vulnerabilityCount += node.vulnerabilityCount;
    }
  }
  return { roots, nodes };
}

/** Whether a component matches the filter text (name, group, version, purl or bom_ref). */
export function componentMatches(row: SbomComponentRow, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  return [row.name, row.group, row.version, row.purl, row.bom_ref].some((value) => value?.toLowerCase().includes(needle));
}

export interface TreeFilter {
  text: string;
  onlyVulnerable: boolean;
}

/**
 * The nodes shown, in order: the children of expanded nodes only; with a filter, the matching
 * nodes and their ancestors, all open.
 */
export function visibleNodes(tree: SbomTree, expanded: ReadonlySet<number>, filter: TreeFilter): SbomNode[] {
  const filtering = filter.text.trim() !== '' || filter.onlyVulnerable;
  let keep: Set<SbomNode> | undefined;
  if (filtering) {
    keep = new Set();
    for (const node of tree.nodes) {
      const vulnerable = node.row.vulnerabilities.length > 0;
      if ((!filter.onlyVulnerable || vulnerable) && componentMatches(node.row, filter.text)) {
        for (let current: SbomNode | null = node; current && !keep.has(current); current = current.parent) keep.add(current);
      }
    }
  }
  const shown: SbomNode[] = [];
  const stack = [...tree.roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (keep && !keep.has(node)) continue;
    shown.push(node);
    if (keep || expanded.has(node.index)) for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]);
  }
  return shown;
}
