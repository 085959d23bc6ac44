import type { ApiKeyRow, OrganizationRow, ProfileRow, ProfileVersionRow } from '../../db/schema';
import { AppError, forbidden, notFound, unauthorized } from '../errors';
import { ErrorCode } from '../../../common/errors';

/** Who calls the public API: a valid, enabled key, or nobody. */
export interface ApiCaller {
  key: ApiKeyRow | null;
}

export const NO_KEY_MESSAGE =
  'This call needs an API key of the working group in the x-api-key header.';
export const BAD_KEY_MESSAGE = 'The API key is unknown or disabled.';

/** A key the caller sent that does not open anything: unknown or switched off. */
export const badKey = () => unauthorized(BAD_KEY_MESSAGE);

export function requireKey(caller: ApiCaller, permission: 'read' | 'write'): ApiKeyRow {
  const { key } = caller;
  if (!key) throw unauthorized(NO_KEY_MESSAGE);
  const allowed = permission === 'read' ? key.readPermission : key.writePermission;
  if (!allowed) throw forbidden(`This API key does not have ${permission} permission.`);
  return key;
}

export const ownsProfile = (caller: ApiCaller, profile: ProfileRow) =>
  caller.key !== null && caller.key.organizationId === profile.organizationId;

/** The target of a call, as resolved from a profile or version uuid. */
export interface Target {
  profile: ProfileRow;
  organization: OrganizationRow;
  version: ProfileVersionRow;
}

/**
 * Reading: published versions are public; a draft exists only for a read key of its group —
 * to everyone else it is not found, to a key of its group without read permission forbidden.
 */
export function authorizeRead(caller: ApiCaller, target: Target): void {
  if (target.version.state === 'published') return;
  if (!ownsProfile(caller, target.profile)) throw notFound('Profile not found.');
  requireKey(caller, 'read');
}

/**
 * Changing: a write key of the owning group. Another group's key learns nothing about drafts
 * (404) and is refused on published profiles (403).
 */
export function authorizeWrite(caller: ApiCaller, target: Target): ApiKeyRow {
  const key = requireKey(caller, 'write');
  if (!ownsProfile(caller, target.profile)) {
    if (target.version.state === 'draft') throw notFound('Profile not found.');
    throw forbidden('This profile belongs to another working group.');
  }
  return key;
}

export const notAllowed = (message: string) =>
  new AppError(405, ErrorCode.MethodNotAllowed, message);
export const preconditionRequired = () =>
  new AppError(
    428,
    ErrorCode.PreconditionRequired,
    'This request requires an If-Match or If-Unmodified-Since header: send the ETag or the Last-Modified value of your last GET or POST of this profile.',
  );
export const preconditionFailed = (lastModified: string) =>
  new AppError(
    412,
    ErrorCode.PreconditionFailed,
    `The profile was modified since the given date (it was last modified ${lastModified}); GET it again and retry.`,
  );
