// PUT users/{login_id}/notification-preferences: the user's own choices; the answer replaces the cached ones.
import { apiClient, type NotificationPreferences, type NotificationPreferencesView } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationPreferencesKey } from './getNotificationPreferences';

export interface SaveNotificationPreferencesInput extends NotificationPreferences {
  loginId: string;
}

export function saveNotificationPreferences({ loginId, ...preferences }: SaveNotificationPreferencesInput): Promise<NotificationPreferencesView> {
  return apiClient.put<NotificationPreferencesView>(`users/${encodeURIComponent(loginId)}/notification-preferences`, preferences, { notices: false });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved, { loginId }) => client.setQueryData(notificationPreferencesKey(loginId), saved),
  });
}
