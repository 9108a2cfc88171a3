import { apiClient, MFA_SETUP_MESSAGES, type MfaRecoveryCodes } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

/** POST sessions/mfa/setup/{code}: turns two-factor on and answers the recovery codes. */
export function confirmMfaSetup(code: string): Promise<MfaRecoveryCodes> {
  return apiClient.post<MfaRecoveryCodes>(`sessions/mfa/setup/${encodeURIComponent(code.trim())}`, undefined, {
    messages: MFA_SETUP_MESSAGES,
    preserveSessionOn401: true,
    notices: false,
  });
}

export function useConfirmMfaSetup() {
  return useMutation({ mutationFn: confirmMfaSetup });
}
