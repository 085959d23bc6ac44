import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserStatus } from '../../common/user';
import { feedback } from '../app/feedback-store';
import { http, resetCsrfToken } from './http';

export const sessionQueryKey = ['user', 'status'] as const;

/** Who is signed in; every access decision in the UI mirrors what the server says here. */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => http.get<UserStatus>('/app/user/status'),
    staleTime: 60_000,
  });
  const user = query.data?.user ?? null;
  return {
    isLoading: query.isLoading,
    loggedIn: query.data?.loggedIn ?? false,
    user,
    isAdmin: user?.type === 'admin',
  };
}

/** Signing out always reloads the page at `/`, whatever the server answered. */
export function useLogout() {
  return useMutation({
    mutationFn: () => http.post<{ success: true }>('/app/user/logout'),
    onError: () =>
      feedback.reportError({ errorType: 'Logout', type: 'user', message: 'error logging out' }),
    onSettled: () => {
      resetCsrfToken();
      window.location.assign('/');
    },
  });
}
