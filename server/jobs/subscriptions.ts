import type { EventType, StoredEvent } from '../modules/events/outbox';
import { verificationOutcomeMail } from '../modules/profiles/verification-mail';
import { defineJob, type JobContext, type JobDefinition } from './job';
import { fanOut } from '../modules/webhooks/fan-out';
import { storeVersionGraph } from '../modules/sparql/stored';
import { sendMailJob } from './send-mail';
import { tellWatchers } from '../modules/watch/service';
import { deliveryQueue } from './webhook-deliver';

type EventOf<T extends EventType> = Extract<StoredEvent, { type: T }>;

/** One consumer of outbox events, run as its own job so its retries never hold up another. */
export interface Subscriber {
  name: string;
  types: readonly EventType[];
  job: JobDefinition<StoredEvent>;
}

/**
 * A subscriber: `name` names its queue (`event.<name>`). Delivery is at least once and in no
 * particular order, so a handler must be safe to run twice for one event.
 */
export function subscribe<T extends EventType>(
  name: string,
  types: readonly T[],
  handle: (event: EventOf<T>, context: JobContext) => Promise<void>,
): Subscriber {
  return {
    name,
    types,
    job: defineJob<StoredEvent>({
      name: `event.${name}`,
      retry: { limit: 5, delaySeconds: 5 },
      expireInSeconds: 300,
      handle: (event, context) => handle(event as EventOf<T>, context),
    }),
  };
}

/** Who hears which events: one line per subscriber. */
export const subscribers: readonly Subscriber[] = [
  subscribe(
    'verification-mail',
    ['verificationApproved', 'verificationDenied', 'verificationRevoked'],
    async (event, { db, jobs, siteUrl }) => {
      const mail = await verificationOutcomeMail(db, event, siteUrl);
      if (mail) await jobs.send(sendMailJob, mail);
    },
  ),
  // The SPARQL store loads a version's graph from these N-Triples instead of converting its
  // document: converted once, after the version is published, off the publishing request, on a
  // SPARQL worker rather than the thread that serves requests.
  subscribe('sparql-graph', ['profileVersionPublished'], async (event, { db, convertGraph }) => {
    await storeVersionGraph(db, event.payload.versionId, convertGraph);
  }),
  // Watchers hear of a new version and of what it deprecates, by the notifications' mail path.
  subscribe('watchers', ['profileVersionPublished'], async (event, { db }) => {
    await tellWatchers(db, event.id, event.payload);
  }),
  subscribe(
    'webhooks',
    [
      'profileVersionPublished',
      'verificationApproved',
      'verificationRevoked',
      'itemDeprecated',
      'versionCreated',
      'profileImported',
      'reviewRequested',
      'reviewApproved',
      'reviewChangesRequested',
      'reviewThreadResolved',
      'feedbackReceived',
    ],
    async (event, { db, jobs, siteUrl }) => {
      await fanOut(db, event, deliveryQueue(jobs), siteUrl);
    },
  ),
];
