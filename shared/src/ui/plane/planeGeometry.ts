// The geometry of a priority plane (spec 2.1: the requirements' and the applications' planes), apart
// from any drawing library so that every remote can use it and test it: chart pixels <-> plane
// coordinates (x and y 0..1 each, y up), drops, arrow-key steps and how a placement is read out.

export interface PlotBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface Placement {
  x: number;
  y: number;
}

/** The axes' names as a placement is read out: 'risk 40%, business criticality 70%'. */
export interface PlaneAxes {
  x: string;
  y: string;
}

/** The plane's type sizes (px of its 640 × 440 view box): tick labels, axis titles. */
export const PLANE_FONT = { tick: 11, title: 12 } as const;
/** d3's axis: the tick mark's length and the gap between it and its label. */
export const PLANE_TICK_SIZE = 6;
export const PLANE_TICK_PADDING = 3;
/** The space between the tick labels and the axis title, and between a title and the chart's edge. */
export const PLANE_TITLE_GAP = 10;
export const PLANE_EDGE = 6;
/** The largest point (a selected one: radius 10 and half its 3 px outline), kept inside the chart. */
export const PLANE_POINT_EXTENT = 12;
/** The axes' tick labels (both axes: 0 %, 20 % … 100 %). */
export const PLANE_TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1] as const;
export const tickLabel = (value: number) => `${Math.round(value * 100)}%`;

/**
 * Advance widths (em) of the widest common sans-serif (DejaVu Sans, Chromium's default on Linux;
 * Helvetica, Arial and Segoe UI are narrower), so that a width estimated from them is an upper bound.
 */
const ADVANCE: Record<string, number> = { '%': 0.95, ' ': 0.32, '.': 0.32, '-': 0.36 };
const DIGIT_ADVANCE = 0.64;
const LOWER_ADVANCE = 0.62;
const UPPER_ADVANCE = 0.77;
/** Bold glyphs are about this much wider. */
const BOLD_FACTOR = 1.1;
/** A line of text is this tall (ascent and descent) in em. */
export const LINE_HEIGHT = 1.2;

/** An upper estimate of a text's width in px (the chart cannot measure text before it is drawn). */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const char of text) em += ADVANCE[char] ?? (/[0-9]/.test(char) ? DIGIT_ADVANCE : char === char.toUpperCase() && char !== char.toLowerCase() ? UPPER_ADVANCE : LOWER_ADVANCE);
  return em * fontSize * (bold ? BOLD_FACTOR : 1);
}

/**
 * The margins around the plot, from the sizes of what they hold: left of it the y tick labels
 * (as wide as the widest, '100%') and the rotated y title; below it the x tick labels and the x
 * title; right of it half of the last x tick label ('100%' centred on the plot's edge); above it
 * half a tick label's height — and at least room for a point placed on the plot's edge.
 */
export function planeMargins(ticks: readonly string[] = PLANE_TICKS.map(tickLabel)): PlotBox['margin'] {
  const widest = Math.max(...ticks.map((label) => textWidth(label, PLANE_FONT.tick)));
  const tickHeight = PLANE_FONT.tick * LINE_HEIGHT;
  const titleHeight = PLANE_FONT.title * LINE_HEIGHT;
  const last = textWidth(ticks[ticks.length - 1] ?? '', PLANE_FONT.tick);
  return {
    top: Math.ceil(Math.max(tickHeight / 2, PLANE_POINT_EXTENT) + PLANE_EDGE),
    right: Math.ceil(Math.max(last / 2, PLANE_POINT_EXTENT) + PLANE_EDGE),
    bottom: Math.ceil(PLANE_TICK_SIZE + PLANE_TICK_PADDING + tickHeight + PLANE_TITLE_GAP + titleHeight + PLANE_EDGE),
    left: Math.ceil(PLANE_TICK_SIZE + PLANE_TICK_PADDING + widest + PLANE_TITLE_GAP + titleHeight + PLANE_EDGE),
  };
}

export const PLANE_PLOT: PlotBox = { width: 640, height: 440, margin: planeMargins() };
/**
 * Below the small breakpoint: a phone's ~280 px of width showed the 640-unit box at 0.44, its 11 px
 * labels at under 5 px. This box is drawn at ~0.85 there, its texts at their size or near it.
 */
export const PLANE_PLOT_SMALL: PlotBox = { width: 330, height: 300, margin: planeMargins() };

export interface TextBox {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Where the axis titles go: the x title's baseline and the y title's (rotated) baseline, each
 * PLANE_EDGE from the chart's edge, so that they sit in the margin planeMargins made for them.
 */
export function axisTitlePositions(box: PlotBox = PLANE_PLOT) {
  const { width, height } = plotInnerSize(box);
  // A baseline sits at about 0.8 em below the top of its line (ascent), the rest is descent.
  const ascent = PLANE_FONT.title * LINE_HEIGHT * 0.8;
  return {
    x: { x: box.margin.left + width / 2, y: box.height - PLANE_EDGE - (PLANE_FONT.title * LINE_HEIGHT - ascent) },
    y: { x: PLANE_EDGE + ascent, y: box.margin.top + height / 2 },
  };
}

/**
 * The boxes (estimated, upper bounds) of the axes' tick labels and titles as the chart draws them:
 * what the geometry's test checks for overlaps and for staying inside the chart.
 */
export function axisLabelBoxes(axes: PlaneAxes, box: PlotBox = PLANE_PLOT): TextBox[] {
  const { width, height } = plotInnerSize(box);
  const tickHeight = PLANE_FONT.tick * LINE_HEIGHT;
  const titleHeight = PLANE_FONT.title * LINE_HEIGHT;
  const boxes: TextBox[] = [];
  for (const value of PLANE_TICKS) {
    const text = tickLabel(value);
    const w = textWidth(text, PLANE_FONT.tick);
    // x ticks: centred under the tick, below the tick mark and its padding.
    const cx = box.margin.left + value * width;
    const top = box.margin.top + height + PLANE_TICK_SIZE + PLANE_TICK_PADDING;
    boxes.push({ text: `x ${text}`, left: cx - w / 2, right: cx + w / 2, top, bottom: top + tickHeight });
    // y ticks: right-aligned left of the tick, centred on it.
    const cy = box.margin.top + (1 - value) * height;
    const right = box.margin.left - PLANE_TICK_SIZE - PLANE_TICK_PADDING;
    boxes.push({ text: `y ${text}`, left: right - w, right, top: cy - tickHeight / 2, bottom: cy + tickHeight / 2 });
  }
  const titles = axisTitlePositions(box);
  const ascent = titleHeight * 0.8;
  const xWidth = textWidth(axes.x, PLANE_FONT.title, true);
  boxes.push({ text: `x title ${axes.x}`, left: titles.x.x - xWidth / 2, right: titles.x.x + xWidth / 2, top: titles.x.y - ascent, bottom: titles.x.y + titleHeight - ascent });
  // The y title is rotated a quarter turn: its line runs up the chart, its ascent points left.
  const yWidth = textWidth(axes.y, PLANE_FONT.title, true);
  boxes.push({ text: `y title ${axes.y}`, left: titles.y.x - ascent, right: titles.y.x + titleHeight - ascent, top: titles.y.y - yWidth / 2, bottom: titles.y.y + yWidth / 2 });
  return boxes;
}

/** Whether two boxes overlap (touching edges do not). */
export function boxesIntersect(a: Omit<TextBox, 'text'>, b: Omit<TextBox, 'text'>): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Keyboard step: 5 % of an axis per arrow key (1 % with Shift). */
export const PLANE_STEP = 0.05;
export const PLANE_FINE_STEP = 0.01;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Three decimals are enough for a plane of a few hundred pixels and keep the stored value readable. */
export const roundPlacement = (value: number) => Math.round(value * 1000) / 1000;

export function plotInnerSize(box: PlotBox = PLANE_PLOT) {
  return { width: box.width - box.margin.left - box.margin.right, height: box.height - box.margin.top - box.margin.bottom };
}

/** Whether a chart position falls on the plot area (where a drop places an item). */
export function insidePlot(px: number, py: number, box: PlotBox = PLANE_PLOT): boolean {
  const { width, height } = plotInnerSize(box);
  return px >= box.margin.left && px <= box.margin.left + width && py >= box.margin.top && py <= box.margin.top + height;
}

/** The plane placement of a chart position, clamped to the plane. */
export function toPlacement(px: number, py: number, box: PlotBox = PLANE_PLOT): Placement {
  const { width, height } = plotInnerSize(box);
  return { x: roundPlacement(clamp01((px - box.margin.left) / width)), y: roundPlacement(clamp01(1 - (py - box.margin.top) / height)) };
}

/** The chart position of a placement. */
export function toPixels(placement: Placement, box: PlotBox = PLANE_PLOT): { px: number; py: number } {
  const { width, height } = plotInnerSize(box);
  return { px: box.margin.left + placement.x * width, py: box.margin.top + (1 - placement.y) * height };
}

/** How far a point's label sits from its centre, in chart pixels. */
export const PLANE_LABEL_GAP = 12;

/** The font size of a point's label, in chart pixels. */
export const PLANE_LABEL_FONT = 11;

/**
 * Where a point's label goes: right of the point, or left of it in the plane's right quarter, so
 * that a label at risk 100% is not cut off by the chart's edge. Given the label and the chart's box,
 * a label too long for the room on its right goes left, where there is more room (a long key on a
 * phone's small chart).
 */
export function labelPlacement(placement: Placement, label?: string, box: PlotBox = PLANE_PLOT): { x: number; textAnchor: 'start' | 'end' } {
  const left = { x: -PLANE_LABEL_GAP, textAnchor: 'end' } as const;
  const right = { x: PLANE_LABEL_GAP, textAnchor: 'start' } as const;
  if (placement.x > 0.75) return left;
  if (label === undefined) return right;
  const { px } = toPixels(placement, box);
  const width = textWidth(label, PLANE_LABEL_FONT) + PLANE_LABEL_GAP;
  const roomRight = box.width - px;
  return width > roomRight && px > roomRight ? left : right;
}

/**
 * Where a drag ends: a placed item dragged anywhere stays on the plane (clamped to its edge); an
 * item dragged from the list is placed only when dropped on the plot (else null).
 */
export function dropPlacement(px: number, py: number, fromList: boolean, box: PlotBox = PLANE_PLOT): Placement | null {
  if (fromList && !insidePlot(px, py, box)) return null;
  return toPlacement(px, py, box);
}

const MOVES: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/** The placement after an arrow key (null for any other key). */
export function nudgePlacement(placement: Placement, key: string, fine = false): Placement | null {
  const move = MOVES[key];
  if (!move) return null;
  const step = fine ? PLANE_FINE_STEP : PLANE_STEP;
  return { x: roundPlacement(clamp01(placement.x + move[0] * step)), y: roundPlacement(clamp01(placement.y + move[1] * step)) };
}

/** How a placement is read out: 'risk 50%, business criticality 70%'. */
export function describePlacement(placement: Placement, axes: PlaneAxes): string {
  return `${axes.x} ${Math.round(placement.x * 100)}%, ${axes.y} ${Math.round(placement.y * 100)}%`;
}
