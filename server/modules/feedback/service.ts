import { and, eq, sql } from 'drizzle-orm';
import {
  FEEDBACK_LIMITS,
  type Feedback,
  type FeedbackCounts,
  type FeedbackList,
  type LeaveFeedback,
} from '../../../common/feedback';
import type { Db } from '../../db/client';
import { feedback as feedbackTable, type FeedbackRow, type UserRow } from '../../db/schema';
import type { Limit, RateLimiter } from '../abuse/rate-limiter';
import { badRequest, forbidden, notFound, unauthorized } from '../errors';
import { recordEvent } from '../events/outbox';
import { findEntry } from '../item-store/listing';
import { notify } from '../notifications';
import { isGroupAdmin, isMember, isSiteAdmin } from '../organizations/policy';
import type { OrganizationService } from '../organizations/service';
import { publicName } from '../organizations/presenter';
import { loadProfileAccess, loadVersionAccess, type ProfileAccess } from '../profiles/access';
import { findVersion } from '../profiles/repo';
import {
  countFeedback,
  deleteFeedback,
  findFeedback,
  insertFeedback,
  listFeedback,
  memberIds,
  updateFeedback,
  EVERYTHING,
  type FeedbackReader,
  type FeedbackView,
} from './repo';

export interface FeedbackServiceDeps {
  db: Db;
  organizations: OrganizationService;
  limiter: RateLimiter;
}

const HOUR = 3_600_000;

/** How much feedback one person may leave: spam costs its sender, not the groups. */
export const feedbackLimits: Record<'perHour' | 'perDay', Limit> = {
  perHour: {
    name: 'feedback:user:hour',
    max: FEEDBACK_LIMITS.perHour,
    windowMs: HOUR,
    what: 'feedback messages',
  },
  perDay: {
    name: 'feedback:user:day',
    max: FEEDBACK_LIMITS.perDay,
    windowMs: 24 * HOUR,
    what: 'feedback messages',
  },
};

/** A site path of a version's page on the public site (where feedback shows). */
const versionPath = (profileId: string, versionId: string) =>
  `/profile/${profileId}/version/${versionId}`;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** What the caller may do with one piece of feedback. */
interface Standing {
  member: boolean;
  groupAdmin: boolean;
  siteAdmin: boolean;
}

function present(view: FeedbackView, standing: Standing): Feedback {
  const { row } = view;
  return {
    uuid: row.id,
    profileId: row.profileId,
    profileName: view.versionName,
    version: { uuid: row.versionId, version: view.versionNumber },
    item: view.item
      ? { uuid: view.item.id, kind: view.item.kind, name: view.item.name, iri: view.item.iri }
      : null,
    kind: row.kind,
    body: row.body,
    public: row.public,
    status: row.status,
    author: view.author ? publicName(view.author) : null,
    createdAt: row.createdAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    addressedIn: view.addressedIn
      ? { uuid: view.addressedIn.id, version: view.addressedIn.version }
      : null,
    closedReason: row.closedReason,
    hidden: row.hiddenAt !== null,
    permissions: {
      respond: standing.member,
      hide: standing.groupAdmin || standing.siteAdmin,
      remove: standing.siteAdmin,
    },
    // Drafts are the group's: only its members learn of them.
    addressableIn: standing.member
      ? view.laterVersions.map((v) => ({ uuid: v.id, version: v.version }))
      : [],
  };
}

/**
 * Feedback on published versions: any signed-in person leaves it (within their limits), the
 * owning group answers it, marks it addressed in a later version or closes it, a group admin
 * hides it and a site admin removes it. The group hears of new feedback by webhook (the
 * `feedbackReceived` event) and by mail, and the author hears of each response.
 */
export class FeedbackService {
  constructor(private readonly deps: FeedbackServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  private standing(access: ProfileAccess): Standing {
    return {
      member: access.member,
      groupAdmin: isGroupAdmin(access.actor),
      siteAdmin: isSiteAdmin(access.actor),
    };
  }

  /** Who may read what: the group and site admins everything, others the public and their own. */
  private readerOf(access: ProfileAccess): FeedbackReader {
    if (access.member || isSiteAdmin(access.actor)) return EVERYTHING;
    return access.actor.user?.id ?? null;
  }

  /** Leaves feedback on a published version or one of the items it lists. */
  async leave(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: LeaveFeedback,
  ): Promise<Feedback> {
    if (!user) throw unauthorized('Sign in to leave feedback.');
    const access = await loadVersionAccess(
      this.deps.organizations,
      this.db,
      user,
      profileId,
      versionId,
    );
    if (access.version.state !== 'published')
      throw badRequest('Feedback is for published versions; this one is a draft.');
    if (input.itemId && !(await findEntry(this.db, versionId, input.itemId)))
      throw notFound('No such item in this version.');
    await this.deps.limiter.hit(feedbackLimits.perHour, user.id);
    await this.deps.limiter.hit(feedbackLimits.perDay, user.id);
    const id = await this.db.transaction(async (tx) => {
      const row = await insertFeedback(tx, {
        profileId,
        versionId,
        itemId: input.itemId ?? null,
        authorId: user.id,
        kind: input.kind,
        body: input.body,
        public: input.public ?? true,
      });
      await recordEvent(tx, {
        type: 'feedbackReceived',
        payload: {
          profileId,
          versionId,
          feedbackId: row.id,
          kind: row.kind,
          itemId: row.itemId,
          public: row.public,
        },
      });
      const group = (await memberIds(tx, access.organization.id)).filter((m) => m !== user.id);
      await notify(tx, group, {
        kind: 'feedbackReceived',
        text: `New ${row.kind} on ${access.version.name} (version ${access.version.version}): ${clip(row.body, 120)}`,
        link: versionPath(profileId, versionId),
      });
      return row.id;
    });
    return this.one(user, id);
  }

  /** One piece of feedback as the caller sees it, or 404. */
  async one(user: UserRow | null, id: string): Promise<Feedback> {
    const { access, row } = await this.load(user, id);
    const [view] = await listFeedback(this.db, eq(feedbackTable.id, row.id), this.readerOf(access));
    if (!view) throw notFound('No such feedback.');
    return present(view, this.standing(access));
  }

  /** Feedback and the profile it is on, visible to the caller, or 404. */
  private async load(user: UserRow | null, id: string, db: Db = this.db, forUpdate = false) {
    const row = await findFeedback(db, id, forUpdate);
    if (!row) throw notFound('No such feedback.');
    const access = await loadProfileAccess(this.deps.organizations, db, user, row.profileId);
    const reader = this.readerOf(access);
    const visible =
      reader === EVERYTHING ||
      (row.public && row.hiddenAt === null) ||
      (reader !== null && row.authorId === reader);
    if (!visible) throw notFound('No such feedback.');
    return { access, row };
  }

  /** A response of the group: the change, then a word to the author. */
  private respond(
    user: UserRow | null,
    id: string,
    change: (row: FeedbackRow, access: ProfileAccess, tx: Db) => Promise<Partial<FeedbackRow>>,
    word: (row: FeedbackRow, access: ProfileAccess) => string,
  ): Promise<Feedback> {
    return this.db
      .transaction(async (tx) => {
        const { access, row } = await this.load(user, id, tx, true);
        if (!user) throw unauthorized('Sign in to do this.');
        if (!access.member)
          throw forbidden('Only members of the working group that owns this profile can respond.');
        const changes = await change(row, access, tx);
        await updateFeedback(tx, id, changes);
        if (row.authorId && row.authorId !== user.id)
          await notify(tx, [row.authorId], {
            kind: 'feedbackAnswered',
            text: word({ ...row, ...changes }, access),
            link: versionPath(row.profileId, row.versionId),
          });
      })
      .then(() => this.one(user, id));
  }

  answer(user: UserRow | null, id: string, answer: string): Promise<Feedback> {
    return this.respond(
      user,
      id,
      async (row) => ({
        answer,
        answeredBy: user?.id ?? null,
        answeredAt: new Date(),
        status: row.status === 'open' ? 'answered' : row.status,
      }),
      (_row, access) => `Your feedback on ${access.profile.iri} was answered: ${clip(answer, 120)}`,
    );
  }

  /** Marks it addressed in a later version of the same profile. */
  markAddressed(user: UserRow | null, id: string, versionId: string): Promise<Feedback> {
    return this.respond(
      user,
      id,
      async (row, _access, tx) => {
        const [on, later] = await Promise.all([
          findVersion(tx, row.versionId),
          findVersion(tx, versionId),
        ]);
        if (!later || later.profileId !== row.profileId || !on || later.version <= on.version)
          throw badRequest('Name a later version of this profile.');
        return { status: 'addressed', addressedInVersionId: later.id };
      },
      (_row, access) => `Your feedback on ${access.profile.iri} is addressed in a later version.`,
    );
  }

  close(user: UserRow | null, id: string, reason: string): Promise<Feedback> {
    return this.respond(
      user,
      id,
      async () => ({ status: 'closed', closedReason: reason }),
      (_row, access) => `Your feedback on ${access.profile.iri} was closed: ${clip(reason, 120)}`,
    );
  }

  /** A group admin (or a site admin) hides it from everyone but the group, or shows it again. */
  async hide(user: UserRow | null, id: string, hidden: boolean): Promise<Feedback> {
    const { access } = await this.load(user, id);
    if (!user) throw unauthorized('Sign in to do this.');
    if (!isGroupAdmin(access.actor) && !isSiteAdmin(access.actor))
      throw forbidden('Only admins of the working group can hide feedback.');
    await updateFeedback(this.db, id, {
      hiddenAt: hidden ? new Date() : null,
      hiddenBy: hidden ? user.id : null,
    });
    return this.one(user, id);
  }

  /** A site admin removes it for good. */
  async remove(user: UserRow | null, id: string): Promise<void> {
    const { access } = await this.load(user, id);
    if (!user) throw unauthorized('Sign in to do this.');
    if (!isSiteAdmin(access.actor)) throw forbidden('Only site admins can remove feedback.');
    await deleteFeedback(this.db, id);
  }

  /** The feedback of a version (or of one item in it) the caller may read, with counts. */
  async forVersion(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    query: { itemId?: string | undefined; status?: FeedbackRow['status'] | undefined },
  ): Promise<FeedbackList> {
    const access = await loadVersionAccess(
      this.deps.organizations,
      this.db,
      user,
      profileId,
      versionId,
    );
    const reader = this.readerOf(access);
    const where = and(
      eq(feedbackTable.versionId, access.version.id),
      query.itemId ? eq(feedbackTable.itemId, query.itemId) : undefined,
    );
    const rows = await listFeedback(
      this.db,
      and(where, query.status ? eq(feedbackTable.status, query.status) : undefined),
      reader,
    );
    const standing = this.standing(access);
    return {
      success: true,
      feedback: rows.map((r) => present(r, standing)),
      counts: await countFeedback(this.db, where!, reader),
      canLeave: user !== null && access.version.state === 'published',
    };
  }

  /** A published version's public feedback, for the API: nothing private, hidden or draft. */
  async published(
    profileId: string,
    versionId: string,
  ): Promise<Array<Omit<Feedback, 'permissions' | 'addressableIn'>>> {
    const version = await findVersion(this.db, versionId);
    if (!version || version.profileId !== profileId || version.state !== 'published')
      throw notFound('No published version with this id.');
    const rows = await listFeedback(this.db, eq(feedbackTable.versionId, versionId), null);
    const none = { member: false, groupAdmin: false, siteAdmin: false };
    return rows.map((r) => {
      const { permissions: _p, addressableIn: _a, ...rest } = present(r, none);
      return rest;
    });
  }

  /** The feedback on all of a group's profiles, for its members' "Feedback" tab. */
  async forGroup(
    user: UserRow | null,
    organizationId: string,
    status: FeedbackRow['status'] | undefined,
  ): Promise<FeedbackList & { counts: FeedbackCounts }> {
    const { actor } = await this.deps.organizations.load(user, organizationId);
    if (!user) throw unauthorized('Sign in to do this.');
    if (!isMember(actor)) throw forbidden('Only members of this working group can do this.');
    const where = inGroup(organizationId);
    const rows = await listFeedback(
      this.db,
      and(where, status ? eq(feedbackTable.status, status) : undefined),
      EVERYTHING,
    );
    const standing = {
      member: true,
      groupAdmin: isGroupAdmin(actor),
      siteAdmin: isSiteAdmin(actor),
    };
    return {
      success: true,
      feedback: rows.map((r) => present(r, standing)),
      counts: await countFeedback(this.db, where, EVERYTHING),
      canLeave: false,
    };
  }
}

/** Feedback on any profile of a group. */
const inGroup = (organizationId: string) =>
  sql`${feedbackTable.profileId} in (select id from profiles where organization_id = ${organizationId})`;
