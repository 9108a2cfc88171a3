// GET users/{login_id}/notification-preferences: the signed-in user's muted event kinds, whether
// their mail comes as a daily digest, and every kind they can mute.
import { apiClient, type NotificationPreferencesView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const notificationPreferencesKey = (loginId: string) => ['notification-preferences', loginId] as const;

export const getNotificationPreferences = (loginId: string, signal?: AbortSignal) =>
  apiClient.get<NotificationPreferencesView>(`users/${encodeURIComponent(loginId)}/notification-preferences`, { notices: false, signal });

export const getNotificationPreferencesQueryOptions = (loginId: string) =>
  queryOptions({
    queryKey: notificationPreferencesKey(loginId),
    queryFn: ({ signal }) => getNotificationPreferences(loginId, signal),
  });

export function useNotificationPreferences(loginId: string) {
  return useQuery({ ...getNotificationPreferencesQueryOptions(loginId), enabled: loginId !== '' });
}
