import type { Db } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import type { ItemKind } from '../../../common/items';
import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL, changePayload } from './changes';

/** A published version: what readers, caches and search index. */
interface VersionRef {
  profileId: string;
  versionId: string;
  versionNumber: number;
  versionIri: string;
}

interface VerificationRef {
  profileId: string;
  versionId: string;
  /** Who asked for verification; they hear the outcome. */
  requestedBy: string | null;
}

/** What each domain event carries; every payload names its profile, the event's aggregate. */
export interface EventPayloads {
  profileVersionPublished: VersionRef & { profileIri: string; organizationId: string };
  verificationRequested: VerificationRef;
  verificationApproved: VerificationRef & { decidedBy: string };
  verificationDenied: VerificationRef & { decidedBy: string; reason: string };
  verificationRevoked: VerificationRef & { decidedBy: string; reason: string };
  /** `profileRemoved`: the profile was never published, so it went with its draft. */
  draftDeleted: { profileId: string; versionId: string; profileRemoved: boolean };
  profileDeleted: { profileId: string; profileIri: string; organizationId: string };
  /** `versionId`: the draft that carries the deprecation (a new one when the version was published). */
  itemDeprecated: {
    profileId: string;
    versionId: string;
    itemId: string;
    itemIri: string;
    kind: ItemKind;
    /** The item's name and the reason given (absent from events recorded before they were kept). */
    itemName?: string;
    reason?: string;
    link?: string | null;
  };
  profileImported: VersionRef & {
    profileIri: string;
    organizationId: string;
    published: boolean;
    newProfile: boolean;
  };
  versionCreated: VersionRef & { basedOnVersionId: string | null };
  /** Review of a draft: who and what stay on the site, events name only the version. */
  reviewRequested: ReviewRef;
  reviewApproved: ReviewRef;
  reviewChangesRequested: ReviewRef;
  reviewThreadResolved: ReviewRef;
  /** Feedback left on a published version (or one of its items); the group hears of it. */
  feedbackReceived: {
    profileId: string;
    versionId: string;
    feedbackId: string;
    kind: 'problem' | 'question' | 'suggestion';
    itemId: string | null;
    public: boolean;
  };
}

interface ReviewRef {
  profileId: string;
  versionId: string;
}

export type EventType = keyof EventPayloads;

export type DomainEvent = {
  [K in EventType]: { type: K; payload: EventPayloads[K] };
}[EventType];

/** An event as stored and handed to subscribers. */
export type StoredEvent = DomainEvent & { id: string; occurredAt: string };

/**
 * Records events in the transaction of the change they describe: both are kept or neither is,
 * and the dispatcher only ever sees committed events. Each event's profile is also announced on
 * `CHANGES_CHANNEL` so that each node drops its cached answers about the profile at commit, not
 * at the next job poll on one node. One statement writes the events and announces them, in the
 * order given (an import writes several; each statement is a round trip on PGlite).
 */
export async function recordEvents(tx: Db, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    type: event.type,
    aggregate_id: event.payload.profileId,
    payload: event.payload,
  }));
  const announced = [
    ...new Set(events.map((e) => changePayload({ profileId: e.payload.profileId }))),
  ];
  // A data-modifying WITH runs once whatever the outer select reads; WITH ORDINALITY keeps the
  // rows, and so their positions, in the order of the list.
  await tx.execute(sql`
    with recorded as (
      insert into ${outboxEvents} (type, aggregate_id, payload)
      select x.value->>'type', (x.value->>'aggregate_id')::uuid, x.value->'payload'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as x(value, n)
      order by x.n
    )
    select pg_notify(${CHANGES_CHANNEL}, p)
    from jsonb_array_elements_text(${JSON.stringify(announced)}::jsonb) as p`);
}

/** Records one event: see `recordEvents`. */
export async function recordEvent(tx: Db, event: DomainEvent): Promise<void> {
  await recordEvents(tx, [event]);
}
