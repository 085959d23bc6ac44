/** The location a sign-in should return to, kept in router state. */
export interface ReturnState {
  from?: { pathname: string; search: string; hash: string };
}

export const NOT_ADMIN_MESSAGE = 'You must be an admin to access this page.';
