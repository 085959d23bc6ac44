import type { OrganizationRow, ProfileRow, ProfileVersionRow } from '../../../db/schema';

/** A version with its profile and owning group, loaded and authorized by the calling edge. */
export interface VersionTarget {
  profile: ProfileRow;
  version: ProfileVersionRow;
  organization: OrganizationRow;
}
