import type {
  Member,
  Membership,
  MemberLevel,
  Organization,
  OrganizationSummary,
} from '../../../common/organizations';
import type { OrganizationRow, UserRow } from '../../db/schema';
import { fullName } from '../accounts/presenter';
import type { MemberRow } from './repo';

/** What others see of a person: the name if its owner made it public, else the username. */
export function publicName(
  user: Pick<UserRow, 'firstname' | 'lastname' | 'username' | 'publicizeName'>,
): string {
  if (user.publicizeName || !user.username) return fullName(user);
  return user.username;
}

/**
 * A search hit: found by username, public name or the exact address. A private name never shows,
 * even for an account without a username, so typing someone's address reveals no more than that
 * an account exists to add.
 */
export function presentSearchedUser(
  user: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'username' | 'publicizeName'>,
): { _id: string; username: string | null; fullname: string } {
  return {
    _id: user.id,
    username: user.username,
    fullname: user.publicizeName
      ? fullName(user)
      : (user.username ?? 'A person without a username'),
  };
}

export function membershipOf(level: MemberLevel | null | undefined): Membership {
  if (level === undefined) return null;
  return level ?? 'pending';
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function presentSummary(
  organization: OrganizationRow,
  counts: { members: number; profiles: number },
  level: MemberLevel | null | undefined,
): OrganizationSummary {
  return {
    uuid: organization.id,
    name: organization.name,
    profiles: counts.profiles,
    members: counts.members,
    createdOn: isoOrNull(organization.createdAt),
    membership: membershipOf(level),
  };
}

export function presentOrganization(
  organization: OrganizationRow,
  extra: {
    createdBy: UserRow | null;
    memberCount: number;
    profileCount: number;
    apiKeyCount: number | null;
    level: MemberLevel | null | undefined;
  },
): Organization {
  return {
    uuid: organization.id,
    name: organization.name,
    description: organization.description,
    collaborationLink: organization.collaborationLink,
    createdOn: isoOrNull(organization.createdAt),
    createdBy: extra.createdBy ? publicName(extra.createdBy) : null,
    profileCount: extra.profileCount,
    memberCount: extra.memberCount,
    apiKeyCount: extra.apiKeyCount,
    membership: membershipOf(extra.level),
  };
}

export function presentMember(row: MemberRow, showEmail: boolean): Member {
  return {
    user: {
      uuid: row.user.id,
      username: row.user.username,
      fullname: showEmail ? fullName(row.user) : publicName(row.user),
      email: showEmail ? row.user.email : null,
    },
    level: row.level,
    since: row.since.toISOString(),
  };
}
