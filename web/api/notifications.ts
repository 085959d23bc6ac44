import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  NotificationPreferencesResponse,
} from '../../common/notifications';
import { http } from './http';
import { succeeded } from './organizations';

export const notificationKeys = { preferences: ['notifications', 'preferences'] as const };

const URL = '/app/user/notifications';

export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => http.get<NotificationPreferencesResponse>(URL),
    select: (answer) => answer.preferences,
    enabled,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      succeeded(http.put<NotificationPreferencesResponse>(URL, preferences)),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  });
}
