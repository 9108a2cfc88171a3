/** @jest-environment node */
import { ROUTES } from '../navigation/routes';
import { parsePermission } from './catalogue';
import type { PermissionCheck } from './checkPermission';
import { moduleSwitchPolicy } from './moduleSwitches';
import { ROUTE_GUARDS, canOpenRoute, guardFor, routeAccess } from './routeGuards';

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

describe('routeAccess: Feature not activated or NO ACCESS', () => {
  const author = [
    { effect: 'allow' as const, actions: ['*'], resources: ['Requirement', 'Task', 'Application', 'ContinuousMonitoring'], principals: ['Role::AUTHOR'] },
    { effect: 'allow' as const, actions: ['use'], resources: ['Module'], principals: ['Role::AUTHOR'] },
  ];
  const inDemo = { project: 'demo' };

  it('opens what the guard allows', () => {
    expect(routeAccess({ policies: author }, '/requirements', inDemo)).toEqual({ status: 'open' });
    expect(routeAccess(null, '/settings')).toEqual({ status: 'open' });
  });

  it('names the module a process switched off, only in that process', () => {
    const access = { policies: [moduleSwitchPolicy('Module::Requirement', 'Demo'), ...author] };
    expect(routeAccess(access, '/requirements', inDemo)).toEqual({ status: 'feature-off', module: 'Requirements' });
    expect(routeAccess(access, '/collaboration/tasks', inDemo)).toEqual({ status: 'feature-off', module: 'Requirements' });
    expect(routeAccess(access, '/requirements', { project: 'other' })).toEqual({ status: 'open' });
    expect(routeAccess(access, '/applications', inDemo)).toEqual({ status: 'open' });
  });

  it('closes Continuous Monitoring with Code Provenance switched off for the organization', () => {
    const access = { policies: [moduleSwitchPolicy('Module::CodeProvenance', null), ...author] };
    expect(routeAccess(access, '/applications/monitoring/events', inDemo)).toEqual({ status: 'feature-off', module: 'Code Provenance' });
    expect(routeAccess(access, '/applications/payments', inDemo)).toEqual({ status: 'feature-off', module: 'Code Provenance' });
    expect(routeAccess(access, '/requirements', inDemo)).toEqual({ status: 'open' });
  });

  it('still answers NO ACCESS for a permission missing, module on or off', () => {
    const reader = [
      { effect: 'allow' as const, actions: ['list', 'view'], resources: ['*'], principals: ['Role::READER'] },
      { effect: 'allow' as const, actions: ['use'], resources: ['Module'], principals: ['Role::READER'] },
    ];
    expect(routeAccess({ policies: reader }, '/requirements/add-requirement', inDemo)).toEqual({ status: 'no-access' });
    const off = { policies: [moduleSwitchPolicy('Module::Requirement', 'demo'), ...reader] };
    expect(routeAccess(off, '/requirements/add-requirement', inDemo)).toEqual({ status: 'no-access' });
    expect(routeAccess(null, '/requirements')).toEqual({ status: 'no-access' });
  });

  it("treats a role's own forbid of a module as a permission missing, not a switch", () => {
    const roleForbid = { effect: 'forbid' as const, actions: ['use'], resources: ['Module::Requirement'], principals: ['Role::AUTHOR'] };
    expect(routeAccess({ policies: [roleForbid, ...author] }, '/requirements', inDemo)).toEqual({ status: 'no-access' });
  });
});
