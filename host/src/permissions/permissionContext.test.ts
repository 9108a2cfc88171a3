import { loadPermissionEvaluator } from '@portal/shared';
import { process, sessionWith } from '../testing/sessions';
import { ALL_PROJECTS_SCOPE, permissionContext } from './permissionContext';

describe('the context permissions are evaluated in (spec 6)', () => {
  const session = sessionWith([], ['main']);

  it('is the organization and the current process, lowercased', () => {
    expect(permissionContext({ session, process: process('Main') })).toEqual({ organization: 'Acme', project: 'main' });
    expect(permissionContext({ session, process: null })).toEqual({ organization: 'Acme' });
    expect(permissionContext({ session: null, process: null })).toEqual({ organization: undefined });
  });

  it('is the all-projects scope of the evaluator in Platform View', async () => {
    const { ALL_PROJECTS_SCOPE: evaluatorScope } = await loadPermissionEvaluator();
    expect(ALL_PROJECTS_SCOPE).toBe(evaluatorScope);
    expect(permissionContext({ session, process: { id: '*', code_name: '*' } })).toEqual({
      organization: 'Acme',
      scope: ALL_PROJECTS_SCOPE,
    });
  });
});
