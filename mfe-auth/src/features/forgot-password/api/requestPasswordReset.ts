import { apiClient, FORGOT_PASSWORD_FAILURE_MESSAGE, type ForgotPasswordPayload } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

/** PATCH users/{username}/password/forget: mails a one-time code (the answer never says whether the user exists). */
export function requestPasswordReset({ username }: ForgotPasswordPayload): Promise<void> {
  return apiClient.patch<void>(`users/${encodeURIComponent(username)}/password/forget`, { username }, {
    messages: { other: FORGOT_PASSWORD_FAILURE_MESSAGE },
    preserveSessionOn401: true,
    notices: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
