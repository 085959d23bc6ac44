import type { Profile, ProfileVersion } from '../../common/profiles';
import { isMembership } from './format';

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

/**
 * "Version 4 (v1.0.3)": the server counts versions, people name them by their IRI's last segment
 * (or fragment). The segment is left out where it only repeats the count ("v4").
 */
export function versionName(v: { version: number; iri: string }): string {
  const segment = v.iri.split(/[/#]/).filter(Boolean).pop() ?? '';
  const shown = segment && segment !== `v${v.version}` && segment !== String(v.version);
  return shown ? `Version ${v.version} (${decodeURIComponent(segment)})` : `Version ${v.version}`;
}
