import { asc, count, ilike, or, sql } from 'drizzle-orm';
import type {
  AdminUserDetail,
  AdminUserList,
  AdminUserRow,
  AdminUserUpdate,
} from '../../../common/admin';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { normalizeEmail } from '../accounts/email';
import { isUniqueViolation } from '../../db/errors';
import { findUserByEmail, findUserById, updateUser } from '../accounts/user-repo';
import { badRequest, forbidden, notFound, unauthorized } from '../errors';
import { listGroupsOf } from '../organizations/repo';
import { membershipOf } from '../organizations/presenter';
import { containsPattern } from '../search';

export function requireSiteAdmin(user: UserRow | null): UserRow {
  if (!user) throw unauthorized('Sign in to do this.');
  if (user.type !== 'admin') throw forbidden('You must be an admin to access this page.');
  return user;
}

function presentRow(user: UserRow): AdminUserRow {
  return {
    uuid: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    type: user.type,
    validated: user.validatedAt !== null,
    createdOn: user.createdAt.toISOString(),
  };
}

/** Site admins' view of every account. */
export class UserAdminService {
  constructor(private readonly db: Db) {}

  async list(
    actor: UserRow | null,
    query: { search?: string | undefined; limit: number },
  ): Promise<AdminUserList> {
    requireSiteAdmin(actor);
    const pattern = query.search ? containsPattern(query.search) : null;
    const where = pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.username, pattern),
          ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
        )
      : undefined;
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(
        asc(sql`lower(${users.lastname})`),
        asc(sql`lower(${users.firstname})`),
        asc(users.id),
      )
      .limit(query.limit);
    return { success: true, users: rows.map(presentRow), total: total?.n ?? 0 };
  }

  async detail(actor: UserRow | null, userId: string): Promise<AdminUserDetail> {
    requireSiteAdmin(actor);
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('No such user.');
    const groups = await listGroupsOf(this.db, user.id);
    return {
      success: true,
      user: { ...presentRow(user), publicizeName: user.publicizeName },
      organizations: groups.map((g) => ({
        uuid: g.organization.id,
        name: g.organization.name,
        membership: membershipOf(g.level),
      })),
    };
  }

  /** Edits another account; an admin cannot change their own admin flag. */
  async update(
    actor: UserRow | null,
    userId: string,
    input: AdminUserUpdate,
  ): Promise<AdminUserDetail> {
    const admin = requireSiteAdmin(actor);
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('No such user.');
    if (admin.id === user.id && input.type !== user.type) {
      throw badRequest('You cannot change your own admin permissions.');
    }
    const email = normalizeEmail(input.email);
    if (email !== user.email && (await findUserByEmail(this.db, email))) {
      throw badRequest('That e-mail address belongs to another account.');
    }
    try {
      await updateUser(this.db, user.id, {
        firstname: input.firstname,
        lastname: input.lastname,
        email,
        publicizeName: input.publicizeName,
        type: input.type,
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw badRequest('That e-mail address belongs to another account.');
      throw error;
    }
    return this.detail(admin, user.id);
  }
}
