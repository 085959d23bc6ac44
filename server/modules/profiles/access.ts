import type { Db } from '../../db/client';
import type { OrganizationRow, ProfileRow, ProfileVersionRow, UserRow } from '../../db/schema';
import { notFound } from '../errors';
import { isMember, type GroupActor } from '../organizations/policy';
import type { OrganizationService } from '../organizations/service';
import { findProfile, findVersion } from './repo';

/** A profile as one viewer sees it: its group, the viewer's standing, and the version asked for. */
export interface VersionAccess {
  profile: ProfileRow;
  organization: OrganizationRow;
  actor: GroupActor;
  member: boolean;
  version: ProfileVersionRow;
}

/**
 * Loads a version for a viewer. Drafts exist only for members of the owning group: to everyone
 * else a draft, or a profile without a published version, is not found.
 */
export async function loadVersionAccess(
  organizations: OrganizationService,
  db: Db,
  user: UserRow | null,
  profileId: string,
  versionId: string,
  forUpdate = false,
): Promise<VersionAccess> {
  const profile = await findProfile(db, profileId, forUpdate);
  if (!profile) throw notFound('No such profile.');
  const { organization, actor } = await organizations
    .load(user, profile.organizationId, db)
    .catch(() => {
      throw notFound('No such profile.');
    });
  const member = isMember(actor);
  if (!member && !profile.currentPublishedVersionId) throw notFound('No such profile.');
  const version = await findVersion(db, versionId);
  if (!version || version.profileId !== profile.id || (version.state === 'draft' && !member))
    throw notFound('No such version of this profile.');
  return { profile, organization, actor, member, version };
}
