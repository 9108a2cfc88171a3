import {
  axisLabelBoxes,
  boxesIntersect,
  describePlacement,
  dropPlacement,
  insidePlot,
  labelPlacement,
  nudgePlacement,
  PLANE_FONT,
  PLANE_LABEL_FONT,
  PLANE_PLOT,
  PLANE_PLOT_SMALL,
  PLANE_TITLE_GAP,
  planeMargins,
  textWidth,
  toPixels,
  toPlacement,
  type TextBox,
} from './planeGeometry';

describe('the priority plane geometry', () => {
  it('maps chart positions to placements and back, clamped to the plane', () => {
    const { margin, width, height } = PLANE_PLOT;
    expect(toPlacement(margin.left, margin.top)).toEqual({ x: 0, y: 1 });
    expect(toPlacement(width - margin.right, height - margin.bottom)).toEqual({ x: 1, y: 0 });
    expect(toPlacement(-50, 10_000)).toEqual({ x: 0, y: 0 });
    const { px, py } = toPixels({ x: 0.25, y: 0.8 });
    expect(toPlacement(px, py)).toEqual({ x: 0.25, y: 0.8 });
  });

  it('drops from the list only on the plot; a placed item is clamped to the edge', () => {
    expect(insidePlot(1, 1)).toBe(false);
    expect(dropPlacement(1, 1, true)).toBeNull();
    expect(dropPlacement(1, 1, false)).toEqual({ x: 0, y: 1 });
    const { px, py } = toPixels({ x: 0.3, y: 0.6 });
    expect(dropPlacement(px, py, true)).toEqual({ x: 0.3, y: 0.6 });
  });

  it('moves with the arrow keys in steps of 5 % (1 % with Shift), within the plane', () => {
    expect(nudgePlacement({ x: 0.5, y: 0.5 }, 'ArrowRight')).toEqual({ x: 0.55, y: 0.5 });
    expect(nudgePlacement({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.51 });
    expect(nudgePlacement({ x: 0, y: 1 }, 'ArrowLeft')).toEqual({ x: 0, y: 1 });
    expect(nudgePlacement({ x: 0.5, y: 0.02 }, 'ArrowDown')).toEqual({ x: 0.5, y: 0 });
    expect(nudgePlacement({ x: 0.5, y: 0.5 }, 'Enter')).toBeNull();
  });

  it('reads a placement out with the names of its axes', () => {
    expect(describePlacement({ x: 0.404, y: 0.7 }, { x: 'risk', y: 'business criticality' })).toBe('risk 40%, business criticality 70%');
  });

  it("puts a point's label on the side where it fits: left of a point in the right quarter", () => {
    expect(labelPlacement({ x: 0, y: 0.5 })).toEqual({ x: 12, textAnchor: 'start' });
    expect(labelPlacement({ x: 0.75, y: 0.5 })).toEqual({ x: 12, textAnchor: 'start' });
    expect(labelPlacement({ x: 0.76, y: 0.5 })).toEqual({ x: -12, textAnchor: 'end' });
    expect(labelPlacement({ x: 1, y: 1 })).toEqual({ x: -12, textAnchor: 'end' });
  });

  it("puts a long label left of its point when it would overflow the chart's right edge (a phone's small chart)", () => {
    const key = 'a11y-mwzknl6orqr';
    // On the large chart there is room on the right at 60 %; on the phone's chart there is not.
    expect(labelPlacement({ x: 0.6, y: 0.5 }, key, PLANE_PLOT)).toEqual({ x: 12, textAnchor: 'start' });
    const small = labelPlacement({ x: 0.6, y: 0.5 }, key, PLANE_PLOT_SMALL);
    expect(small).toEqual({ x: -12, textAnchor: 'end' });
    const { px } = toPixels({ x: 0.6, y: 0.5 }, PLANE_PLOT_SMALL);
    expect(px - 12 - textWidth(key, PLANE_LABEL_FONT)).toBeGreaterThanOrEqual(0);
    // A short label stays right; one near the left edge stays right (more room there).
    expect(labelPlacement({ x: 0.6, y: 0.5 }, 'web', PLANE_PLOT_SMALL)).toEqual({ x: 12, textAnchor: 'start' });
    expect(labelPlacement({ x: 0.1, y: 0.5 }, key, PLANE_PLOT_SMALL)).toEqual({ x: 12, textAnchor: 'start' });
  });
});

describe("the priority plane's margins", () => {
  const chart = { left: 0, top: 0, right: PLANE_PLOT.width, bottom: PLANE_PLOT.height };
  const inside = (box: TextBox) => box.left >= chart.left && box.top >= chart.top && box.right <= chart.right && box.bottom <= chart.bottom;

  it.each([
    ['the applications', { x: 'risk', y: 'business criticality' }],
    ['the requirements', { x: 'urgency', y: 'importance' }],
  ])("keep %s' axis titles clear of the tick labels, and every label inside the chart", (_, axes) => {
    const boxes = axisLabelBoxes(axes);
    for (const box of boxes) expect({ text: box.text, inside: inside(box) }).toEqual({ text: box.text, inside: true });
    // "100%" on both axes: the widest tick label, at the chart's edges.
    expect(boxes.filter((box) => box.text.endsWith(' 100%'))).toHaveLength(2);
    const overlapping = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => boxesIntersect(a, b)).map((b) => `${a.text} × ${b.text}`));
    expect(overlapping).toEqual([]);
    // The titles keep a gap from the tick labels, not just no overlap.
    const yTitle = boxes.find((box) => box.text.startsWith('y title'))!;
    const yTicks = boxes.filter((box) => /^y \d/.test(box.text));
    expect(Math.min(...yTicks.map((box) => box.left)) - yTitle.right).toBeGreaterThanOrEqual(PLANE_TITLE_GAP - 1);
    const xTitle = boxes.find((box) => box.text.startsWith('x title'))!;
    const xTicks = boxes.filter((box) => /^x \d/.test(box.text));
    expect(xTitle.top - Math.max(...xTicks.map((box) => box.bottom))).toBeGreaterThanOrEqual(PLANE_TITLE_GAP - 1);
  });

  it('are computed from the sizes of the labels they hold', () => {
    const { left, right, bottom } = planeMargins();
    // The y tick labels' width is in the left margin: a wider label widens it by as much.
    const wider = planeMargins(['0%', '1000%']);
    const grown = textWidth('1000%', PLANE_FONT.tick) - textWidth('100%', PLANE_FONT.tick);
    // (margins are whole pixels, rounded up)
    expect(Math.abs(wider.left - left - grown)).toBeLessThanOrEqual(1);
    expect(wider.right).toBeGreaterThanOrEqual(right);
    expect(wider.bottom).toBe(bottom);
    // '100%' is wider than '0%', and a bold text than a regular one.
    expect(textWidth('100%', 11)).toBeGreaterThan(textWidth('0%', 11));
    expect(textWidth('Risk', 12, true)).toBeGreaterThan(textWidth('Risk', 12));
    expect(PLANE_PLOT.margin).toEqual(planeMargins());
  });
});
