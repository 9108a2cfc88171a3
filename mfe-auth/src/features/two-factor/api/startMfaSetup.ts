import { apiClient, MFA_SETUP_MESSAGES, type MfaSetup } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

/** POST sessions/mfa: a new secret and its QR code (a PNG data URL) for the authenticator app. */
export function startMfaSetup(): Promise<MfaSetup> {
  return apiClient.post<MfaSetup>('sessions/mfa', undefined, { messages: MFA_SETUP_MESSAGES, preserveSessionOn401: true, notices: false });
}

// A mutation, not a query: every call makes a new secret, so it must not be refetched or cached.
export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}
