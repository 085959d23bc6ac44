import type { Profile, ProfileVersion } from '../../../common/profiles';
import { isMembership } from '../organization/format';

/** Dates read the same on every screen. */
export { formatDate } from '../organization/format';

const enc = encodeURIComponent;

export const groupPath = (organizationId: string) => `/organization/${enc(organizationId)}`;

/** A version's page inside its working group (signed-in). */
export function groupVersionPath(
  organizationId: string,
  profileId: string,
  versionId: string,
  sub = '',
): string {
  const base = `${groupPath(organizationId)}/profile/${enc(profileId)}/version/${enc(versionId)}`;
  return sub === '' ? base : `${base}/${sub}`;
}

/** The public page of a profile: its newest published version. */
export const publicProfilePath = (profileId: string) => `/profile/${enc(profileId)}`;

/** The public page of one version of a profile. */
export function publicVersionPath(profileId: string, versionId: string, sub = ''): string {
  const base = `${publicProfilePath(profileId)}/version/${enc(versionId)}`;
  return sub === '' ? base : `${base}/${sub}`;
}

/** Members of the owning group: they see drafts, edit, publish and delete. */
export const isMemberOf = (profile: Pick<Profile, 'membership'>) =>
  isMembership(profile.membership);

/** The newest version the viewer may see: the one that can be edited and published. */
export function latestVersionUuid(profile: Pick<Profile, 'versions'>): string | undefined {
  return [...profile.versions].sort((a, b) => b.version - a.version)[0]?.uuid;
}

export const isCurrentVersion = (profile: Profile, version: ProfileVersion) =>
  latestVersionUuid(profile) === version.uuid;

/** A UUID for a preview; works outside secure contexts too, where randomUUID is missing. */
export function newUuid(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
