import { apiClient, MFA_VERIFY_MESSAGES, sessionStore, type Session } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

/** POST sessions/mfa/verify/{code}: the answer is the authenticated session (a recovery code works too). */
export function verifyMfa(code: string): Promise<Session> {
  return apiClient.post<Session>(`sessions/mfa/verify/${encodeURIComponent(code.trim())}`, undefined, {
    messages: MFA_VERIFY_MESSAGES,
    preserveSessionOn401: true,
    notices: false,
  });
}

export function useVerifyMfa() {
  return useMutation({ mutationFn: verifyMfa, onSuccess: (session) => sessionStore.setSession(session) });
}
