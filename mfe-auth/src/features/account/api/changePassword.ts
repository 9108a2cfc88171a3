import { apiClient, PASSWORD_CHANGE_MESSAGES, type ChangePasswordPayload } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

export interface ChangePasswordInput extends ChangePasswordPayload {
  loginId: string;
}

/** PATCH users/{login_id}/changePassword: a 401 means the current password is wrong, not a lost session. */
export function changePassword({ loginId, ...payload }: ChangePasswordInput): Promise<void> {
  return apiClient.patch<void>(`users/${encodeURIComponent(loginId)}/changePassword`, payload, {
    messages: PASSWORD_CHANGE_MESSAGES,
    preserveSessionOn401: true,
    notices: false,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
