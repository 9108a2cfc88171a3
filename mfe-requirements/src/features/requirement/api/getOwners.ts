// GET requirements/owners: who may own the process's requirements (its members who may update
// their progress, REQUIREMENT_OWNER_PERMISSION), for the Owner of the Add and Modify wizards.
import { apiClient, type UserRef } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS } from './keys';

export const getOwners = (graph: string) => apiClient.get<UserRef[]>('requirements/owners', { graph, notices: false });

export const getOwnersQueryOptions = (graph: string) => queryOptions({ queryKey: REQUIREMENT_KEYS.owners(graph), queryFn: () => getOwners(graph) });

export function useOwners(graph: string) {
  return useQuery({ ...getOwnersQueryOptions(graph), retry: false });
}
