// The Global Admin's organization calls (docs/authorization.md, "Organizations"): list, view,
// create with its first admin, delete, module configuration and trial invitations.
import { apiClient, type NewOrganization, type TrialInvitation } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModuleConfiguration, Organization } from '../../../lib/organizations';
import { subscriptionKey } from '../../../lib/organizations';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { GLOBAL_ORGANIZATION } from '../permissions';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

export const organizationsKey = ['organizations'] as const;

export type { NewOrganization, TrialInvitation };

export function useOrganizations() {
  return useQuery({
    queryKey: organizationsKey,
    queryFn: ({ signal }) => apiClient.get<Organization[]>('organizations', { ...FORBIDDEN_IN_PLACE, signal }),
  });
}

export function useOrganization(id: string) {
  return useQuery({
    queryKey: [...organizationsKey, id],
    queryFn: ({ signal }) => apiClient.get<Organization>(`organizations/${encodeURIComponent(id)}`, { ...FORBIDDEN_IN_PLACE, signal }),
  });
}

/** Mutations refresh every organization read (list and views) once they succeed. */
const REFRESHED = [organizationsKey, subscriptionKey];

function useOrganizationsRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all(REFRESHED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const createOrganization = (payload: NewOrganization) =>
  apiClient.post<Organization>('organizations', payload, { permission: GLOBAL_ORGANIZATION.CREATE });
const inviteTrial = (payload: TrialInvitation) =>
  apiClient.post<Organization>('organizations/trials', payload, { permission: GLOBAL_ORGANIZATION.CREATE });

export const useCreateOrganization = () => useAdminMutation(createOrganization, REFRESHED);
export const useInviteTrial = () => useAdminMutation(inviteTrial, REFRESHED);

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organization: Pick<Organization, 'id' | 'name'>) =>
      apiClient.delete<void>(`organizations/${encodeURIComponent(organization.id)}`, { permission: GLOBAL_ORGANIZATION.DELETE }),
    onSuccess: (_nothing, organization) => {
      // The deleted organization's own view must not refetch into a 404.
      queryClient.removeQueries({ queryKey: [...organizationsKey, organization.id] });
      return queryClient.invalidateQueries({ queryKey: organizationsKey });
    },
  });
}

export function useUpdateModuleConfiguration(id: string) {
  const queryClient = useQueryClient();
  const refresh = useOrganizationsRefresh();
  return useMutation({
    mutationFn: (configuration: ModuleConfiguration) =>
      apiClient.put<Organization>(`organizations/${encodeURIComponent(id)}/moduleConfiguration`, configuration, {
        permission: GLOBAL_ORGANIZATION.CONFIGURE_MODULES,
      }),
    onSuccess: (organization) => {
      queryClient.setQueryData([...organizationsKey, id], organization);
      return refresh();
    },
  });
}
