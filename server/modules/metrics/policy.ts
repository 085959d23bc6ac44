import type { UserRow } from '../../db/schema';
import { forbidden, unauthorized } from '../errors';

/** Who may read which figures. Profile-level figures follow the profile's own visibility. */
export const metricsPolicy = {
  /** Site-wide API use (which profiles tools read and write): site admins, as every admin screen. */
  siteWideApiUse(user: UserRow | null): UserRow {
    if (!user) throw unauthorized('Sign in to do this.');
    if (user.type !== 'admin') throw forbidden('You must be an admin to access this page.');
    return user;
  },
};
