import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { Watch } from '../../../common/feedback';
import { queryRows, type Db } from '../../db/client';
import { profileWatches, watchNotices, type UserRow } from '../../db/schema';
import { unauthorized } from '../errors';
import type { EventPayloads } from '../events/outbox';
import { notify } from '../notifications';
import type { OrganizationService } from '../organizations/service';
import { loadProfileAccess } from '../profiles/access';

export interface WatchServiceDeps {
  db: Db;
  organizations: OrganizationService;
}

/**
 * Watching a profile: any signed-in person who may see it follows it, and hears (by the mail
 * path of notifications, as they chose) of each new version published and of each item the
 * version deprecates. The profile shows how many watch it.
 */
export class WatchService {
  constructor(private readonly deps: WatchServiceDeps) {}

  private async state(user: UserRow | null, profileId: string): Promise<Watch> {
    const { db } = this.deps;
    const [total] = await db
      .select({ n: count() })
      .from(profileWatches)
      .where(eq(profileWatches.profileId, profileId));
    const mine = user
      ? await db
          .select({ one: sql`1` })
          .from(profileWatches)
          .where(and(eq(profileWatches.profileId, profileId), eq(profileWatches.userId, user.id)))
      : [];
    return { success: true, watching: mine.length > 0, watchers: total?.n ?? 0 };
  }

  async get(user: UserRow | null, profileId: string): Promise<Watch> {
    await loadProfileAccess(this.deps.organizations, this.deps.db, user, profileId);
    return this.state(user, profileId);
  }

  async watch(user: UserRow | null, profileId: string, on: boolean): Promise<Watch> {
    await loadProfileAccess(this.deps.organizations, this.deps.db, user, profileId);
    if (!user) throw unauthorized('Sign in to watch a profile.');
    if (on)
      await this.deps.db
        .insert(profileWatches)
        .values({ userId: user.id, profileId })
        .onConflictDoNothing();
    else
      await this.deps.db
        .delete(profileWatches)
        .where(and(eq(profileWatches.profileId, profileId), eq(profileWatches.userId, user.id)));
    return this.state(user, profileId);
  }
}

/** Items a published version deprecates: deprecated in it, not in the version before it. */
async function newlyDeprecated(db: Db, profileId: string, versionId: string) {
  return queryRows<{ name: string; kind: string }>(
    db,
    sql`select r.name, p.kind from version_components vc
      join item_revisions r on r.id = vc.revision_id
      join profile_components p on p.id = vc.component_id
      where vc.version_id = ${versionId} and not vc.linked
        and coalesce(r.content -> 'deprecated' = 'true'::jsonb, false)
        and not exists (
          select 1 from version_components o
          join profile_versions ov on ov.id = o.version_id
          join item_revisions orv on orv.id = o.revision_id
          where o.component_id = vc.component_id and ov.profile_id = ${profileId}
            and ov.state = 'published' and ov.id <> ${versionId}
            and ov.version < (select version from profile_versions where id = ${versionId})
            and coalesce(orv.content -> 'deprecated' = 'true'::jsonb, false))
      order by p.kind, r.name`,
  );
}

/**
 * Tells a profile's watchers of a version just published: one notification for the version and
 * one for each item it deprecates. A deprecation made in a draft is told once the draft is
 * published, as the public sees it only then. Safe to run twice for one event: the event's
 * notice row is written with the notifications, and a second run finds it.
 */
export async function tellWatchers(
  db: Db,
  eventId: string,
  payload: EventPayloads['profileVersionPublished'],
): Promise<number> {
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(watchNotices)
      .values({ eventId })
      .onConflictDoNothing()
      .returning({ id: watchNotices.eventId });
    if (first.length === 0) return 0;
    // Those who watched when it was published: a handler that runs late tells no one who began
    // watching after it.
    const watchers = await tx
      .select({ userId: profileWatches.userId })
      .from(profileWatches)
      .where(
        and(
          eq(profileWatches.profileId, payload.profileId),
          lte(
            profileWatches.createdAt,
            sql`coalesce((select occurred_at from outbox_events where id = ${eventId}), now())`,
          ),
        ),
      );
    const ids = watchers.map((w) => w.userId);
    if (ids.length === 0) return 0;
    const [version] = await queryRows<{ name: string }>(
      tx,
      sql`select name from profile_versions where id = ${payload.versionId}`,
    );
    const name = version?.name ?? payload.profileIri;
    const link = `/profile/${payload.profileId}/version/${payload.versionId}`;
    let written = await notify(tx, ids, {
      kind: 'versionPublished',
      text: `${name}: version ${payload.versionNumber} is published.`,
      link,
    });
    for (const item of await newlyDeprecated(tx, payload.profileId, payload.versionId))
      written += await notify(tx, ids, {
        kind: 'itemDeprecated',
        text: `${name}, version ${payload.versionNumber}: the ${item.kind} “${item.name}” is deprecated.`,
        link,
      });
    return written;
  });
}
