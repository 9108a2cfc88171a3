// License classification (issue 7 item 9): a component's declared licenses read as one SPDX
// expression (spdx-expression-parse; names that are not SPDX ids corrected by spdx-correct) and
// classified permissive, weak copyleft, strong copyleft or unknown. The lists come from the field:
// Blue Oak Council's list of permissive licenses and the copyleft ids of spdx-copyleft, with the
// few supplements written below (ids those lists leave out).
import blueOak from '@blueoak/list';
import type { LicenseCategory } from '@portal/shared/server';
import spdxCopyleft from 'spdx-copyleft';
import spdxCorrect from 'spdx-correct';
import parse from 'spdx-expression-parse';

type Node = parse.Info;
type Leaf = parse.LicenseInfo;

/** Permissive licenses Blue Oak's software list leaves out: Creative Commons attribution-only. */
const MORE_PERMISSIVE = ['CC-BY-1.0', 'CC-BY-2.0', 'CC-BY-2.5', 'CC-BY-3.0', 'CC-BY-4.0'];
/** Copyleft licenses spdx-copyleft leaves out. */
const MORE_COPYLEFT = ['EPL-1.0', 'EUPL-1.0', 'EUPL-1.1', 'EUPL-1.2', 'CECILL-2.0', 'CECILL-2.1', 'CECILL-C', 'APSL-2.0', 'SSPL-1.0', 'GPL-1.0-only', 'GPL-1.0-or-later'];
/**
 * Copyleft whose reach stops at the file or the library (linking is free): the weak families. The
 * rest of the copyleft ids (GPL, AGPL, OSL, EUPL, SSPL, CC-BY-SA …) reach the whole work: strong.
 */
const WEAK = /^(LGPL|MPL|EPL|CDDL|CPL|IPL|SPL|ErlPL|MS-RL|CECILL-C|APSL|NPL)-/;

const PERMISSIVE = new Set<string>([...blueOak.flatMap((rating) => rating.licenses.map((license) => license.id)), ...MORE_PERMISSIVE]);
const COPYLEFT = new Set<string>([...spdxCopyleft, ...MORE_COPYLEFT]);

/** GNU ids deprecated by SPDX 3: `GPL-2.0` is `GPL-2.0-only`, `GPL-2.0+` is `GPL-2.0-or-later`. */
const DEPRECATED_GNU = /^(A?GPL|LGPL)-\d\.\d$/;
/** Deprecated `GPL-2.0-with-classpath-exception` and its kind: the license WITH its exception. */
const DEPRECATED_WITH: Record<string, Leaf> = {
  'GPL-2.0-with-classpath-exception': { license: 'GPL-2.0-only', exception: 'Classpath-exception-2.0' },
  'GPL-2.0-with-GCC-exception': { license: 'GPL-2.0-only', exception: 'GCC-exception-2.0' },
  'GPL-3.0-with-GCC-exception': { license: 'GPL-3.0-only', exception: 'GCC-exception-3.1' },
  'GPL-2.0-with-autoconf-exception': { license: 'GPL-2.0-only', exception: 'Autoconf-exception-2.0' },
  'GPL-3.0-with-autoconf-exception': { license: 'GPL-3.0-only', exception: 'Autoconf-exception-3.0' },
  'GPL-2.0-with-bison-exception': { license: 'GPL-2.0-or-later', exception: 'Bison-exception-2.2' },
  'GPL-2.0-with-font-exception': { license: 'GPL-2.0-only', exception: 'Font-exception-2.0' },
};

const RANK: Record<LicenseCategory, number> = { permissive: 0, 'weak-copyleft': 1, 'strong-copyleft': 2, unknown: 3 };

export interface ClassifiedLicense {
  /** The SPDX expression read; null when nothing could be read. */
  expression: string | null;
  /** The SPDX ids in it (LicenseRef-… included), in order. */
  ids: string[];
  category: LicenseCategory;
  /** A declared name was not SPDX and was corrected (or was unreadable): shown as read. */
  corrected: boolean;
}

function normalizeLeaf(leaf: Leaf): Leaf {
  const deprecated = DEPRECATED_WITH[leaf.license];
  if (deprecated) return deprecated;
  if (DEPRECATED_GNU.test(leaf.license)) return { ...leaf, license: `${leaf.license}-${leaf.plus ? 'or-later' : 'only'}`, plus: undefined };
  return leaf;
}

function leafCategory(leaf: Leaf): LicenseCategory {
  const { license, exception } = normalizeLeaf(leaf);
  const orLater = license.replace(/-only$/, '-or-later');
  if (COPYLEFT.has(license) || COPYLEFT.has(orLater)) {
    // An exception (Classpath, GCC, Autoconf …) permits linking or embedding: the reach is the library's.
    return WEAK.test(license) || exception !== undefined ? 'weak-copyleft' : 'strong-copyleft';
  }
  if (PERMISSIVE.has(license)) return 'permissive';
  return 'unknown';
}

/** OR: the licensee's best known choice; AND: everything applies, strong copyleft first. */
export function categoryOf(node: Node): LicenseCategory {
  if ('license' in node) return leafCategory(node);
  const left = categoryOf(node.left);
  const right = categoryOf(node.right);
  if (node.conjunction === 'or') return RANK[left] <= RANK[right] ? left : right;
  if (left === 'strong-copyleft' || right === 'strong-copyleft') return 'strong-copyleft';
  return RANK[left] >= RANK[right] ? left : right;
}

function render(node: Node, parent?: 'and' | 'or'): string {
  if ('license' in node) {
    const leaf = normalizeLeaf(node);
    return `${leaf.license}${leaf.plus ? '+' : ''}${leaf.exception ? ` WITH ${leaf.exception}` : ''}`;
  }
  const text = `${render(node.left, node.conjunction)} ${node.conjunction.toUpperCase()} ${render(node.right, node.conjunction)}`;
  return parent !== undefined && parent !== node.conjunction ? `(${text})` : text;
}

function idsOf(node: Node, into: string[] = []): string[] {
  if ('license' in node) {
    const { license } = normalizeLeaf(node);
    if (!into.includes(license)) into.push(license);
  } else {
    idsOf(node.left, into);
    idsOf(node.right, into);
  }
  return into;
}

function tryParse(text: string): Node | null {
  try {
    return parse(text);
  } catch {
    return null;
  }
}

/** One declared license (an id, a name or an expression) as a parsed expression. */
function readOne(declared: string): { node: Node | null; corrected: boolean } {
  const text = declared.trim();
  const exact = tryParse(text);
  if (exact) return { node: exact, corrected: false };
  // Names such as "GNU General Public License, version 2, with the Classpath exception": the
  // corrector drops the exception, which is what decides the category.
  if (/classpath[\s-]*exception/i.test(text) && /\bGPL|General Public/i.test(text)) {
    return { node: parse('GPL-2.0-only WITH Classpath-exception-2.0'), corrected: true };
  }
  const guess = text.length <= 200 ? spdxCorrect(text) : null;
  return { node: guess ? tryParse(guess) : null, corrected: true };
}

const cache = new Map<string, ClassifiedLicense>();

/**
 * A component's declared licenses. Several are a choice (OR), as Maven's POM reference defines a
 * list of licenses and as dual-licensed packages declare them; one that cannot be read counts only
 * when nothing else can.
 */
export function classifyLicenses(declared: readonly string[]): ClassifiedLicense {
  const key = declared.join('\u001f');
  const known = cache.get(key);
  if (known) return known;
  let node: Node | null = null;
  let corrected = false;
  let unreadable = false;
  for (const one of declared) {
    const read = readOne(one);
    corrected ||= read.corrected;
    if (!read.node) {
      unreadable = true;
      continue;
    }
    node = node ? { left: node, conjunction: 'or', right: read.node } : read.node;
  }
  const category: LicenseCategory = node ? categoryOf(node) : 'unknown';
  const classified: ClassifiedLicense = { expression: node ? render(node) : null, ids: node ? idsOf(node) : [], category, corrected: corrected || unreadable };
  if (cache.size > 10_000) cache.clear();
  cache.set(key, classified);
  return classified;
}
