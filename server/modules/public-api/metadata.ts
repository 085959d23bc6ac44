import type { OrganizationRow, ProfileRow, ProfileVersionRow } from '../../db/schema';
import type { ItemCounts } from '../item-store/repo';

/** The metadata of spec 2 §3 for one version of a profile. */
export interface ProfileMetadata {
  profile_url: string;
  profile_id: string;
  version_url: string;
  version_id: string;
  version_uuid: string;
  name: string;
  version: number;
  template_count: number;
  concept_count: number;
  pattern_count: number;
  updated: string;
  working_group: { name: string; url: string; uuid: string };
  status: { published: boolean; verified: boolean; verificationRequest: string | null };
}

export function presentMetadata(
  siteUrl: string,
  profile: ProfileRow,
  version: ProfileVersionRow,
  organization: OrganizationRow,
  counts: ItemCounts | undefined,
): ProfileMetadata {
  return {
    profile_url: `${siteUrl}/profile/${profile.id}`,
    profile_id: profile.iri,
    version_url: `${siteUrl}/profile/${profile.id}/version/${version.id}`,
    version_id: version.iri,
    version_uuid: version.id,
    name: version.name,
    version: version.version,
    template_count: counts?.templates ?? 0,
    concept_count: counts?.ownConcepts ?? 0,
    pattern_count: counts?.patterns ?? 0,
    updated: version.updatedAt.toISOString(),
    working_group: {
      name: organization.name,
      url: organization.collaborationLink,
      uuid: organization.id,
    },
    status: presentStatus(version),
  };
}

export function presentStatus(version: ProfileVersionRow) {
  return {
    published: version.state === 'published',
    verified: version.isVerified,
    verificationRequest: version.verificationRequestedAt?.toISOString() ?? null,
  };
}
