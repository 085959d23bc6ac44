import type { Db } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import type { ItemKind } from '../../../common/items';
import { announceChange } from './changes';

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
  };
  profileImported: VersionRef & {
    profileIri: string;
    organizationId: string;
    published: boolean;
    newProfile: boolean;
  };
  versionCreated: VersionRef & { basedOnVersionId: string | null };
}

export type EventType = keyof EventPayloads;

export type DomainEvent = {
  [K in EventType]: { type: K; payload: EventPayloads[K] };
}[EventType];

/** An event as stored and handed to subscribers. */
export type StoredEvent = DomainEvent & { id: string; occurredAt: string };

/**
 * Records an event in the transaction of the change it describes: both are kept or neither is,
 * and the dispatcher only ever sees committed events. Every event is also announced on
 * `CHANGES_CHANNEL` so that each node drops its cached answers about the profile at commit, not
 * at the next job poll on one node.
 */
export async function recordEvent(tx: Db, event: DomainEvent): Promise<void> {
  await tx.insert(outboxEvents).values({
    type: event.type,
    aggregateId: event.payload.profileId,
    payload: event.payload,
  });
  await announceChange(tx, { profileId: event.payload.profileId });
}
