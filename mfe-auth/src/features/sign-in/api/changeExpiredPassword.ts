import { apiClient, PASSWORD_CHANGE_MESSAGES, sessionStore, type ChangePasswordPayload, type Session } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

export interface ChangeExpiredPasswordInput extends ChangePasswordPayload {
  username: string;
}

/** PATCH users/{username}/password/changeExpired: the answer is the new session. */
export function changeExpiredPassword({ username, ...payload }: ChangeExpiredPasswordInput): Promise<Session> {
  return apiClient.patch<Session>(`users/${encodeURIComponent(username)}/password/changeExpired`, payload, {
    messages: PASSWORD_CHANGE_MESSAGES,
    preserveSessionOn401: true,
    notices: false,
  });
}

export function useChangeExpiredPassword() {
  return useMutation({ mutationFn: changeExpiredPassword, onSuccess: (session) => sessionStore.setSession(session) });
}
