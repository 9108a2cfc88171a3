// The geometry of the priority plane, apart from the DOM so it can be tested: pixel positions in
// the chart's own coordinates <-> plane coordinates (x urgency, y importance; 0..1 each, y up).

export interface PlotBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface Placement {
  x: number;
  y: number;
}

export const PLOT: PlotBox = { width: 640, height: 440, margin: { top: 16, right: 16, bottom: 48, left: 56 } };

/** Keyboard step: 5 % of an axis per arrow key (1 % with Shift). */
export const STEP = 0.05;
export const FINE_STEP = 0.01;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Three decimals are enough for a plane of a few hundred pixels and keep the stored value readable. */
export const round = (value: number) => Math.round(value * 1000) / 1000;

export function innerSize(box: PlotBox = PLOT) {
  return { width: box.width - box.margin.left - box.margin.right, height: box.height - box.margin.top - box.margin.bottom };
}

/** Whether a chart position falls on the plot area (where a drop places a requirement). */
export function insidePlot(px: number, py: number, box: PlotBox = PLOT): boolean {
  const { width, height } = innerSize(box);
  return px >= box.margin.left && px <= box.margin.left + width && py >= box.margin.top && py <= box.margin.top + height;
}

/** The plane placement of a chart position, clamped to the plane. */
export function toPlacement(px: number, py: number, box: PlotBox = PLOT): Placement {
  const { width, height } = innerSize(box);
  return { x: round(clamp01((px - box.margin.left) / width)), y: round(clamp01(1 - (py - box.margin.top) / height)) };
}

/** The chart position of a placement. */
export function toPixels(placement: Placement, box: PlotBox = PLOT): { px: number; py: number } {
  const { width, height } = innerSize(box);
  return { px: box.margin.left + placement.x * width, py: box.margin.top + (1 - placement.y) * height };
}

/**
 * Where a drag ends: a placed point dragged anywhere stays on the plane (clamped to its edge); a
 * requirement dragged from the list is placed only when dropped on the plot (else null).
 */
export function dropPlacement(px: number, py: number, fromList: boolean, box: PlotBox = PLOT): Placement | null {
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
export function nudge(placement: Placement, key: string, fine = false): Placement | null {
  const move = MOVES[key];
  if (!move) return null;
  const step = fine ? FINE_STEP : STEP;
  return { x: round(clamp01(placement.x + move[0] * step)), y: round(clamp01(placement.y + move[1] * step)) };
}

/** How a placement is read out: 'urgency 50%, importance 70%'. */
export function describePlacement(placement: Placement): string {
  return `urgency ${Math.round(placement.x * 100)}%, importance ${Math.round(placement.y * 100)}%`;
}
