// GET organizations/{id}/settings: what the organization admin manages of their organization —
// name, contacts and the default notification settings its processes take (spec 6 organization manage).
import { apiClient, type OrganizationSettings } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

export type { OrganizationSettings };

export const ORGANIZATION_SETTINGS_KEYS = {
  settings: (id: string) => ['admin', 'organization-settings', id] as const,
};

export const getOrganizationSettings = (id: string, signal?: AbortSignal) =>
  apiClient.get<OrganizationSettings>(`organizations/${encodeURIComponent(id)}/settings`, { ...FORBIDDEN_IN_PLACE, signal });

export const getOrganizationSettingsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ORGANIZATION_SETTINGS_KEYS.settings(id), queryFn: ({ signal }) => getOrganizationSettings(id, signal) });

export function useOrganizationSettings(id: string) {
  return useQuery(getOrganizationSettingsQueryOptions(id));
}
