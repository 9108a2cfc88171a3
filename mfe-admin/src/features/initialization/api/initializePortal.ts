import { apiClient } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

export interface InitializationPayload {
  organization: { name: string };
  admin: { name: string; login_id: string; email: string; password: string };
}

/** POST administration/initialization: the Initiator creates the first organization and its Global Admin. */
export function initializePortal(payload: InitializationPayload): Promise<unknown> {
  return apiClient.post<unknown>('administration/initialization', payload, { notices: false });
}

export function useInitializePortal() {
  return useMutation({ mutationFn: initializePortal });
}
