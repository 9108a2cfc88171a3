/** @jest-environment node */
import { ROUTES } from '../navigation/routes';
import { parsePermission } from './catalogue';
import type { PermissionCheck } from './checkPermission';
import { ROUTE_GUARDS, canOpenRoute, guardFor } from './routeGuards';

function leaves(check: PermissionCheck): string[] {
  if (typeof check === 'string') return [check];
  return ('all' in check ? check.all : check.any).flatMap(leaves);
}

describe('ROUTE_GUARDS', () => {
  it('has a guard entry for every route of ROUTES, and no other', () => {
    const paths = ROUTES.map((route) => route.path).sort();
    expect(Object.keys(ROUTE_GUARDS).sort()).toEqual(paths);
  });

  it('names only well-formed permissions', () => {
    const named = Object.values(ROUTE_GUARDS).flatMap((guard) => (guard ? leaves(guard) : []));
    expect(named.filter((permission) => parsePermission(permission) === undefined)).toEqual([]);
  });

  it('guards the spec 6 routes with their permissions', () => {
    expect(guardFor('/requirements/add-requirement')).toBe('create=>Requirement');
    expect(guardFor('/applications/payments')).toBe('view=>Application');
    expect(guardFor('/administration/global/initialization')).toBe('initialize=>System@universal');
    expect(guardFor('/settings/change-password')).toBeNull();
    expect(guardFor('/nowhere')).toBeUndefined();
  });

  it('lets a READER list requirements but not open the add-requirement page', () => {
    const reader = {
      policies: [
        { effect: 'allow' as const, actions: ['list', 'view'], resources: ['*'], principals: ['Role::READER'] },
        { effect: 'allow' as const, actions: ['use'], resources: ['Module'], principals: ['Role::READER'] },
      ],
    };
    expect(canOpenRoute(reader, '/requirements')).toBe(true);
    expect(canOpenRoute(reader, '/requirements/add-requirement')).toBe(false);
    expect(canOpenRoute(reader, '/settings')).toBe(true);
    expect(canOpenRoute(null, '/requirements')).toBe(false);
  });
});
