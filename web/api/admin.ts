import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserList, AdminUserUpdate } from '../../common/admin';
import { http } from './http';
import { succeeded } from './organizations';
import { sessionQueryKey } from './session';

export const adminKeys = {
  users: (search: string) => ['admin', 'users', search] as const,
  user: (id: string) => ['admin', 'user', id] as const,
};

export function useAdminUsers(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: adminKeys.users(text),
    queryFn: () =>
      http.get<AdminUserList>(
        text === ''
          ? '/app/admin/users'
          : `/app/admin/users?${new URLSearchParams({ search: text }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => http.get<AdminUserDetail>(`/app/admin/user/${encodeURIComponent(id)}`),
  });
}

/** Saving refreshes the user lists, and the session when admins edit their own account. */
export function useUpdateAdminUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AdminUserUpdate) =>
      succeeded(http.post<AdminUserDetail>(`/app/admin/user/${encodeURIComponent(id)}`, update)),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.user(id), answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}

/** Where a site admin's browser downloads a backup of the whole site (a file, not JSON). */
export const backupDownloadUrl = () => '/app/admin/backup';
