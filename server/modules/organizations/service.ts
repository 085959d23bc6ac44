import { ErrorCode } from '../../../common/errors';
import {
  LAST_ADMIN_MESSAGE,
  USER_SEARCH_LIMIT,
  type MemberLevel,
  type MemberList,
  type Organization,
  type OrganizationList,
} from '../../../common/organizations';
import type { Db } from '../../db/client';
import type { OrganizationRow, UserRow } from '../../db/schema';
import { findUserById } from '../accounts/user-repo';
import { AppError, badRequest, notFound } from '../errors';
import { announceChange } from '../events/changes';
import { limits, RateLimiter } from '../abuse/rate-limiter';
import { publicName } from './presenter';
import { groupPolicy, isGroupAdmin, isSiteAdmin, type GroupActor } from './policy';
import {
  approveRequest,
  countApiKeys,
  countMembers,
  deleteMembership,
  deleteOrganization,
  findLevel,
  findOrganization,
  insertOrganization,
  listGroupsOf,
  listMemberRows,
  listOrganizations,
  lockAdmins,
  searchUsersOutside,
  setLevel,
  updateOrganization,
  upsertMembership,
  type Sort,
} from './repo';
import {
  membershipOf,
  presentMember,
  presentOrganization,
  presentSearchedUser,
  presentSummary,
} from './presenter';

export interface OrganizationInput {
  name: string;
  description: string;
  collaborationLink: string;
}

/** Counts profiles per group; the profiles module answers it once profiles exist. */
export type ProfileCounter = (
  organizationIds: string[],
  includeDrafts: (id: string) => boolean,
) => Promise<Map<string, number>>;

const noProfiles: ProfileCounter = async () => new Map();

/** Working groups and their membership: every command checks the group policy first. */
export class OrganizationService {
  constructor(
    private readonly db: Db,
    private readonly countProfiles: ProfileCounter = noProfiles,
    /** Bounds the member search per user: every signed-in user can run it on a group of their own. */
    private readonly limiter: RateLimiter = new RateLimiter(db),
  ) {}

  /** The group (404 when hidden) and the actor's place in it. */
  /** `db` lets a caller inside a transaction read through it (PGlite has one connection). */
  async load(
    user: UserRow | null,
    organizationId: string,
    db: Db = this.db,
  ): Promise<{ organization: OrganizationRow; actor: GroupActor }> {
    const organization = await findOrganization(db, organizationId);
    const level = user && organization ? await findLevel(db, organization.id, user.id) : undefined;
    return this.loaded(user, organization, level);
  }

  /** `load` for a group and membership row already read (with a profile, in one statement). */
  loaded(
    user: UserRow | null,
    organization: OrganizationRow | null,
    level: MemberLevel | null | undefined,
  ): { organization: OrganizationRow; actor: GroupActor } {
    return {
      organization: groupPolicy.visible(organization),
      actor: { user, level: user ? level : undefined },
    };
  }

  async list(
    user: UserRow | null,
    query: { search?: string | undefined; sort: Sort; page: number; limit: number; mine: boolean },
  ): Promise<OrganizationList> {
    const { rows, total } = await listOrganizations(this.db, {
      ...query,
      search: query.search === '' ? undefined : query.search,
      viewerId: user?.id ?? null,
      mineOnly: query.mine,
    });
    const levels = new Map(rows.map((r) => [r.organization.id, r.viewerLevel]));
    const profiles = await this.countProfiles(
      rows.map((r) => r.organization.id),
      (id) => levels.get(id) === 'member' || levels.get(id) === 'admin',
    );
    return {
      success: true,
      organizations: rows.map((r) =>
        presentSummary(
          r.organization,
          { members: r.members, profiles: profiles.get(r.organization.id) ?? 0 },
          r.viewerLevel,
        ),
      ),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  async get(user: UserRow | null, organizationId: string): Promise<Organization> {
    const { organization, actor } = await this.load(user, organizationId);
    return this.present(organization, actor);
  }

  private async present(organization: OrganizationRow, actor: GroupActor): Promise<Organization> {
    const member = actor.level === 'member' || actor.level === 'admin';
    const [createdBy, memberCount, profiles, apiKeyCount] = await Promise.all([
      organization.createdBy ? findUserById(this.db, organization.createdBy) : null,
      countMembers(this.db, organization.id),
      this.countProfiles([organization.id], () => member),
      isGroupAdmin(actor) ? countApiKeys(this.db, organization.id) : null,
    ]);
    return presentOrganization(organization, {
      createdBy,
      memberCount,
      profileCount: profiles.get(organization.id) ?? 0,
      apiKeyCount,
      level: actor.level,
    });
  }

  /** Creates a group with its creator as the first admin, in one transaction. */
  async create(user: UserRow | null, input: OrganizationInput): Promise<Organization> {
    const creator = groupPolicy.signedIn({ user });
    const organization = await this.db.transaction(async (tx) => {
      const created = await insertOrganization(tx, { ...input, createdBy: creator.id });
      await upsertMembership(tx, created.id, creator.id, 'admin');
      return created;
    });
    return this.present(organization, { user: creator, level: 'admin' });
  }

  async update(
    user: UserRow | null,
    organizationId: string,
    input: OrganizationInput,
  ): Promise<Organization> {
    const { organization, actor } = await this.load(user, organizationId);
    groupPolicy.member(actor);
    const updated = await this.db.transaction(async (tx) => {
      const changed = await updateOrganization(tx, organization.id, input);
      // The group's name and link show in the cached lists of published profiles.
      await announceChange(tx, { organizationId: organization.id });
      return changed;
    });
    return this.present(updated, actor);
  }

  async delete(user: UserRow | null, organizationId: string): Promise<void> {
    const { organization, actor } = await this.load(user, organizationId);
    groupPolicy.delete(actor);
    const profiles = await this.countProfiles([organization.id], () => true);
    if ((profiles.get(organization.id) ?? 0) > 0) {
      throw badRequest('Delete or move the profiles of this working group before deleting it.');
    }
    await this.db.transaction(async (tx) => {
      await deleteOrganization(tx, organization.id);
      // Its API keys go with it, on every node.
      await announceChange(tx, { organizationId: organization.id });
    });
  }

  async members(user: UserRow | null, organizationId: string): Promise<MemberList> {
    const { organization, actor } = await this.load(user, organizationId);
    if (!isSiteAdmin(actor)) groupPolicy.member(actor);
    const manager = isGroupAdmin(actor) || isSiteAdmin(actor);
    const rows = await listMemberRows(this.db, organization.id);
    return {
      success: true,
      members: rows.filter((r) => r.level !== null).map((r) => presentMember(r, manager)),
      requests: manager
        ? rows.filter((r) => r.level === null).map((r) => presentMember(r, true))
        : [],
    };
  }

  async requestToJoin(user: UserRow | null, organizationId: string): Promise<Organization> {
    const { organization, actor } = await this.load(user, organizationId);
    const requester = groupPolicy.requestToJoin(actor);
    await upsertMembership(this.db, organization.id, requester.id, null);
    return this.present(organization, { user: requester, level: null });
  }

  async cancelRequest(user: UserRow | null, organizationId: string): Promise<Organization> {
    const { organization, actor } = await this.load(user, organizationId);
    const requester = groupPolicy.signedIn(actor);
    if (!(await deleteMembership(this.db, organization.id, requester.id, true))) {
      throw badRequest('You have no pending request to join this working group.');
    }
    return this.present(organization, { user: requester, level: undefined });
  }

  async addMember(
    user: UserRow | null,
    organizationId: string,
    userId: string,
    level: MemberLevel,
  ): Promise<MemberList> {
    const { organization, actor } = await this.load(user, organizationId);
    groupPolicy.manageMembers(actor);
    const target = await findUserById(this.db, userId);
    if (!target) throw notFound('No such user.');
    const existing = await findLevel(this.db, organization.id, target.id);
    if (existing) throw badRequest(`${publicName(target)} is already a member.`);
    await upsertMembership(this.db, organization.id, target.id, level);
    return this.members(user, organizationId);
  }

  async approve(
    user: UserRow | null,
    organizationId: string,
    userId: string,
    level: MemberLevel,
  ): Promise<MemberList> {
    const { organization, actor } = await this.load(user, organizationId);
    groupPolicy.manageMembers(actor);
    if (!(await approveRequest(this.db, organization.id, userId, level))) {
      throw notFound('There is no pending request from that user.');
    }
    return this.members(user, organizationId);
  }

  async deny(user: UserRow | null, organizationId: string, userId: string): Promise<MemberList> {
    const { organization, actor } = await this.load(user, organizationId);
    groupPolicy.manageMembers(actor);
    if (!(await deleteMembership(this.db, organization.id, userId, true))) {
      throw notFound('There is no pending request from that user.');
    }
    return this.members(user, organizationId);
  }

  /**
   * Changes a member's level. Demoting the last admin is refused; the admin rows are locked for
   * the check, so two concurrent demotions cannot both pass it.
   */
  async setMemberLevel(
    user: UserRow | null,
    organizationId: string,
    userId: string,
    level: MemberLevel,
  ): Promise<MemberList> {
    const { organization, actor } = await this.load(user, organizationId);
    groupPolicy.manageMembers(actor);
    await this.db.transaction(async (tx) => {
      const admins = await lockAdmins(tx, organization.id);
      if (level !== 'admin' && admins.length === 1 && admins[0] === userId) {
        throw new AppError(400, ErrorCode.LastAdmin, LAST_ADMIN_MESSAGE);
      }
      if (!(await setLevel(tx, organization.id, userId, level)))
        throw notFound('That user is not a member.');
    });
    return this.members(user, organizationId);
  }

  /** Removes a member; a member may remove themself (leave). The last admin may not go. */
  async removeMember(user: UserRow | null, organizationId: string, userId: string): Promise<void> {
    const { organization, actor } = await this.load(user, organizationId);
    const self = groupPolicy.signedIn(actor).id === userId;
    if (self) groupPolicy.member(actor);
    else groupPolicy.manageMembers(actor);
    await this.db.transaction(async (tx) => {
      const admins = await lockAdmins(tx, organization.id);
      if (admins.length === 1 && admins[0] === userId) {
        throw new AppError(400, ErrorCode.LastAdmin, LAST_ADMIN_MESSAGE);
      }
      if (!(await deleteMembership(tx, organization.id, userId)))
        throw notFound('That user is not a member.');
    });
  }

  async searchUsersToAdd(user: UserRow | null, organizationId: string, text: string) {
    const { organization, actor } = await this.load(user, organizationId);
    const searcher = groupPolicy.manageMembers(actor);
    await this.limiter.hit(limits.userSearchPerUser, searcher.id);
    const found = await searchUsersOutside(this.db, organization.id, text, USER_SEARCH_LIMIT);
    return found.map(presentSearchedUser);
  }

  async groupsOf(user: UserRow | null) {
    const me = groupPolicy.signedIn({ user });
    const rows = await listGroupsOf(this.db, me.id);
    return rows.map((r) => ({
      uuid: r.organization.id,
      name: r.organization.name,
      membership: membershipOf(r.level),
    }));
  }
}
