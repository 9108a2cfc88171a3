import { apiClient, type InitializationPayload, type InitializationResult } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';

export type { InitializationPayload };

/** POST administration/initialization: the Initiator creates the first organization and its Global Admin. */
export function initializePortal(payload: InitializationPayload): Promise<InitializationResult> {
  return apiClient.post<InitializationResult>('administration/initialization', payload);
}

export function useInitializePortal() {
  return useMutation({ mutationFn: initializePortal });
}
