import { describePlacement, dropPlacement, insidePlot, labelPlacement, nudgePlacement, PLANE_PLOT, toPixels, toPlacement } from './planeGeometry';

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
});
