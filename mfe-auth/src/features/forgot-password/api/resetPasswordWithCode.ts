import { apiClient, OTP_RESET_MESSAGES, type OtpResetPayload, type Session } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { enterDashboard } from '../../../lib/enterDashboard';

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
    // Spec 4.2: after a reset the user lands on /dashboard once two-factor is done.
    onSuccess: enterDashboard,
  });
}
