import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserStatus } from '../../common/user';
import { feedback } from '../lib/feedback-store';
import { http, resetCsrfToken, sessionEvents, UNAUTHORIZED } from './http';

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

/**
 * After any 401 (a session that expired or was ended elsewhere) asks the server again who is
 * signed in, so the header stops showing a name the server no longer knows.
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    sessionEvents.addEventListener(UNAUTHORIZED, recheck);
    return () => sessionEvents.removeEventListener(UNAUTHORIZED, recheck);
  }, [queryClient]);
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
