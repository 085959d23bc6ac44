import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '../../../common/user';
import { useSession } from '../../api/session';
import type { ReturnState } from '../../lib/guards';
import { homePath, usernamePath } from '../../lib/paths';

/** The router state carrying the location a sign-in started from, to pass along between screens. */
export function useReturnState(): ReturnState | null {
  return useLocation().state as ReturnState | null;
}

/** The location a sign-in started from (kept by RequireAuth), as a path. */
export function useReturnLocation(): string | null {
  const from = useReturnState()?.from;
  return from ? `${from.pathname}${from.search}${from.hash}` : null;
}

/** Where to go after signing in: back to where the user came from, else home or the username step. */
export function afterSignIn(
  user: Pick<SessionUser, 'usernameChosen'>,
  from: string | null,
): string {
  return from ?? (user.usernameChosen ? homePath() : usernamePath());
}

/**
 * The sign-in and sign-up screens are for signed-out visitors: someone who arrives already signed
 * in goes back to where they came from, or home. Only the state on arrival counts, so a sign-in
 * completed on the page itself leaves the navigation to that page.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, loggedIn } = useSession();
  const from = useReturnLocation();
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(() =>
    isLoading ? null : loggedIn,
  );
  if (signedInOnArrival === null && !isLoading) setSignedInOnArrival(loggedIn);
  if (signedInOnArrival === null) return null;
  if (signedInOnArrival) return <Navigate to={from ?? homePath()} replace />;
  return <>{children}</>;
}
