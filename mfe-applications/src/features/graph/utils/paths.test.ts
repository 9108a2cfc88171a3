import { adjacency, pathsFromRoot } from './paths';

function paths(count: number, edges: Array<[number, number]>, root: number | null, target: number) {
  return pathsFromRoot(count, edges, adjacency(count, edges), adjacency(count, edges, true), root, target);
}
const onPath = (result: ReturnType<typeof paths>) => Array.from(result.onPath).flatMap((value, index) => (value ? [index] : []));

describe('pathsFromRoot', () => {
  // 0 → 1 → 3 → 4, 0 → 2 → 3, 2 → 5 (a side branch), 6 unreachable.
  const edges: Array<[number, number]> = [[0, 1], [0, 2], [1, 3], [2, 3], [3, 4], [2, 5]];

  it('marks every component and edge on a walk from the root to the target, and one shortest path', () => {
    const result = paths(7, edges, 0, 4);
    expect(onPath(result)).toEqual([0, 1, 2, 3, 4]);
    expect(result.edges.map((index) => edges[index])).toEqual([[0, 1], [0, 2], [1, 3], [2, 3], [3, 4]]);
    expect(result.shortest).toEqual([0, 1, 3, 4]);
    expect(result.nodeCount).toBe(5);
  });

  it('leaves out branches that do not lead to the target, and edges leaving it', () => {
    const result = paths(7, [...edges, [4, 5]], 0, 5);
    expect(onPath(result)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.shortest).toEqual([0, 2, 5]);
    expect(paths(7, [...edges, [4, 3]], 0, 4).edges.map((index) => [...edges, [4, 3]][index])).not.toContainEqual([4, 3]);
  });

  it('follows cycles without looping', () => {
    const cyclic: Array<[number, number]> = [[0, 1], [1, 2], [2, 1], [2, 3]];
    const result = paths(4, cyclic, 0, 3);
    expect(onPath(result)).toEqual([0, 1, 2, 3]);
    expect(result.shortest).toEqual([0, 1, 2, 3]);
  });

  it('answers nothing for a component the root does not reach', () => {
    const result = paths(7, edges, 0, 6);
    expect(result).toMatchObject({ edges: [], shortest: [], nodeCount: 0 });
  });

  it('starts from every component nothing depends on when there is no root', () => {
    const result = paths(4, [[0, 2], [1, 2], [2, 3]], null, 3);
    expect(onPath(result)).toEqual([0, 1, 2, 3]);
    expect(result.shortest).toEqual([0, 2, 3]);
  });

  it('is the root itself when the root is chosen', () => {
    expect(paths(7, edges, 0, 0)).toMatchObject({ shortest: [0], nodeCount: 1, edges: [] });
  });
});
