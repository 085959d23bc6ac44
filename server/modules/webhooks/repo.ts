import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  memberships,
  organizations,
  profileVersions,
  profiles,
  webhookDeliveries,
  webhooks,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '../../db/schema';
import type { WebhookEvent } from '../../../common/webhooks';

const published = alias(profileVersions, 'published_version');
const draft = alias(profileVersions, 'draft_version');

export interface HookWithSubject {
  hook: WebhookRow;
  /** The subject profile's current name (published, else draft); null for "my groups". */
  subjectName: string | null;
}

const subjectName = sql<string | null>`coalesce(${published.name}, ${draft.name})`;

function hooksWithSubjects(db: Db) {
  return db
    .select({ hook: webhooks, subjectName })
    .from(webhooks)
    .leftJoin(profiles, eq(profiles.id, webhooks.subjectProfileId))
    .leftJoin(published, eq(published.id, profiles.currentPublishedVersionId))
    .leftJoin(draft, eq(draft.id, profiles.currentDraftVersionId));
}

export async function listHooks(db: Db, ownerId: string): Promise<HookWithSubject[]> {
  return hooksWithSubjects(db)
    .where(eq(webhooks.ownerId, ownerId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

/** A hook of this owner; another person's hook is not found, whatever its id. */
export async function findHook(
  db: Db,
  ownerId: string,
  id: string,
): Promise<HookWithSubject | null> {
  const rows = await hooksWithSubjects(db)
    .where(and(eq(webhooks.ownerId, ownerId), eq(webhooks.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function hookById(db: Db, id: string): Promise<WebhookRow | null> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function countHooks(db: Db, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function insertHook(db: Db, row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [created] = await db.insert(webhooks).values(row).returning();
  if (!created) throw new Error('insert into webhooks returned no row');
  return created;
}

export async function updateHook(
  db: Db,
  ownerId: string,
  id: string,
  changes: Partial<typeof webhooks.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(webhooks.ownerId, ownerId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return rows.length === 1;
}

export async function deleteHook(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.ownerId, ownerId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return rows.length === 1;
}

/** The working groups a person is a member (or admin) of; pending requests do not count. */
export function memberGroupIds(db: Db, userId: string) {
  return db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), isNotNull(memberships.level)));
}

export interface SubjectRow {
  profileId: string;
  name: string;
  organization: string;
  hasPublished: boolean;
}

/**
 * Profiles a person may follow: every profile with a published version, and the profiles (drafts
 * too) of their own working groups; never the orphan container.
 */
export async function subjectProfiles(
  db: Db,
  userId: string,
  limit: number,
): Promise<SubjectRow[]> {
  return db
    .select({
      profileId: profiles.id,
      name: sql<string>`coalesce(${published.name}, ${draft.name}, '')`,
      organization: organizations.name,
      hasPublished: sql<boolean>`${profiles.currentPublishedVersionId} is not null`,
    })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .leftJoin(published, eq(published.id, profiles.currentPublishedVersionId))
    .leftJoin(draft, eq(draft.id, profiles.currentDraftVersionId))
    .where(
      and(
        eq(organizations.orphanContainer, false),
        or(
          isNotNull(profiles.currentPublishedVersionId),
          inArray(profiles.organizationId, memberGroupIds(db, userId)),
        ),
      ),
    )
    .orderBy(sql`lower(coalesce(${published.name}, ${draft.name}, ''))`, asc(profiles.id))
    .limit(limit);
}

/** One profile a person may follow (as `subjectProfiles` decides), or null. */
export async function subjectProfile(
  db: Db,
  userId: string,
  profileId: string,
): Promise<{ id: string } | null> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(
      and(
        eq(profiles.id, profileId),
        eq(organizations.orphanContainer, false),
        or(
          isNotNull(profiles.currentPublishedVersionId),
          inArray(profiles.organizationId, memberGroupIds(db, userId)),
        ),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The enabled hooks an event about a profile of `organizationId` reaches. Hooks on the profile
 * itself hear published content whoever owns them; content that is only a draft reaches only
 * owners who are members of the group. "My groups" hooks reach members only, by definition.
 */
export async function hooksFor(
  db: Db,
  event: WebhookEvent,
  profileId: string,
  organizationId: string,
  draftOnly: boolean,
  occurredAt: Date,
): Promise<WebhookRow[]> {
  const member = sql`exists (select 1 from ${memberships} m where m.organization_id = ${organizationId} and m.user_id = ${webhooks.ownerId} and m.level is not null)`;
  const onProfile = eq(webhooks.subjectProfileId, profileId);
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.event, event),
        eq(webhooks.isEnabled, true),
        // A hook hears of what happens after it was made, even when the event is handed out later.
        lte(webhooks.createdAt, occurredAt),
        or(
          draftOnly ? and(onProfile, member) : onProfile,
          and(isNull(webhooks.subjectProfileId), member),
        ),
      ),
    );
}

export async function insertDelivery(
  db: Db,
  row: typeof webhookDeliveries.$inferInsert,
): Promise<WebhookDeliveryRow | null> {
  const rows = await db.insert(webhookDeliveries).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function deliveryById(db: Db, id: string): Promise<WebhookDeliveryRow | null> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function recentDeliveries(
  db: Db,
  hookId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.hookId, hookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/**
 * Takes attempt `attempt` of a delivery: only when the previous attempt is the last one made, or
 * when this attempt was under way on a node that died. Null when another run has it. Every claim
 * counts as an attempt before anything is sent: a POST cut short by a crash may have reached the
 * receiver, so the one made again after it is counted too (the row's `attempts`, which the
 * schedule then follows).
 */
export async function claimAttempt(
  db: Db,
  id: string,
  attempt: number,
): Promise<WebhookDeliveryRow | null> {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: 'sending',
      attempts: sql`case when ${webhookDeliveries.status} = 'sending'
        then ${webhookDeliveries.attempts} + 1 else ${attempt} end`,
      lastAttemptAt: sql`now()`,
      nextAttemptAt: null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        or(
          and(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.attempts, attempt - 1)),
          and(eq(webhookDeliveries.status, 'sending'), gte(webhookDeliveries.attempts, attempt)),
        ),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function recordAttempt(
  db: Db,
  id: string,
  changes: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id));
}

/** Keeps a hook's newest `keep` deliveries; older finished ones go. */
export async function pruneDeliveries(db: Db, hookId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.hookId, hookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(keep);
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.hookId, hookId),
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
        notInArray(webhookDeliveries.id, newest),
      ),
    );
}

/** Counts one more event that failed for good; returns the hook's new count. */
export async function countFailure(db: Db, hookId: string): Promise<number> {
  const rows = await db
    .update(webhooks)
    .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
    .where(eq(webhooks.id, hookId))
    .returning({ n: webhooks.consecutiveFailures });
  return rows[0]?.n ?? 0;
}

export async function resetFailures(db: Db, hookId: string): Promise<void> {
  await db
    .update(webhooks)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(webhooks.id, hookId), sql`${webhooks.consecutiveFailures} <> 0`));
}

/** Disables an enabled hook; false when it already was disabled. */
export async function disableHook(db: Db, hookId: string): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ isEnabled: false, updatedAt: sql`now()` })
    .where(and(eq(webhooks.id, hookId), eq(webhooks.isEnabled, true)))
    .returning({ id: webhooks.id });
  return rows.length === 1;
}

/** What a payload names: the profile, the version the event is about, and its group. */
export async function profileVersionFor(db: Db, profileId: string, versionId: string) {
  const rows = await db
    .select({ profile: profiles, version: profileVersions, organization: organizations })
    .from(profileVersions)
    .innerJoin(profiles, eq(profiles.id, profileVersions.profileId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(and(eq(profileVersions.id, versionId), eq(profiles.id, profileId)))
    .limit(1);
  return rows[0] ?? null;
}
