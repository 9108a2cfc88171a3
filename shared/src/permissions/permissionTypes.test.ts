// The catalogue as a type: a permission string it does not hold is a compile error wherever the
// browser checks a permission. The `@ts-expect-error` lines are the test of that: `tsc -p shared`
// (npm run lint) fails on a directive with no error under it, so if `Permission`, `usePermitted`,
// `isPermitted` or the API client's `permission` option ever accepted any `action=>Resource`
// again, the type check would fail here. The runtime half checks the same strings against the
// catalogue's values.
import { apiClient } from '../api/client';
import { isPermitted } from './checker';
import { usePermitted } from './usePermitted';
import { ALL_PERMISSIONS, PERMISSIONS, type KnownPermissionCheck, type Permission } from '../permissionCatalogue';

const MISTYPED = ['delete=>Taks', 'view=>Requirement@global', 'perform=>demo'] as const;

/** Type-only: never called, so no hook runs outside a component and no request is sent. */
function compileTimeChecks(): void {
  const known: Permission = PERMISSIONS.requirements.VIEW_REQUIREMENT;
  const literal: Permission = 'list=>Requirement';
  // @ts-expect-error a typo of 'delete=>Task' is not in the catalogue
  const typo: Permission = 'delete=>Taks';
  // @ts-expect-error view=>Requirement has no global variant in the catalogue
  const wrongScope: Permission = 'view=>Requirement@global';
  // @ts-expect-error actions are case-sensitive: perform=>Demo
  isPermitted('perform=>demo');
  // @ts-expect-error the hook takes catalogue strings only
  const hookCheck: Parameters<typeof usePermitted>[0] = 'delete=>Taks';
  // @ts-expect-error and so do all/any combinations
  const combined: KnownPermissionCheck = { all: [known, 'delete=>Taks'] };
  // @ts-expect-error and the API client's permission option
  void apiClient.post('tasks', null, { permission: 'assign=>Tasks' });
  void [known, literal, typo, wrongScope, hookCheck, combined];
}

describe('the permission catalogue as a type', () => {
  it('holds none of the strings the type check refuses, and holds the ones it accepts', () => {
    expect(typeof compileTimeChecks).toBe('function');
    for (const permission of MISTYPED) expect(ALL_PERMISSIONS).not.toContain(permission);
    expect(ALL_PERMISSIONS).toEqual(expect.arrayContaining(['view=>Requirement', 'list=>Requirement', 'perform=>Demo', 'assign=>Task']));
  });

  it('flattens every leaf of PERMISSIONS once', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS).toContain(PERMISSIONS.processes.GLOBAL_ORGANIZATION.CONFIGURE_MODULES);
  });
});
