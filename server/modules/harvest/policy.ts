import { notFound } from '../errors';
import type { VersionAccess } from '../profiles/access';
import { currentVersionId } from '../profiles/drafts';

/**
 * Who may see and change a profile's Import Queue: members of the owning group, on the current
 * version (the draft when there is one, else the latest published). To anyone else, and on any
 * other version, the queue does not exist.
 */
export function requireQueueAccess(access: VersionAccess): void {
  if (!access.member) throw notFound('No such version of this profile.');
  if (access.version.id !== currentVersionId(access.profile))
    throw notFound('The Import Queue is kept on the current version of the profile only.');
}
