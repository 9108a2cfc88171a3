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

export const PLANE_PLOT: PlotBox = { width: 640, height: 440, margin: { top: 16, right: 16, bottom: 48, left: 56 } };

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

/**
 * Where a point's label goes: right of the point, or left of it in the plane's right quarter, so
 * that a label at risk 100% is not cut off by the chart's edge.
 */
export function labelPlacement(placement: Placement): { x: number; textAnchor: 'start' | 'end' } {
  return placement.x > 0.75 ? { x: -PLANE_LABEL_GAP, textAnchor: 'end' } : { x: PLANE_LABEL_GAP, textAnchor: 'start' };
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
