import type { ActivityEntry, ActivityKind, VersionActivity } from '../../../common/activity';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { OrganizationService } from '../organizations/service';
import { loadVersionAccess } from '../profiles/access';
import {
  emailsOf,
  listDeletions,
  listSaves,
  listVersionEvents,
  type EventRow,
  type SaveRow,
} from './repo';

export interface ActivityServiceDeps {
  db: Db;
  organizations: OrganizationService;
}

type Item = ActivityEntry['items'][number];

const EVENT_KINDS: Record<string, ActivityKind> = {
  versionCreated: 'versionCreated',
  profileImported: 'imported',
  profileVersionPublished: 'published',
  itemDeprecated: 'deprecated',
  verificationRequested: 'verificationRequested',
  verificationApproved: 'verificationApproved',
  verificationDenied: 'verificationDenied',
  verificationRevoked: 'verificationRevoked',
};

const MINUTE = 60_000;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Who an event names as its doer, where it names one. */
function actorOf(event: EventRow): string | null {
  return text(event.payload.decidedBy) ?? text(event.payload.requestedBy);
}

/**
 * Edits grouped by person and minute: one entry for the saves one person made in one minute
 * (from the first of them), naming each item once. Creations and restores stay entries of
 * their own.
 */
export function groupSaves(saves: SaveRow[], signedIn: boolean): ActivityEntry[] {
  const out: ActivityEntry[] = [];
  let open: { entry: ActivityEntry; by: string | null; minute: number } | null = null;
  for (const save of saves) {
    const item: Item = { uuid: save.itemId, kind: save.kind, name: save.name };
    const kind: ActivityKind = save.first ? 'created' : save.restored ? 'restored' : 'edited';
    const by = signedIn ? save.email : null;
    if (kind !== 'edited') {
      out.push({ kind, at: save.at.toISOString(), by, items: [item], count: 1, detail: null });
      open = null;
      continue;
    }
    const minute = Math.floor(save.at.getTime() / MINUTE);
    if (open && open.by === save.by && open.minute === minute) {
      open.entry.count += 1;
      if (!open.entry.items.some((i) => i.uuid === item.uuid)) open.entry.items.push(item);
      continue;
    }
    const entry: ActivityEntry = {
      kind,
      at: save.at.toISOString(),
      by,
      items: [item],
      count: 1,
      detail: null,
    };
    out.push(entry);
    open = { entry, by: save.by, minute };
  }
  return out;
}

/**
 * What happened to a version, in order: imports, the creation of the draft, saves of its
 * items (edits grouped by person and minute), restores, deprecations, deletions, publication
 * and verification. Read from the revisions saved in the version and the events its commands
 * recorded; who did what is shown to signed-in people only, as on item pages.
 */
export class ActivityService {
  constructor(private readonly deps: ActivityServiceDeps) {}

  async forVersion(
    user: UserRow | null,
    profileId: string,
    versionId: string,
  ): Promise<VersionActivity> {
    const { db, organizations } = this.deps;
    const { version } = await loadVersionAccess(organizations, db, user, profileId, versionId);
    const signedIn = user !== null;
    const [saves, events, deletions] = await Promise.all([
      listSaves(db, version),
      listVersionEvents(db, version),
      listDeletions(db, version),
    ]);
    const actors = signedIn
      ? await emailsOf(
          db,
          events.map(actorOf).filter((a) => a !== null),
        )
      : null;
    const entries: ActivityEntry[] = [];
    for (const event of events) {
      const kind = EVENT_KINDS[event.type];
      if (!kind) continue;
      const p = event.payload;
      const actor = actorOf(event);
      const itemId = text(p.itemId);
      const itemKind = text(p.kind);
      entries.push({
        kind,
        at: event.at.toISOString(),
        by: actor && actors ? (actors.get(actor) ?? null) : null,
        items:
          itemId && (itemKind === 'concept' || itemKind === 'template' || itemKind === 'pattern')
            ? [{ uuid: itemId, kind: itemKind, name: text(p.itemName) ?? text(p.itemIri) ?? '' }]
            : [],
        count: 1,
        detail: text(p.reason),
      });
    }
    for (const deletion of deletions)
      entries.push({
        kind: 'deleted',
        at: deletion.at.toISOString(),
        by: null,
        items: [{ uuid: deletion.itemId, kind: deletion.kind, name: deletion.name }],
        count: 1,
        detail: null,
      });
    // Saves last before a stable sort: the draft a save makes is recorded at the same moment.
    entries.push(...groupSaves(saves, signedIn));
    entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    return { success: true, activity: entries };
  }
}
