import { afterEach, beforeEach, vi } from 'vitest';
import type { ConceptRow } from '../../common/concepts';
import type { Profile, ProfileVersion } from '../../common/profiles';
import { feedback } from '../lib/feedback-store';
import type { Handler } from './stubs/organization';
import {
  ada,
  GROUP_ID,
  ok,
  profile,
  PROFILE_ID,
  signedIn,
  stubServer,
  V1,
  version,
  versionApi,
  view,
} from './stubs/profile';

/** The session, the fake server, the profile and its versions come from the profile tests. */
export * from './stubs/profile';
export { lockHandlers, lockedBy } from './locks';

/** Every item screen test starts without feedback, and ends with the real fetch. */
export function resetBetweenScreenTests() {
  beforeEach(() => feedback.reset());
  afterEach(() => vi.unstubAllGlobals());
}

type Session = Parameters<typeof stubServer>[1];

/**
 * The fake server on a version of the test profile, which every screen of it asks for first; for
 * a signed-in member unless told otherwise.
 */
export const serveVersion = (
  shown: { profile: Profile; version: ProfileVersion },
  handlers: Record<string, Handler>,
  session: Session = signedIn(ada),
) =>
  stubServer(
    {
      [`GET ${versionApi(shown.version.uuid)}`]: ok(view(shown.profile, shown.version)),
      ...handlers,
    },
    session,
  );

/** The fake server on the draft version 1 (or the draft given), for a signed-in member. */
export const serveDraft = (handlers: Record<string, Handler>, draft: ProfileVersion = version()) =>
  serveVersion({ profile: profile(), version: draft }, handlers);

type Parent = NonNullable<ConceptRow['parentProfile']>;

/** The test profile as an item's parent. */
export const ownParent: Parent = {
  uuid: PROFILE_ID,
  name: 'Video Profile',
  state: 'draft',
  organization: { uuid: GROUP_ID, name: 'Video Working Group' },
};

/** A published profile of another group, whose items this one links. */
export const otherParent: Parent = {
  uuid: '77777777-7777-4777-8777-777777777777',
  name: 'Quiz Profile',
  state: 'published',
  organization: { uuid: '88888888-8888-4888-8888-888888888888', name: 'Quiz Working Group' },
};
export const OTHER_PROFILE_ID = otherParent.uuid;
export const OTHER_GROUP_ID = otherParent.organization.uuid;

/** One page of a list under `key` ('concepts', 'templates' or 'patterns'). */
export const itemList = <Key extends string, Row>(
  key: Key,
  rows: Row[],
  page: { page?: number; limit?: number; total?: number } = {},
) =>
  ({
    success: true as const,
    [key]: rows,
    page: page.page ?? 1,
    limit: page.limit ?? 10,
    total: page.total ?? rows.length,
  }) as { success: true; page: number; limit: number; total: number } & Record<Key, Row[]>;

/** A change's answer: the item (`noun` 'concept', 'template' or 'pattern') and its version. */
export const itemChange = <Noun extends string>(noun: Noun, versionId: string, itemId: string) =>
  ({ success: true as const, [noun]: { uuid: itemId }, versionId }) as {
    success: true;
    versionId: string;
  } & Record<Noun, { uuid: string }>;

/** `/app/profile/{p}/version/{v}/{plural}{rest}` of the test profile. */
export const itemsApi = (plural: string, versionId: string = V1, rest = '') =>
  `/app/profile/${PROFILE_ID}/version/${versionId}/${plural}${rest}`;
