// Where the graph view's labels go (issue 26 item 7): greedily, most wanted first, each label at
// the first of a few places around its component (right, left, above, below) where its box
// overlaps no label already placed, no component drawn and stays on the canvas — its full text
// first, then shorter ones (without the group, without the version); a label with no such place is
// left out (zooming in makes room). All in screen pixels: labels keep their
// size whatever the zoom. A grid of cells finds the neighbours, so thousands of components cost
// a few lookups each.

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A component drawn on the canvas: what a label must not cover. */
export interface Disc {
  x: number;
  y: number;
  r: number;
}

export interface LabelRequest {
  /** Whose label: a component's index, or any id the caller knows it by. */
  id: number;
  text: string;
  /** The component's centre and drawn radius, in screen pixels. */
  x: number;
  y: number;
  r: number;
  /** A label with a fixed place (a group's title): its box's top left corner; no other place is tried. */
  at?: { left: number; top: number };
  /** Shorter texts tried, in order, where the text fits nowhere ('jackson-databind@2.9.10' for 'com.fasterxml…/jackson-databind@2.9.10'). */
  shorter?: readonly string[];
}

export interface PlacedLabel extends Box {
  id: number;
  text: string;
}

/** A label's height (11px system-ui with its leading) and the gap between a component and its label. */
export const LABEL_HEIGHT = 14;
export const LABEL_GAP = 3;
const CELL = 48;

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether a disc and a box overlap (the box's nearest point to the centre lies within the radius). */
export function discOverlapsBox(disc: Disc, box: Box): boolean {
  const dx = disc.x - Math.max(box.left, Math.min(disc.x, box.right));
  const dy = disc.y - Math.max(box.top, Math.min(disc.y, box.bottom));
  return dx * dx + dy * dy < disc.r * disc.r;
}

/** The places tried for a label of width w around a disc, in order of preference. */
function candidates(request: LabelRequest, w: number): Box[] {
  const h = LABEL_HEIGHT;
  if (request.at) return [{ left: request.at.left, top: request.at.top, right: request.at.left + w, bottom: request.at.top + h }];
  const { x, y, r } = request;
  const reach = r + LABEL_GAP;
  const box = (left: number, top: number): Box => ({ left, top, right: left + w, bottom: top + h });
  return [box(x + reach, y - h / 2), box(x - reach - w, y - h / 2), box(x - w / 2, y - reach - h), box(x - w / 2, y + reach)];
}

/** Small integers make fast keys; what is placed lies on or near the canvas (cells beyond ±2,000 share the edge's). */
const cellKey = (cx: number, cy: number) => (Math.max(-2000, Math.min(2000, cx)) + 2048) * 4096 + (Math.max(-2000, Math.min(2000, cy)) + 2048);

/** A grid of CELL-pixel cells over the screen, each listing the boxes that overlap it (by index). */
class Grid {
  private readonly cells = new Map<number, number[]>();
  readonly boxes: Box[] = [];
  add(box: Box) {
    const index = this.boxes.push(box) - 1;
    for (let cx = Math.floor(box.left / CELL); cx <= Math.floor(box.right / CELL); cx += 1) {
      for (let cy = Math.floor(box.top / CELL); cy <= Math.floor(box.bottom / CELL); cy += 1) {
        const key = cellKey(cx, cy);
        const list = this.cells.get(key);
        if (list) list.push(index);
        else this.cells.set(key, [index]);
      }
    }
  }
  /** Whether a box overlaps one of the grid's boxes (or, with `discs`, one of those discs). */
  hits(box: Box, discs?: readonly Disc[]): boolean {
    for (let cx = Math.floor(box.left / CELL); cx <= Math.floor(box.right / CELL); cx += 1) {
      for (let cy = Math.floor(box.top / CELL); cy <= Math.floor(box.bottom / CELL); cy += 1) {
        const list = this.cells.get(cellKey(cx, cy));
        if (!list) continue;
        for (const index of list) if (discs ? discOverlapsBox(discs[index], box) : boxesOverlap(this.boxes[index], box)) return true;
      }
    }
    return false;
  }
}

export interface PlaceOptions {
  /** The canvas: no label leaves it. */
  width: number;
  height: number;
  /** A text's width in pixels (the canvas measures it; tests estimate). */
  measure: (text: string) => number;
  /** At most this many labels. */
  limit?: number;
  /** Boxes labels must also keep clear of (group frames' titles drawn already, say). */
  reserved?: readonly Box[];
}

/**
 * Places the labels of `requests` (most wanted first) clear of each other and of `discs` (every
 * component drawn, the labelled ones included); returns those placed, in the order placed.
 */
export function placeLabels(requests: readonly LabelRequest[], discs: readonly Disc[], { width, height, measure, limit = Infinity, reserved = [] }: PlaceOptions): PlacedLabel[] {
  // The discs' grid lists each disc by its index, so that the disc itself is tested, not its square.
  const discGrid = new Grid();
  for (const disc of discs) discGrid.add({ left: disc.x - disc.r, top: disc.y - disc.r, right: disc.x + disc.r, bottom: disc.y + disc.r });
  const labelGrid = new Grid();
  for (const box of reserved) labelGrid.add(box);
  const placed: PlacedLabel[] = [];
  for (const request of requests) {
    if (placed.length >= limit) break;
    for (const text of [request.text, ...(request.shorter ?? [])]) {
      const fits = candidates(request, measure(text)).find(
        (box) =>
          box.left >= 0 &&
          box.top >= 0 &&
          box.right <= width &&
          box.bottom <= height &&
          !labelGrid.hits(box) &&
          !discGrid.hits(box, discs),
      );
      if (!fits) continue;
      labelGrid.add(fits);
      placed.push({ id: request.id, text, ...fits });
      break;
    }
  }
  return placed;
}

/** A width estimate for 11px system-ui where nothing can measure (an upper bound for most fonts). */
export const estimateWidth = (text: string) => text.length * 6.6;
