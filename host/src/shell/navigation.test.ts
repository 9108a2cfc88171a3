import { resolveRoute } from '@portal/shared';
import { activeEntryPath, SIDE_NAVIGATION } from './navigation';

describe('side navigation', () => {
  it('highlights the entry of the current screen or of its nearest ancestor', () => {
    expect(activeEntryPath('/requirements')).toBe('/requirements');
    expect(activeEntryPath('/requirements/add-requirement')).toBe('/requirements');
    expect(activeEntryPath('/requirements/priorityPlanes')).toBe('/requirements/priorityPlanes');
    expect(activeEntryPath('/applications/juice-shop')).toBe('/applications');
    expect(activeEntryPath('/applications/GraphView')).toBe('/applications/GraphView');
    expect(activeEntryPath('/about')).toBeUndefined();
  });

  it('only links to routes of the route table', () => {
    const paths = SIDE_NAVIGATION.flatMap((s) => [s.path, ...(s.entries ?? []).map((e) => e.path)]).filter(
      (p): p is string => Boolean(p),
    );
    expect(paths.filter((path) => resolveRoute(path)?.route.path !== path)).toEqual([]);
  });
});
