import type { Membership } from '../../../common/organizations';
import type {
  Profile,
  ProfileListItem,
  ProfileVersion,
  VersionSummary,
} from '../../../common/profiles';
import type { OrganizationRow, ProfileRow, ProfileVersionRow, UserRow } from '../../db/schema';
import { contentTag } from '../edit-conflicts';
import { publicName } from '../organizations/presenter';

export function presentVersionSummary(version: ProfileVersionRow): VersionSummary {
  return {
    uuid: version.id,
    iri: version.iri,
    version: version.version,
    state: version.state,
    isVerified: version.isVerified,
  };
}

/** The revision of a version's details, the part Edit Profile Details saves. */
export function detailsRevision(version: ProfileVersionRow): string {
  const { iri, name, description, translations, moreInformation, tags } = version;
  return contentTag(version.id, { iri, name, description, translations, moreInformation, tags });
}

export function presentVersion(
  version: ProfileVersionRow,
  requester: UserRow | null,
  counts: { templates: number; patterns: number; concepts: number },
): ProfileVersion {
  return {
    uuid: version.id,
    profileUuid: version.profileId,
    version: version.version,
    iri: version.iri,
    state: version.state,
    name: version.name,
    description: version.description,
    translations: version.translations,
    moreInformation: version.moreInformation,
    tags: version.tags,
    isVerified: version.isVerified,
    verificationRequest: version.verificationRequestedAt?.toISOString() ?? null,
    verificationRequestedBy: requester ? publicName(requester) : null,
    updatedOn: version.updatedAt.toISOString(),
    publishedOn: version.publishedAt?.toISOString() ?? null,
    revision: detailsRevision(version),
    counts,
  };
}

export function presentProfile(
  profile: ProfileRow,
  organization: OrganizationRow,
  versions: ProfileVersionRow[],
  membership: Membership,
): Profile {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const published = profile.currentPublishedVersionId
    ? byId.get(profile.currentPublishedVersionId)
    : undefined;
  const draft = profile.currentDraftVersionId ? byId.get(profile.currentDraftVersionId) : undefined;
  const member = membership === 'member' || membership === 'admin';
  return {
    uuid: profile.id,
    iri: profile.iri,
    iriType: profile.iriType,
    iriFixed: versions.some((v) => v.state === 'published'),
    organization: { uuid: organization.id, name: organization.name },
    currentPublishedVersion: published ? presentVersionSummary(published) : null,
    currentDraftVersion: member && draft ? presentVersionSummary(draft) : null,
    versions: versions.filter((v) => member || v.state === 'published').map(presentVersionSummary),
    membership,
  };
}

export function presentListItem(
  profile: ProfileRow,
  version: ProfileVersionRow,
  organization: OrganizationRow,
  metrics: { views: number; exports: number },
): ProfileListItem {
  return {
    uuid: profile.id,
    versionUuid: version.id,
    name: version.name,
    description: version.description,
    iri: profile.iri,
    isVerified: version.isVerified,
    state: version.state,
    version: version.version,
    organization: { uuid: organization.id, name: organization.name },
    author: organization.name,
    updatedOn: (version.publishedAt ?? version.updatedAt).toISOString(),
    views: metrics.views,
    exports: metrics.exports,
  };
}
