import { act, renderHook } from '@testing-library/react';
import { sessionStore } from '../session/sessionStore';
import { testSession } from '../testing/sessions';
import { setPermissionChecker } from './checker';
import { usePermitted } from './usePermitted';

const session = (code: string) => testSession({ access_control: { policies: [], projects: [{ code_name: code }] } });

// A checker reading the store on every check, as the host's does: only process "beta" may create.
const byProcess = (permission: string) =>
  permission === 'create=>Requirement' && sessionStore.getState().process?.code_name === 'beta';

afterEach(() => {
  setPermissionChecker(null);
  sessionStore.clearSession();
});

describe('usePermitted', () => {
  it('is true until a checker registers, then follows it', () => {
    const { result } = renderHook(() => usePermitted('create=>Requirement'));
    expect(result.current).toBe(true);
    act(() => setPermissionChecker(() => false));
    expect(result.current).toBe(false);
    act(() => setPermissionChecker(null));
    expect(result.current).toBe(true);
  });

  it('re-renders when the current process or the session changes', () => {
    setPermissionChecker(byProcess);
    const { result } = renderHook(() => usePermitted({ any: ['delete=>Requirement', 'create=>Requirement'] }));
    expect(result.current).toBe(false);
    act(() => {
      sessionStore.setSession(session('beta'));
      sessionStore.setProcess({ id: 'b', code_name: 'beta' });
    });
    expect(result.current).toBe(true);
    act(() => sessionStore.setProcess({ id: 'a', code_name: 'alpha' }));
    expect(result.current).toBe(false);
  });
});
