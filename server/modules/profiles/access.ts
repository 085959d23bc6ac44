import type { Db } from '../../db/client';
import type { OrganizationRow, ProfileRow, ProfileVersionRow, UserRow } from '../../db/schema';
import { notFound } from '../errors';
import { isMember, type GroupActor } from '../organizations/policy';
import type { OrganizationService } from '../organizations/service';
import { findProfile, findVersion } from './repo';

/** A profile as one viewer sees it: its group and the viewer's standing in it. */
export interface ProfileAccess {
  profile: ProfileRow;
  organization: OrganizationRow;
  actor: GroupActor;
  member: boolean;
}

/** …and the version asked for. */
export interface VersionAccess extends ProfileAccess {
  version: ProfileVersionRow;
}

/**
 * Loads a profile for a viewer. A profile without a published version exists only for members
 * of the owning group: to everyone else it is not found.
 */
export async function loadProfileAccess(
  organizations: OrganizationService,
  db: Db,
  user: UserRow | null,
  profileId: string,
  forUpdate = false,
): Promise<ProfileAccess> {
  const profile = await findProfile(db, profileId, forUpdate);
  if (!profile) throw notFound('No such profile.');
  const { organization, actor } = await organizations
    .load(user, profile.organizationId, db)
    .catch(() => {
      throw notFound('No such profile.');
    });
  const member = isMember(actor);
  if (!member && !profile.currentPublishedVersionId) throw notFound('No such profile.');
  return { profile, organization, actor, member };
}

/** A version of the loaded profile; drafts exist only for members. */
export function visibleVersion(
  access: ProfileAccess,
  version: ProfileVersionRow | null,
): ProfileVersionRow {
  if (
    !version ||
    version.profileId !== access.profile.id ||
    (version.state === 'draft' && !access.member)
  )
    throw notFound('No such version of this profile.');
  return version;
}

export async function loadVersionAccess(
  organizations: OrganizationService,
  db: Db,
  user: UserRow | null,
  profileId: string,
  versionId: string,
  forUpdate = false,
): Promise<VersionAccess> {
  const access = await loadProfileAccess(organizations, db, user, profileId, forUpdate);
  return { ...access, version: visibleVersion(access, await findVersion(db, versionId)) };
}
