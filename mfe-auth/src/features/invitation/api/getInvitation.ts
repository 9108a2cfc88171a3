import { apiClient, INVITATION_CACHE_MS, type InvitationLookup } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET users/invitation/{token}: the invited address; 404 when the token is invalid or expired. */
export function getInvitation(token: string): Promise<InvitationLookup> {
  return apiClient.get<InvitationLookup>(`users/invitation/${encodeURIComponent(token)}`, { notices: false, preserveSessionOn401: true });
}

export function getInvitationQueryOptions(token: string) {
  return queryOptions({ queryKey: ['invitation', token], queryFn: () => getInvitation(token), staleTime: INVITATION_CACHE_MS });
}

export function useInvitation(token: string) {
  return useQuery(getInvitationQueryOptions(token));
}
