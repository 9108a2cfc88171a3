import { apiClient, SIGN_IN_MESSAGES, sessionStore, type LoginPayload, type Session } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

/** POST sessions: a 401 here is a wrong password, not a lost session, and shows in the form. */
export function signIn(payload: LoginPayload): Promise<Session> {
  return apiClient.post<Session>('sessions', payload, { messages: SIGN_IN_MESSAGES, preserveSessionOn401: true, notices: false });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: (session) => sessionStore.setSession(session) });
}
