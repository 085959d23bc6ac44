import type { WebhookEvent, WebhookPayload } from '../../../common/webhooks';
import type { JsonObject } from '../../../xapi/index';
import type { Db } from '../../db/client';
import { documentEtag, normalizeDocument } from '../profiles/document';
import type { EventPayloads, StoredEvent } from '../events/outbox';
import { hooksFor, insertDelivery, profileVersionFor } from './repo';

/** Queues attempt `attempt` of a delivery, after `delayMs`, inside `tx` when given. */
export interface DeliveryQueue {
  queue(deliveryId: string, attempt: number, delayMs: number, tx?: Db): Promise<void>;
}

interface Mapped {
  event: WebhookEvent;
  profileId: string;
  versionId: string;
  /** The content is only a draft: it reaches members of the owning group alone. */
  draftOnly: boolean;
}

/** The webhook event a domain event is, or null when hooks do not hear of it. */
export function webhookEventOf(event: StoredEvent): Mapped | null {
  switch (event.type) {
    case 'profileVersionPublished':
      // Site, API status and import (published: true) all publish through one command.
      return { event: 'profilePublished', ...ids(event.payload), draftOnly: false };
    case 'verificationApproved':
      return { event: 'profileVerified', ...ids(event.payload), draftOnly: false };
    case 'verificationRevoked':
      return { event: 'verificationRevoked', ...ids(event.payload), draftOnly: false };
    case 'itemDeprecated':
      // A deprecation always lands in a draft (a new one when the version was published).
      return event.payload.kind === 'concept'
        ? { event: 'conceptDeprecated', ...ids(event.payload), draftOnly: true }
        : null;
    case 'versionCreated':
      return { event: 'draftCreated', ...ids(event.payload), draftOnly: true };
    case 'profileImported':
      return event.payload.published
        ? null
        : { event: 'draftCreated', ...ids(event.payload), draftOnly: true };
    // Review of a draft reaches the owning group's own hooks only, and names the version alone:
    // who reviewed and what they wrote stay on the site.
    case 'reviewRequested':
    case 'reviewApproved':
    case 'reviewChangesRequested':
    case 'reviewThreadResolved':
      return { event: event.type, ...ids(event.payload), draftOnly: true };
    case 'feedbackReceived':
      // Feedback may be private to its author and the group: the group's own hooks hear of it.
      return { event: 'feedbackReceived', ...ids(event.payload), draftOnly: true };
    default:
      return null;
  }
}

const ids = (p: { profileId: string; versionId: string }) => ({
  profileId: p.profileId,
  versionId: p.versionId,
});

/** What a hook is told about a profile version, with links a person can follow. */
export function payloadFor(
  event: WebhookEvent,
  occurredAt: string,
  found: NonNullable<Awaited<ReturnType<typeof profileVersionFor>>>,
  siteUrl: string,
): WebhookPayload {
  const { profile, version, organization } = found;
  const url =
    version.state === 'published'
      ? `${siteUrl}/profile/${profile.id}`
      : `${siteUrl}/organization/${profile.organizationId}/profile/${profile.id}/version/${version.id}`;
  return {
    event,
    occurredAt,
    profile: {
      uuid: profile.id,
      iri: profile.iri,
      name: version.name,
      version: version.version,
      versionIri: version.iri,
      url,
      documentUrl: `${siteUrl}/api/profile/${version.id}`,
      // The bytes the public API answers for a published version, so the same ETag.
      etag:
        version.state === 'published' && version.snapshot
          ? documentEtag(normalizeDocument(version.snapshot as JsonObject))
          : null,
      workingGroup: {
        uuid: organization.id,
        name: organization.name,
        url: `${siteUrl}/organization/${organization.id}`,
      },
    },
  };
}

/** What a `conceptDeprecated` delivery says of the concept. */
function conceptOf(event: EventPayloads['itemDeprecated']): NonNullable<WebhookPayload['concept']> {
  return {
    iri: event.itemIri,
    name: event.itemName ?? null,
    reason: event.reason ?? null,
    link: event.link ?? null,
  };
}

/**
 * Makes one delivery per hook the event reaches and queues its first attempt, in one
 * transaction. The unique (hook, event) row decides: a second run of this handler, on this node
 * or another, finds the row and queues nothing.
 */
export async function fanOut(
  db: Db,
  stored: StoredEvent,
  queue: DeliveryQueue,
  siteUrl: string,
): Promise<number> {
  const mapped = webhookEventOf(stored);
  if (!mapped) return 0;
  const found = await profileVersionFor(db, mapped.profileId, mapped.versionId);
  // The profile or version was deleted since: there is nothing left to describe.
  if (!found) return 0;
  const hooks = await hooksFor(
    db,
    mapped.event,
    mapped.profileId,
    found.profile.organizationId,
    mapped.draftOnly || found.version.state !== 'published',
    new Date(stored.occurredAt),
  );
  if (hooks.length === 0) return 0;
  const payload = payloadFor(mapped.event, stored.occurredAt, found, siteUrl);
  if (stored.type === 'itemDeprecated') payload.concept = conceptOf(stored.payload);
  if (stored.type === 'feedbackReceived')
    payload.feedback = {
      uuid: stored.payload.feedbackId,
      kind: stored.payload.kind,
      itemId: stored.payload.itemId,
      public: stored.payload.public,
    };
  let made = 0;
  await db.transaction(async (tx) => {
    for (const hook of hooks) {
      const delivery = await insertDelivery(tx, {
        hookId: hook.id,
        eventId: stored.id,
        kind: 'event',
        event: mapped.event,
        payload,
      });
      if (!delivery) continue;
      made += 1;
      await queue.queue(delivery.id, 1, 0, tx);
    }
  });
  return made;
}
