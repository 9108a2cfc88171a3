import { apiClient, navigate, sessionStore, type Session } from '@portal/shared';
import { PERMISSIONS } from '@portal/shared/permissions';
import { useMutation } from '@tanstack/react-query';

/** DELETE sessions/mfa: allowed to demo-permission users only (the server decides). */
export function disableMfa(): Promise<void> {
  return apiClient.delete<void>('sessions/mfa', { permission: PERMISSIONS.development.PERFORM_DEMO });
}

export function useDisableMfa() {
  return useMutation({
    mutationFn: disableMfa,
    // Two-factor is mandatory: a session without it must set it up again, so the store gets the
    // server's new state (the host then shows mfe-auth's setup wizard) and the user starts from home.
    onSuccess: async () => {
      const session = await apiClient.get<Session>('sessions', { notices: false }).catch(() => null);
      if (session) sessionStore.setSession(session);
      else sessionStore.clearSession();
      if (session?.authentication_status !== 'Authenticated') navigate('/');
    },
  });
}
