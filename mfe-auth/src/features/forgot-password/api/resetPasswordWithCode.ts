import { apiClient, navigate, OTP_RESET_MESSAGES, sessionStore, type OtpResetPayload, type Session } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

export interface ResetPasswordWithCodeInput extends OtpResetPayload {
  username: string;
}

/** PATCH users/{username}/password/otp-reset: the answer is a session that still asks for two-factor. */
export function resetPasswordWithCode({ username, ...payload }: ResetPasswordWithCodeInput): Promise<Session> {
  return apiClient.patch<Session>(`users/${encodeURIComponent(username)}/password/otp-reset`, payload, {
    messages: OTP_RESET_MESSAGES,
    preserveSessionOn401: true,
    notices: false,
  });
}

export function useResetPasswordWithCode() {
  return useMutation({
    mutationFn: resetPasswordWithCode,
    onSuccess: (session) => {
      // Spec 4.2: after a reset the user lands on /dashboard once two-factor is done.
      navigate('/dashboard');
      sessionStore.setSession(session);
    },
  });
}
