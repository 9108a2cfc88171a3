// PATCH organizations/{id}/settings: the parts sent change (name, the whole contact list, default
// notification settings); the organization's reads and the session's name follow.
import { apiClient, sessionStore, type OrganizationSettings, type OrganizationSettingsChanges } from '@portal/shared';
import { PERMISSIONS } from '@portal/shared/permissions';
import { subscriptionKey } from '../../../lib/organizations';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { ORGANIZATION_SETTINGS_KEYS } from './getOrganizationSettings';

export type { OrganizationSettingsChanges };

export async function updateOrganizationSettings({ id, changes }: { id: string; changes: OrganizationSettingsChanges }): Promise<OrganizationSettings> {
  const updated = await apiClient.patch<OrganizationSettings>(`organizations/${encodeURIComponent(id)}/settings`, changes, {
    permission: PERMISSIONS.processes.MANAGE_ORGANIZATION,
  });
  // The header and every screen reading the session name the organization anew.
  const session = sessionStore.getState().session;
  if (session?.organization?.id === id && updated?.name && session.organization.name !== updated.name) {
    sessionStore.setSession({ ...session, organization: { ...session.organization, name: updated.name } });
  }
  return updated;
}

export const useUpdateOrganizationSettings = (id: string) =>
  useAdminMutation(updateOrganizationSettings, [ORGANIZATION_SETTINGS_KEYS.settings(id), subscriptionKey]);
