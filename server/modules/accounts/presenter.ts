import type { SessionUser } from '../../../common/user';
import type { UserRow } from '../../db/schema';

export function fullName(user: Pick<UserRow, 'firstname' | 'lastname'>): string {
  return `${user.firstname} ${user.lastname}`.trim();
}

/** The signed-in user's own view of their account: never the salt, hash or internal dates. */
export function presentSessionUser(user: UserRow): SessionUser {
  return {
    uuid: user.id,
    username: user.username,
    usernameChosen: user.usernameChosen,
    firstname: user.firstname,
    lastname: user.lastname,
    fullname: fullName(user),
    email: user.email,
    publicizeName: user.publicizeName,
    type: user.type,
  };
}
