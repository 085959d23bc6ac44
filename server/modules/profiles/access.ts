import type { Db } from '../../db/client';
import type { OrganizationRow, ProfileRow, ProfileVersionRow, UserRow } from '../../db/schema';
import { notFound } from '../errors';
import { isMember, type GroupActor } from '../organizations/policy';
import type { OrganizationService } from '../organizations/service';
import { isAskedToReview } from '../reviews';
import { findProfileInGroup, findVersion } from './repo';

/** A profile as one viewer sees it: its group and the viewer's standing in it. */
export interface ProfileAccess {
  profile: ProfileRow;
  organization: OrganizationRow;
  actor: GroupActor;
  member: boolean;
  /**
   * The draft this viewer, not a member, was invited to review and may read: the profile's
   * current draft, and only for reads that take invited reviewers (`asReviewer`). Null otherwise.
   */
  reviewing: string | null;
}

/** Whether a read takes the invited reviewers of the profile's current draft. */
export interface AccessOptions {
  forUpdate?: boolean;
  /**
   * A read an invited reviewer needs to review the draft: its items, their pages and the
   * changes it makes. Never a write, and never another version's draft.
   */
  asReviewer?: boolean;
}

/** …and the version asked for. */
export interface VersionAccess extends ProfileAccess {
  version: ProfileVersionRow;
}

/**
 * Loads a profile for a viewer. A profile without a published version exists only for members
 * of the owning group (and, for a read `asReviewer`, for the invited reviewers of its current
 * draft): to everyone else it is not found.
 */
export async function loadProfileAccess(
  organizations: OrganizationService,
  db: Db,
  user: UserRow | null,
  profileId: string,
  { forUpdate = false, asReviewer = false }: AccessOptions = {},
): Promise<ProfileAccess> {
  const found = await findProfileInGroup(db, profileId, user?.id ?? null, forUpdate);
  if (!found) throw notFound('No such profile.');
  const { profile } = found;
  const { organization, actor } = (() => {
    try {
      return organizations.loaded(user, found.organization, found.level);
    } catch {
      throw notFound('No such profile.');
    }
  })();
  const member = isMember(actor);
  const draftId = profile.currentDraftVersionId;
  const reviewing =
    asReviewer && !member && user && draftId && (await isAskedToReview(db, draftId, user.id))
      ? draftId
      : null;
  if (!member && !reviewing && !profile.currentPublishedVersionId)
    throw notFound('No such profile.');
  return { profile, organization, actor, member, reviewing };
}

/**
 * A version of the loaded profile; drafts exist only for members, and the current draft also
 * for the people invited to review it.
 */
export function visibleVersion(
  access: ProfileAccess,
  version: ProfileVersionRow | null,
): ProfileVersionRow {
  if (
    !version ||
    version.profileId !== access.profile.id ||
    (version.state === 'draft' && !access.member && version.id !== access.reviewing)
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
  options: AccessOptions = {},
): Promise<VersionAccess> {
  const access = await loadProfileAccess(organizations, db, user, profileId, options);
  return { ...access, version: visibleVersion(access, await findVersion(db, versionId)) };
}
