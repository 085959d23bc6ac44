import type { MemberLevel } from '../../../common/organizations';
import type { OrganizationRow, UserRow } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../errors';

/** Who is asking, as far as a working group is concerned. */
export interface GroupActor {
  user: UserRow | null;
  /** The actor's row in this group: a level, null for a pending request, undefined for none. */
  level: MemberLevel | null | undefined;
}

export const isSiteAdmin = (actor: { user: UserRow | null }) => actor.user?.type === 'admin';
export const isMember = (actor: GroupActor) => actor.level === 'member' || actor.level === 'admin';
export const isGroupAdmin = (actor: GroupActor) => actor.level === 'admin';

/**
 * The rules of who may do what with a working group, in one place. Each function either returns
 * or throws the refusal the caller should see; a group nobody may see answers 404.
 */
export const groupPolicy = {
  visible(organization: OrganizationRow | null): OrganizationRow {
    if (!organization || organization.orphanContainer) throw notFound('No such working group.');
    return organization;
  },

  signedIn(actor: { user: UserRow | null }): UserRow {
    if (!actor.user) throw unauthorized('Sign in to do this.');
    return actor.user;
  },

  /** Editing details, reading the members list: any member. */
  member(actor: GroupActor): UserRow {
    const user = groupPolicy.signedIn(actor);
    if (!isMember(actor)) throw forbidden('Only members of this working group can do this.');
    return user;
  },

  /** Managing members and requests: the group's admins, and site admins. */
  manageMembers(actor: GroupActor): UserRow {
    const user = groupPolicy.signedIn(actor);
    if (!isGroupAdmin(actor) && !isSiteAdmin(actor)) {
      throw forbidden('Only admins of this working group can manage its members.');
    }
    return user;
  },

  /** API keys: the group's admins only. */
  manageKeys(actor: GroupActor): UserRow {
    const user = groupPolicy.signedIn(actor);
    if (!isGroupAdmin(actor))
      throw forbidden('Only admins of this working group can manage its API keys.');
    return user;
  },

  /** Deleting the group: its admins. */
  delete(actor: GroupActor): UserRow {
    const user = groupPolicy.signedIn(actor);
    if (!isGroupAdmin(actor)) throw forbidden('Only admins of this working group can delete it.');
    return user;
  },

  requestToJoin(actor: GroupActor): UserRow {
    const user = groupPolicy.signedIn(actor);
    if (actor.level !== undefined) {
      throw forbidden(
        actor.level === null ? 'You have already asked to join.' : 'You are already a member.',
      );
    }
    return user;
  },
};
