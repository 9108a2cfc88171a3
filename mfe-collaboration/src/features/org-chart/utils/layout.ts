// Where each shown person is drawn: a tidy tree (d3-hierarchy's Reingold–Tilford layout) of the
// people not hidden under a collapsed manager, tops side by side under an invisible root. Boxes
// are CARD_WIDTH × CARD_HEIGHT centred on (x, y); y grows with the depth.
import { hierarchy, tree } from 'd3';
import type { People } from './people';

export const CARD_WIDTH = 200;
export const CARD_HEIGHT = 72;
const GAP_X = 24;
const GAP_Y = 56;

export interface Layout {
  /** The shown people's indexes, top-down. */
  shown: number[];
  /** Centre of each person's card (NaN when hidden). */
  x: Float64Array;
  y: Float64Array;
  /** Manager → report links between shown people, as index pairs. */
  links: Array<[number, number]>;
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

interface Item {
  index: number;
  children?: Item[];
}

const ROOT = -1;

export function layoutOf(people: People, collapsed: ReadonlySet<number>): Layout {
  const count = people.list.length;
  const x = new Float64Array(count).fill(Number.NaN);
  const y = new Float64Array(count).fill(Number.NaN);
  const shown: number[] = [];
  const links: Array<[number, number]> = [];
  const bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  if (count === 0) return { shown, x, y, links, bounds };
  const root = hierarchy<Item>({ index: ROOT }, (item) => {
    const next = item.index === ROOT ? people.tops : collapsed.has(item.index) ? [] : people.children[item.index];
    return next.length > 0 ? next.map((index) => ({ index })) : undefined;
  });
  const positioned = tree<Item>().nodeSize([CARD_WIDTH + GAP_X, CARD_HEIGHT + GAP_Y]).separation((a, b) => (a.parent === b.parent ? 1 : 1.15))(root);
  bounds.minX = Infinity;
  bounds.minY = Infinity;
  bounds.maxX = -Infinity;
  bounds.maxY = -Infinity;
  for (const node of positioned.descendants()) {
    const { index } = node.data;
    if (index === ROOT) continue;
    const depth = node.depth - 1;
    x[index] = node.x;
    y[index] = depth * (CARD_HEIGHT + GAP_Y);
    shown.push(index);
    bounds.minX = Math.min(bounds.minX, node.x - CARD_WIDTH / 2);
    bounds.maxX = Math.max(bounds.maxX, node.x + CARD_WIDTH / 2);
    bounds.minY = Math.min(bounds.minY, y[index] - CARD_HEIGHT / 2);
    bounds.maxY = Math.max(bounds.maxY, y[index] + CARD_HEIGHT / 2);
    if (node.parent && node.parent.data.index !== ROOT) links.push([node.parent.data.index, index]);
  }
  return { shown, x, y, links, bounds };
}

/** Collapsed from `depth` levels down (0: only the tops shown): how a large chart opens. */
export function collapsedBelow(people: People, depth: number): Set<number> {
  const collapsed = new Set<number>();
  const visit = (index: number, level: number) => {
    if (people.children[index].length === 0) return;
    if (level >= depth) {
      collapsed.add(index);
      return;
    }
    for (const child of people.children[index]) visit(child, level + 1);
  };
  for (const top of people.tops) visit(top, 0);
  return collapsed;
}

/** The person whose card holds the point (chart coordinates), or null. */
export function personAt(layout: Layout, px: number, py: number): number | null {
  for (const index of layout.shown) {
    if (Math.abs(px - layout.x[index]) <= CARD_WIDTH / 2 && Math.abs(py - layout.y[index]) <= CARD_HEIGHT / 2 + TOGGLE_RADIUS) return index;
  }
  return null;
}

/** The collapse/expand badge under a card with reports. */
export const TOGGLE_RADIUS = 9;

/** Whether the point is on the badge under `index`'s card. */
export function onToggle(layout: Layout, index: number, px: number, py: number): boolean {
  const dx = px - layout.x[index];
  const dy = py - (layout.y[index] + CARD_HEIGHT / 2);
  return dx * dx + dy * dy <= (TOGGLE_RADIUS + 3) ** 2;
}
