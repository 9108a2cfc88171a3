import type { Session } from '../entities/session';
import { loadPermissionEvaluator } from './loadEvaluator';

describe('loadPermissionEvaluator', () => {
  it('loads the evaluator once and hands out the same module', async () => {
    const first = loadPermissionEvaluator();
    expect(loadPermissionEvaluator()).toBe(first);
    const evaluator = await first;
    const access: NonNullable<Session['access_control']> = {
      policies: [
        {
          effect: 'allow',
          actions: ['list', 'use'],
          resources: ['Requirement', 'Module::Requirement'],
          principals: ['Role::READER'],
          condition: 'project == "main"',
        },
      ],
      projects: [{ code_name: 'main' }],
    };
    expect(evaluator.canOpenRoute(access, '/requirements', { project: 'main' })).toBe(true);
    expect(evaluator.canOpenRoute(access, '/requirements', { project: 'other' })).toBe(false);
    const check = evaluator.permissionCheckerFor(() => access, () => ({ project: 'main' }));
    expect(check(evaluator.PERMISSIONS.requirements.LIST_REQUIREMENT)).toBe(true);
    expect(check(evaluator.PERMISSIONS.requirements.CREATE_REQUIREMENT)).toBe(false);
  });
});
