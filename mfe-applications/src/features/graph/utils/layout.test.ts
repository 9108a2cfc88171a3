import { columnCapacity, layeredLayout, LEVEL_GAP, NODE_GAP, SUB_COLUMN_GAP, TARGET_ASPECT } from './layout';

describe('layeredLayout', () => {
  it('puts each level in its own column, left to right, centred vertically', () => {
    const layout = layeredLayout({ count: 4, levels: [0, 1, 1, 2], edges: [[0, 1], [0, 2], [1, 3]] });
    expect(Array.from(layout.x)).toEqual([0, LEVEL_GAP, LEVEL_GAP, 2 * LEVEL_GAP]);
    expect(Array.from(layout.y)).toEqual([0, -NODE_GAP / 2, NODE_GAP / 2, 0]);
    expect(layout.bounds).toEqual({ minX: 0, minY: -NODE_GAP / 2, maxX: 2 * LEVEL_GAP, maxY: NODE_GAP / 2 });
  });

  it('orders a level by where its dependents stand, so that edges do not cross', () => {
    // 0 → 1, 2; 1 → 4; 2 → 3: level 2 is listed [3, 4] but 4 belongs under 1 (above 2).
    const layout = layeredLayout({ count: 5, levels: [0, 1, 1, 2, 2], edges: [[0, 1], [0, 2], [1, 4], [2, 3]] });
    expect(layout.y[4]).toBeLessThan(layout.y[3]);
  });

  it('folds crowded levels into sub-columns so that the layout keeps about the shape of the canvas', () => {
    const count = 841;
    const levels = [0, ...Array.from({ length: count - 1 }, () => 1)];
    const edges = Array.from({ length: count - 1 }, (_, i) => [0, i + 1] as [number, number]);
    const layout = layeredLayout({ count, levels, edges });
    const columns = new Set(Array.from(layout.x).slice(1)).size;
    expect(columns).toBeGreaterThan(5);
    const width = layout.bounds.maxX - layout.bounds.minX;
    const height = layout.bounds.maxY - layout.bounds.minY;
    expect(width).toBe(LEVEL_GAP + (columns - 1) * SUB_COLUMN_GAP);
    expect(width / height).toBeGreaterThan(TARGET_ASPECT / 2);
    expect(width / height).toBeLessThan(TARGET_ASPECT * 2);
    // Few, small levels are not folded.
    expect(columnCapacity([1, 3, 2])).toBe(3);
  });

  it('lays out nothing for an empty graph', () => {
    expect(layeredLayout({ count: 0, levels: [], edges: [] }).bounds).toEqual({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
  });
});
