// An open Organization Administration follows the organization's changes made elsewhere (another
// admin, another tab): the API tells each of its users 'Update Organization' on `events#<userId>`
// (spec 4.5), and the screen reads the organization again.
import { subscribeEvents } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscriptionKey } from '../../../lib/organizations';
import { ORGANIZATION_SETTINGS_KEYS } from './getOrganizationSettings';

export const UPDATE_ORGANIZATION_EVENT = 'Update Organization';

export function useLiveOrganization(organizationId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!organizationId) return undefined;
    return subscribeEvents(UPDATE_ORGANIZATION_EVENT, (event) => {
      if (event.data?.id !== organizationId) return;
      void queryClient.invalidateQueries({ queryKey: ORGANIZATION_SETTINGS_KEYS.settings(organizationId) });
      void queryClient.invalidateQueries({ queryKey: subscriptionKey });
    });
  }, [organizationId, queryClient]);
}
