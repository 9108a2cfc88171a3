import { apiClient, type Session } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { enterDashboard } from '../../../lib/enterDashboard';

/** GET sessions: the session after two-factor setup, now authenticated. */
export function refreshSession(): Promise<Session> {
  return apiClient.get<Session>('sessions', { notices: false });
}

export function useFinishMfaSetup() {
  return useMutation({
    mutationFn: refreshSession,
    onSuccess: enterDashboard,
  });
}
