import { Alert, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { NOT_ADMIN_MESSAGE, type ReturnState } from '../lib/guards';
import { loginPath } from '../lib/paths';

/** Sends signed-out visitors to sign in, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, loggedIn } = useSession();
  const location = useLocation();
  if (isLoading) return null;
  if (!loggedIn) {
    const state: ReturnState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={loginPath()} replace state={state} />;
  }
  return <>{children}</>;
}

/** Mirrors the server's rule; the admin routes themselves refuse non-admins. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoading, loggedIn, isAdmin } = useSession();
  if (isLoading) return null;
  if (!loggedIn) return <RequireAuth>{children}</RequireAuth>;
  if (!isAdmin) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" title="Admins only">
          {NOT_ADMIN_MESSAGE}
        </Alert>
      </Container>
    );
  }
  return <>{children}</>;
}
