import { act, renderHook } from '@testing-library/react';
import type { Session } from '../entities/session';
import { sessionStore } from './sessionStore';
import { useSession } from './useSession';

const session: Session = {
  session_id: 's1',
  timestamp: 1,
  authenticated: true,
  authentication_status: 'Authenticated',
  organization: null,
  user: { id: 'u1', login_id: 'alice', name: 'Alice' },
  access_control: null,
  edition: 'Community',
  tenancy: false,
  roles: ['_GLOBAL_ADMIN'],
  features: {},
};

afterEach(() => sessionStore.clearSession());

describe('useSession', () => {
  it('re-renders with the store’s state', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.session).toBeNull();
    act(() => sessionStore.setSession(session));
    expect(result.current.session?.user?.login_id).toBe('alice');
    act(() => sessionStore.clearSession());
    expect(result.current.session).toBeNull();
  });

  it('selects a part of the state', () => {
    const { result } = renderHook(() => useSession((state) => state.process?.code_name ?? 'none'));
    expect(result.current).toBe('none');
    act(() => sessionStore.setProcess({ id: 'p', code_name: 'Beta' }));
    expect(result.current).toBe('Beta');
  });
});
