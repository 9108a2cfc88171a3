import { apiClient, sessionStore, type InvitationCompletion, type Session } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

const OPTIONS = { notices: false, preserveSessionOn401: true } as const;

/** PATCH users/invitation/{token} without a code: mails the one-time code to the invited address. */
export function sendInvitationCode(token: string): Promise<void> {
  return apiClient.patch<void>(`users/invitation/${encodeURIComponent(token)}`, {}, OPTIONS);
}

export function useSendInvitationCode() {
  return useMutation({ mutationFn: sendInvitationCode });
}

export interface CompleteInvitationInput extends InvitationCompletion {
  token: string;
}

/** PATCH users/invitation/{token} with the code and a password: the answer is the new session. */
export function completeInvitation({ token, ...payload }: CompleteInvitationInput): Promise<Session> {
  return apiClient.patch<Session>(`users/invitation/${encodeURIComponent(token)}`, payload, OPTIONS);
}

export function useCompleteInvitation() {
  return useMutation({ mutationFn: completeInvitation, onSuccess: (session) => sessionStore.setSession(session) });
}
