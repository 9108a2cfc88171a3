import { resolveRoute } from '@portal/shared';
import { activeEntryPath, SIDE_NAVIGATION, visibleNavigation } from './navigation';

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

describe('side navigation filtered by permission (spec 2.3)', () => {
  const labels = (sections: ReturnType<typeof visibleNavigation>) =>
    sections.map((s) => (s.entries ? `${s.label}: ${s.entries.map((e) => e.label).join(', ')}` : s.label));

  it('hides entries the user may not open and section headers whose entries are all hidden', () => {
    const allowed = new Set(['/dashboard', '/requirements', '/requirements/comments', '/reports']);
    expect(labels(visibleNavigation(SIDE_NAVIGATION, (entry) => allowed.has(entry.path)))).toEqual([
      'Dashboard',
      'Requirements: Depository, Comments',
      'Reports',
    ]);
  });

  it('passes every entry, with its own permission, to the decision', () => {
    const asked: Array<{ path: string; permission?: unknown }> = [];
    visibleNavigation(SIDE_NAVIGATION, (entry) => {
      asked.push({ path: entry.path, permission: entry.permission });
      return true;
    });
    expect(asked).toContainEqual({ path: '/projects/settings', permission: 'view=>Process' });
    expect(asked).toContainEqual({ path: '/administration/iam', permission: undefined });
    expect(labels(visibleNavigation(SIDE_NAVIGATION, () => true))).toHaveLength(SIDE_NAVIGATION.length);
  });
});
