import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  mentionsIn,
  type FieldPath,
  type MessageInput,
  type MyReviews,
  type ReviewDecisionInput,
  type ReviewRequestInput,
  type ReviewRule,
  type ReviewState,
  type ReviewThread,
  type StartThread,
} from '../../../common/reviews';
import { queryRows, type Db } from '../../db/client';
import {
  memberships,
  organizations,
  profileVersions,
  profiles,
  reviewDecisions,
  reviewMessages,
  reviewOverrides,
  reviewRequests,
  reviewRules,
  reviewThreads,
  users,
  type OrganizationRow,
  type ProfileRow,
  type ProfileVersionRow,
  type UserRow,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors';
import { recordEvent } from '../events/outbox';
import { notify } from '../notifications';
import { groupPolicy, isGroupAdmin, isMember } from '../organizations/policy';
import { findLevel } from '../organizations/repo';
import { isAskedToReview } from './repo';
import { checkRule, ruleOf, versionFingerprint } from './rule';

/** Who may do what with a version's review, as this person. */
export interface ReviewAccess {
  user: UserRow;
  profile: ProfileRow;
  version: ProfileVersionRow;
  organization: OrganizationRow;
  /** `reviewer`: not a member, invited to review this draft only. */
  role: 'admin' | 'member' | 'reviewer';
}

const personName = (u: { username: string | null; firstname: string; lastname: string }) =>
  u.username ?? `${u.firstname} ${u.lastname}`.trim();

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Review of drafts: discussion threads on a version, its items and their fields; review
 * requests; Approve and Request changes; the group's rule. Everything here is for the owning
 * group's members and the invited reviewers of one draft: anyone else is told it is not found.
 */
export class ReviewService {
  constructor(private readonly db: Db) {}

  // ---- access ---------------------------------------------------------------------------

  /**
   * Loads a version for its review. Members of the owning group see any version's review; a
   * person asked to review a draft, and not a member, sees that draft's review while it is the
   * draft. Everyone else: 404, whatever the ids, so ids of other groups say nothing.
   */
  async access(
    db: Db,
    user: UserRow | null,
    profileId: string,
    versionId: string,
  ): Promise<ReviewAccess> {
    if (!user) throw unauthorized('Sign in to take part in reviews.');
    const [found] = await db
      .select({ profile: profiles, version: profileVersions, organization: organizations })
      .from(profileVersions)
      .innerJoin(profiles, eq(profiles.id, profileVersions.profileId))
      .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
      .where(and(eq(profileVersions.id, versionId), eq(profiles.id, profileId)));
    if (!found || found.organization.orphanContainer) throw notFound('No such version.');
    const level = await findLevel(db, found.organization.id, user.id);
    const actor = { user, level };
    if (isMember(actor)) return { ...found, user, role: isGroupAdmin(actor) ? 'admin' : 'member' };
    if (
      found.version.state === 'draft' &&
      found.profile.currentDraftVersionId === versionId &&
      (await isAskedToReview(db, versionId, user.id))
    )
      return { ...found, user, role: 'reviewer' };
    throw notFound('No such version.');
  }

  /**
   * A change to the review of the current draft, in one transaction: loads the version for this
   * person (404 to anyone it is not for), refuses a version that is no longer the draft, then
   * runs the change with what was loaded.
   */
  private onDraft<T>(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    change: (tx: Db, access: ReviewAccess) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(tx, user, profileId, versionId);
      this.requireDraft(access);
      return change(tx, access);
    });
  }

  private requireDraft(access: ReviewAccess): void {
    if (
      access.version.state !== 'draft' ||
      access.profile.currentDraftVersionId !== access.version.id
    )
      throw conflict('Only the current draft is open for review; a published version is settled.');
  }

  // ---- threads --------------------------------------------------------------------------

  async threads(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    itemId?: string,
  ): Promise<ReviewThread[]> {
    const access = await this.access(this.db, user, profileId, versionId);
    return this.threadViews(this.db, access, itemId ? { itemId } : {});
  }

  async startThread(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: StartThread,
  ): Promise<ReviewThread> {
    return this.onDraft(user, profileId, versionId, async (tx, access) => {
      let anchor: { revisionId: string; hash: string; itemName: string } | null = null;
      if (input.itemId) {
        anchor = await this.anchorOf(tx, versionId, input.itemId, input.field ?? null);
        if (!anchor) throw notFound('No such item in this version.');
      }
      const [thread] = await tx
        .insert(reviewThreads)
        .values({
          profileId,
          versionId,
          itemId: input.itemId ?? null,
          field: input.field ? JSON.stringify(input.field) : null,
          anchorRevisionId: anchor?.revisionId ?? null,
          anchorHash: anchor?.hash ?? null,
          createdBy: access.user.id,
        })
        .returning();
      if (!thread) throw new Error('The thread was not stored.');
      await tx
        .insert(reviewMessages)
        .values({ threadId: thread.id, authorId: access.user.id, body: input.body });
      await this.notifyMentions(tx, access, input.body, thread.id, []);
      return this.threadView(tx, access, thread.id);
    });
  }

  async reply(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    threadId: string,
    input: MessageInput,
  ): Promise<ReviewThread> {
    return this.onDraft(user, profileId, versionId, async (tx, access) => {
      await this.findThread(tx, access, threadId);
      const participants = await tx
        .selectDistinct({ id: reviewMessages.authorId })
        .from(reviewMessages)
        .where(and(eq(reviewMessages.threadId, threadId), isNull(reviewMessages.deletedAt)));
      await tx
        .insert(reviewMessages)
        .values({ threadId, authorId: access.user.id, body: input.body });
      const mentioned = await this.notifyMentions(tx, access, input.body, threadId, []);
      const others = participants
        .map((p) => p.id)
        .filter((id): id is string => id !== null && id !== access.user.id)
        .filter((id) => !mentioned.includes(id));
      await notify(tx, await this.stillAllowed(tx, access, others), {
        kind: 'replied',
        text: `${personName(access.user)} replied in a discussion on ${access.version.name} (version ${access.version.version})`,
        link: this.linkOf(access),
      });
      return this.threadView(tx, access, threadId);
    });
  }

  async editMessage(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    threadId: string,
    messageId: string,
    input: MessageInput,
  ): Promise<ReviewThread> {
    return this.onDraft(user, profileId, versionId, async (tx, access) => {
      const message = await this.ownMessage(tx, access, threadId, messageId);
      await tx
        .update(reviewMessages)
        .set({ body: input.body, editedAt: sql`now()` })
        .where(eq(reviewMessages.id, message.id));
      return this.threadView(tx, access, threadId);
    });
  }

  async deleteMessage(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    threadId: string,
    messageId: string,
  ): Promise<ReviewThread> {
    return this.onDraft(user, profileId, versionId, async (tx, access) => {
      const message = await this.ownMessage(tx, access, threadId, messageId);
      // The text goes; the place stays, so the replies after it still read in order.
      await tx
        .update(reviewMessages)
        .set({ body: '', deletedAt: sql`now()` })
        .where(eq(reviewMessages.id, message.id));
      return this.threadView(tx, access, threadId);
    });
  }

  async setResolved(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    threadId: string,
    resolved: boolean,
  ): Promise<ReviewThread> {
    return this.onDraft(user, profileId, versionId, async (tx, access) => {
      const thread = await this.findThread(tx, access, threadId, true);
      if ((thread.resolvedAt !== null) === resolved) return this.threadView(tx, access, threadId);
      await tx
        .update(reviewThreads)
        .set(
          resolved
            ? { resolvedAt: sql`now()`, resolvedBy: access.user.id }
            : { resolvedAt: null, resolvedBy: null },
        )
        .where(eq(reviewThreads.id, threadId));
      if (resolved)
        await recordEvent(tx, {
          type: 'reviewThreadResolved',
          payload: { profileId, versionId },
        });
      return this.threadView(tx, access, threadId);
    });
  }

  private async findThread(tx: Db, access: ReviewAccess, threadId: string, forUpdate = false) {
    const query = tx
      .select()
      .from(reviewThreads)
      .where(and(eq(reviewThreads.id, threadId), eq(reviewThreads.versionId, access.version.id)));
    const [thread] = forUpdate ? await query.for('update') : await query;
    if (!thread) throw notFound('No such discussion on this version.');
    return thread;
  }

  private async ownMessage(tx: Db, access: ReviewAccess, threadId: string, messageId: string) {
    await this.findThread(tx, access, threadId);
    const [message] = await tx
      .select()
      .from(reviewMessages)
      .where(and(eq(reviewMessages.id, messageId), eq(reviewMessages.threadId, threadId)))
      .for('update');
    if (!message) throw notFound('No such message in this discussion.');
    if (message.authorId !== access.user.id)
      throw forbidden('Only its author can change or delete a message.');
    if (message.deletedAt) throw conflict('This message was deleted.');
    return message;
  }

  /** The item's revision in the version and the hash of what a thread on it is about. */
  private async anchorOf(
    tx: Db,
    versionId: string,
    itemId: string,
    field: FieldPath | null,
  ): Promise<{ revisionId: string; hash: string; itemName: string } | null> {
    const path = JSON.stringify(field ?? []);
    const [row] = await queryRows<{ revision_id: string; hash: string; name: string }>(
      tx,
      sql`
        select vc.revision_id, r.name,
          md5(coalesce((r.content #> array(select jsonb_array_elements_text(${path}::jsonb)))::text, 'null')) as hash
        from version_components vc
        join item_revisions r on r.id = vc.revision_id
        where vc.version_id = ${versionId} and vc.component_id = ${itemId} and not vc.linked`,
    );
    return row ? { revisionId: row.revision_id, hash: row.hash, itemName: row.name } : null;
  }

  private linkOf(access: ReviewAccess): string {
    return `/review/${access.profile.id}/${access.version.id}`;
  }

  /** Of these people, the ones who may still see this version's review. */
  private async stillAllowed(tx: Db, access: ReviewAccess, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const members = await tx
      .select({ id: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, access.organization.id),
          inArray(memberships.userId, ids),
          sql`${memberships.level} is not null`,
        ),
      );
    const invited = await tx
      .select({ id: reviewRequests.reviewerId })
      .from(reviewRequests)
      .where(
        and(
          eq(reviewRequests.versionId, access.version.id),
          inArray(reviewRequests.reviewerId, ids),
        ),
      );
    const allowed = new Set([...members, ...invited].map((r) => r.id));
    return ids.filter((id) => allowed.has(id));
  }

  /**
   * Mentions reach members of the group and this draft's invited reviewers; any other name is
   * left as text (it tells nobody anything). Returns who was notified.
   */
  private async notifyMentions(
    tx: Db,
    access: ReviewAccess,
    body: string,
    _threadId: string,
    _already: string[],
  ): Promise<string[]> {
    const names = mentionsIn(body);
    if (names.length === 0) return [];
    const named = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, names));
    const ids = (
      await this.stillAllowed(
        tx,
        access,
        named.map((u) => u.id),
      )
    ).filter((id) => id !== access.user.id);
    await notify(tx, ids, {
      kind: 'mentioned',
      text: `${personName(access.user)} mentioned you in a discussion on ${access.version.name} (version ${access.version.version})`,
      link: this.linkOf(access),
    });
    return ids;
  }

  private async threadView(tx: Db, access: ReviewAccess, threadId: string): Promise<ReviewThread> {
    const [view] = await this.threadViews(tx, access, { threadId });
    if (!view) throw notFound('No such discussion on this version.');
    return view;
  }

  private async threadViews(
    db: Db,
    access: ReviewAccess,
    only: { itemId?: string; threadId?: string },
  ): Promise<ReviewThread[]> {
    const threads = await queryRows<{
      id: string;
      item_id: string | null;
      item_name: string | null;
      field: string | null;
      anchor_revision_id: string | null;
      outdated: boolean;
      resolved_at: string | null;
      resolver_id: string | null;
      resolver_username: string | null;
      resolver_first: string | null;
      resolver_last: string | null;
      created_at: string;
    }>(
      db,
      sql`
        select t.id, t.item_id, r.name as item_name, t.field, t.anchor_revision_id,
          t.resolved_at, t.created_at,
          u.id as resolver_id, u.username as resolver_username, u.firstname as resolver_first,
          u.lastname as resolver_last,
          (t.item_id is not null and (r.id is null or t.anchor_hash is distinct from md5(coalesce(
            (r.content #> array(select jsonb_array_elements_text(coalesce(t.field, '[]')::jsonb)))::text,
            'null')))) as outdated
        from review_threads t
        left join version_components vc on vc.version_id = t.version_id and vc.component_id = t.item_id
        left join item_revisions r on r.id = vc.revision_id
        left join users u on u.id = t.resolved_by
        where t.version_id = ${access.version.id}
          ${only.itemId ? sql`and t.item_id = ${only.itemId}` : sql``}
          ${only.threadId ? sql`and t.id = ${only.threadId}` : sql``}
        order by t.created_at, t.id
        limit 500`,
    );
    if (threads.length === 0) return [];
    const messages = await db
      .select({
        message: reviewMessages,
        author: {
          id: users.id,
          username: users.username,
          firstname: users.firstname,
          lastname: users.lastname,
        },
      })
      .from(reviewMessages)
      .leftJoin(users, eq(users.id, reviewMessages.authorId))
      .where(
        inArray(
          reviewMessages.threadId,
          threads.map((t) => t.id),
        ),
      )
      .orderBy(asc(reviewMessages.createdAt), asc(reviewMessages.id));
    return threads.map((t) => ({
      id: t.id,
      itemId: t.item_id,
      itemName: t.item_name,
      field: t.field ? (JSON.parse(t.field) as FieldPath) : null,
      anchorRevisionId: t.anchor_revision_id,
      outdated: t.outdated,
      resolved: t.resolved_at !== null,
      resolvedBy:
        t.resolver_id && t.resolver_first !== null && t.resolver_last !== null
          ? {
              uuid: t.resolver_id,
              name: personName({
                username: t.resolver_username,
                firstname: t.resolver_first,
                lastname: t.resolver_last,
              }),
            }
          : null,
      createdAt: iso(t.created_at),
      messages: messages
        .filter((m) => m.message.threadId === t.id)
        .map(({ message, author }) => ({
          id: message.id,
          author: author ? { uuid: author.id, name: personName(author) } : null,
          body: message.deletedAt ? '' : message.body,
          createdAt: iso(message.createdAt),
          editedAt: message.editedAt ? iso(message.editedAt) : null,
          deleted: message.deletedAt !== null,
          mine: message.authorId === access.user.id,
        })),
    }));
  }

  // ---- review requests and decisions ----------------------------------------------------

  /**
   * Asks people to review the draft; members only. A named person who is not a member is
   * invited to this draft alone. Everyone newly asked is notified; asking again changes nothing.
   */
  async requestReview(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: ReviewRequestInput,
  ): Promise<ReviewState> {
    return this.onDraft(user, profileId, versionId, async (tx, access) => {
      if (access.role === 'reviewer')
        throw forbidden('Only members of this working group can ask for reviews.');
      const names = [...new Set(input.reviewers.map((n) => n.replace(/^@/, '').toLowerCase()))];
      const people = await tx
        .select({ id: users.id, username: users.username, validatedAt: users.validatedAt })
        .from(users)
        .where(inArray(sql`lower(${users.username})`, names));
      const unknown = names.filter(
        (n) => !people.some((p) => p.username?.toLowerCase() === n && p.validatedAt !== null),
      );
      // One answer for a name nobody has and a name whose account is not confirmed.
      if (unknown.length > 0)
        throw badRequest(`No one can review as ${unknown.map((n) => `@${n}`).join(', ')}.`);
      if (people.some((p) => p.id === access.user.id))
        throw badRequest('Ask someone else to review: you cannot review your own request.');
      const members = new Set(
        await this.stillAllowed(
          tx,
          access,
          people.map((p) => p.id),
        ),
      );
      const added = await tx
        .insert(reviewRequests)
        .values(
          people.map((p) => ({
            versionId,
            reviewerId: p.id,
            invited: !members.has(p.id),
            requestedBy: access.user.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ reviewerId: reviewRequests.reviewerId });
      if (added.length > 0) {
        await notify(
          tx,
          added.map((a) => a.reviewerId),
          {
            kind: 'reviewRequested',
            text: `${personName(access.user)} asked you to review ${access.version.name} (version ${access.version.version})`,
            link: this.linkOf(access),
          },
        );
        await recordEvent(tx, { type: 'reviewRequested', payload: { profileId, versionId } });
      }
      return this.stateOf(tx, access);
    });
  }

  /** Approve or Request changes, by a person asked to review this draft. */
  async decide(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: { decision: 'approve' | 'changes'; message: string },
  ): Promise<ReviewState> {
    return this.onDraft(user, profileId, versionId, async (tx, access) => {
      if (!(await isAskedToReview(tx, versionId, access.user.id)))
        throw forbidden(
          'Only people asked to review this draft can approve it or ask for changes.',
        );
      // Under the version's row lock, so the content approved is the content at this moment.
      await tx
        .select({ id: profileVersions.id })
        .from(profileVersions)
        .where(eq(profileVersions.id, versionId))
        .for('update');
      const fingerprint = await versionFingerprint(tx, versionId);
      await tx.insert(reviewDecisions).values({
        versionId,
        reviewerId: access.user.id,
        decision: input.decision,
        message: input.message,
        fingerprint,
      });
      const requesters = await tx
        .selectDistinct({ id: reviewRequests.requestedBy })
        .from(reviewRequests)
        .where(eq(reviewRequests.versionId, versionId));
      const approved = input.decision === 'approve';
      await notify(
        tx,
        await this.stillAllowed(
          tx,
          access,
          requesters
            .map((r) => r.id)
            .filter((id): id is string => id !== null && id !== access.user.id),
        ),
        {
          kind: approved ? 'reviewApproved' : 'reviewChangesRequested',
          text: `${personName(access.user)} ${approved ? 'approved' : 'asked for changes to'} ${access.version.name} (version ${access.version.version})`,
          link: this.linkOf(access),
        },
      );
      await recordEvent(tx, {
        type: approved ? 'reviewApproved' : 'reviewChangesRequested',
        payload: { profileId, versionId },
      });
      return this.stateOf(tx, access);
    });
  }

  async state(user: UserRow | null, profileId: string, versionId: string): Promise<ReviewState> {
    const access = await this.access(this.db, user, profileId, versionId);
    return this.stateOf(this.db, access);
  }

  private async stateOf(db: Db, access: ReviewAccess): Promise<ReviewState> {
    const check = await checkRule(db, access.organization.id, access.version.id);
    const requests = await db
      .select({
        request: reviewRequests,
        reviewer: {
          id: users.id,
          username: users.username,
          firstname: users.firstname,
          lastname: users.lastname,
        },
      })
      .from(reviewRequests)
      .innerJoin(users, eq(users.id, reviewRequests.reviewerId))
      .where(eq(reviewRequests.versionId, access.version.id))
      .orderBy(asc(reviewRequests.createdAt), asc(reviewRequests.id));
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewThreads)
      .where(and(eq(reviewThreads.versionId, access.version.id), isNull(reviewThreads.resolvedAt)));
    const [override] = await db
      .select({
        override: reviewOverrides,
        by: {
          id: users.id,
          username: users.username,
          firstname: users.firstname,
          lastname: users.lastname,
        },
      })
      .from(reviewOverrides)
      .leftJoin(users, eq(users.id, reviewOverrides.overriddenBy))
      .where(eq(reviewOverrides.versionId, access.version.id));
    return {
      success: true,
      subject: {
        name: access.version.name,
        version: access.version.version,
        publishedVersionId: access.profile.currentPublishedVersionId,
        open:
          access.version.state === 'draft' &&
          access.profile.currentDraftVersionId === access.version.id,
      },
      rule: check.rule,
      viewer: access.role,
      reviewers: requests.map(({ request, reviewer }) => {
        const decision = check.decisions.find((d) => d.reviewerId === reviewer.id);
        return {
          reviewer: { uuid: reviewer.id, name: personName(reviewer) },
          invited: request.invited,
          requestedAt: iso(request.createdAt),
          decision: decision?.decision ?? null,
          decisionMessage: decision?.message ?? null,
          decidedAt: decision ? iso(decision.createdAt) : null,
          current: decision ? decision.fingerprint === check.fingerprint : false,
        };
      }),
      approvals: check.approvals,
      openThreads: open?.n ?? 0,
      missing: access.version.state === 'draft' ? check.missing : [],
      override: override
        ? {
            by: override.by ? { uuid: override.by.id, name: personName(override.by) } : null,
            reason: override.override.reason,
            at: iso(override.override.createdAt),
          }
        : null,
    };
  }

  /** The drafts waiting on this person's review, newest request first. */
  async myReviews(user: UserRow | null): Promise<MyReviews['reviews']> {
    const me = groupPolicy.signedIn({ user });
    const rows = await this.db
      .select({
        request: reviewRequests,
        version: profileVersions,
        profile: profiles,
        by: {
          id: users.id,
          username: users.username,
          firstname: users.firstname,
          lastname: users.lastname,
        },
      })
      .from(reviewRequests)
      .innerJoin(profileVersions, eq(profileVersions.id, reviewRequests.versionId))
      .innerJoin(profiles, eq(profiles.id, profileVersions.profileId))
      .leftJoin(users, eq(users.id, reviewRequests.requestedBy))
      .where(
        and(
          eq(reviewRequests.reviewerId, me.id),
          eq(profileVersions.state, 'draft'),
          eq(profiles.currentDraftVersionId, profileVersions.id),
        ),
      )
      .orderBy(desc(reviewRequests.createdAt))
      .limit(200);
    const out: MyReviews['reviews'] = [];
    for (const row of rows) {
      // A member who left the group and was not invited no longer reviews it.
      const level = await findLevel(this.db, row.profile.organizationId, me.id);
      if (!row.request.invited && level !== 'member' && level !== 'admin') continue;
      const fingerprint = await versionFingerprint(this.db, row.version.id);
      const [latest] = await this.db
        .select()
        .from(reviewDecisions)
        .where(
          and(eq(reviewDecisions.versionId, row.version.id), eq(reviewDecisions.reviewerId, me.id)),
        )
        .orderBy(desc(reviewDecisions.createdAt), desc(reviewDecisions.id))
        .limit(1);
      out.push({
        profileId: row.profile.id,
        organizationId: row.profile.organizationId,
        versionId: row.version.id,
        profileName: row.version.name,
        version: row.version.version,
        requestedBy: row.by ? { uuid: row.by.id, name: personName(row.by) } : null,
        requestedAt: iso(row.request.createdAt),
        decision: latest?.decision ?? null,
        current: latest ? latest.fingerprint === fingerprint : false,
      });
    }
    return out;
  }

  // ---- the group's rule -----------------------------------------------------------------

  async rule(user: UserRow | null, organizationId: string): Promise<ReviewRule> {
    const actor = await this.groupActor(user, organizationId);
    groupPolicy.member(actor);
    return ruleOf(this.db, organizationId);
  }

  async setRule(
    user: UserRow | null,
    organizationId: string,
    rule: ReviewRule,
  ): Promise<ReviewRule> {
    const actor = await this.groupActor(user, organizationId);
    groupPolicy.member(actor);
    if (!isGroupAdmin(actor))
      throw forbidden('Only admins of this working group can set its review rule.');
    await this.db
      .insert(reviewRules)
      .values({ organizationId, ...rule, updatedBy: actor.user?.id ?? null })
      .onConflictDoUpdate({
        target: reviewRules.organizationId,
        set: { ...rule, updatedBy: actor.user?.id ?? null, updatedAt: sql`now()` },
      });
    return rule;
  }

  private async groupActor(user: UserRow | null, organizationId: string) {
    if (!user) throw unauthorized('Sign in to do this.');
    const [organization] = await this.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    groupPolicy.visible(organization ?? null);
    const level = await findLevel(this.db, organizationId, user.id);
    // Outsiders learn nothing of a group's rule: not found, as for a draft.
    if (level !== 'member' && level !== 'admin') throw notFound('No such working group.');
    return { user, level };
  }
}

export type { ReviewDecisionInput };
