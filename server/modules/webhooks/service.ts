import {
  ANY_GROUP_PROFILE,
  WEBHOOK_LIMITS,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookSubject,
  type WebhookUpdate,
} from '../../../common/webhooks';
import type { Db } from '../../db/client';
import type { UserRow, WebhookDeliveryRow, webhooks } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../errors';
import { targetProblem } from '../outbound/address-guard';
import { deliveryBody, sentId } from './delivery';
import type { DeliveryQueue } from './fan-out';
import {
  countHooks,
  deleteHook,
  deliveryById,
  findHook,
  insertDelivery,
  insertHook,
  listHooks,
  recentDeliveries,
  subjectProfile,
  subjectProfiles,
  updateHook,
  type HookWithSubject,
} from './repo';
import type { SecretBox } from './secret-box';

export type WebhookInput = Required<Omit<WebhookCreate, 'clientSecret'>> & {
  clientSecret?: string | undefined;
};

const MY_GROUPS_NAME = 'Any profile of my working groups';
const NO_SUCH_HOOK = 'No such webhook among yours.';

function present({ hook, subjectName }: HookWithSubject): Webhook {
  return {
    id: hook.id,
    target: hook.target,
    description: hook.description,
    event: hook.event,
    signatureMethod: hook.signatureMethod,
    clientSecret: hook.secretCipher ? 'set' : null,
    isEnabled: hook.isEnabled,
    subject: hook.subjectProfileId ?? ANY_GROUP_PROFILE,
    subjectName: hook.subjectProfileId ? (subjectName ?? '') : MY_GROUPS_NAME,
    consecutiveFailures: hook.consecutiveFailures,
    createdOn: hook.createdAt.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.statusCode,
    error: row.error,
    durationMs: row.durationMs,
    createdOn: row.createdAt.toISOString(),
    lastAttemptOn: row.lastAttemptAt ? row.lastAttemptAt.toISOString() : null,
    nextAttemptOn: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    sentId: sentId(row),
    body: deliveryBody(row),
  };
}

/**
 * A person's webhooks. Each belongs to one person, who alone sees and changes it (another
 * person's hook answers 404). The client secret is written, never read back.
 */
export class WebhookService {
  constructor(
    private readonly deps: {
      db: Db;
      secrets: SecretBox;
      queue: DeliveryQueue;
      allowPrivateTargets: boolean;
      siteUrl: string;
    },
  ) {}

  private owner(user: UserRow | null): UserRow {
    if (!user) throw unauthorized('Sign in to manage your webhooks.');
    return user;
  }

  async subjects(user: UserRow | null): Promise<WebhookSubject[]> {
    const owner = this.owner(user);
    const rows = await subjectProfiles(this.deps.db, owner.id, WEBHOOK_LIMITS.subjectsMax);
    return [
      { value: ANY_GROUP_PROFILE, parentProfile: null, name: MY_GROUPS_NAME, organization: null },
      ...rows.map((r) => ({
        value: r.profileId,
        parentProfile: r.profileId,
        name: r.name,
        organization: r.organization,
      })),
    ];
  }

  async list(user: UserRow | null): Promise<Webhook[]> {
    const owner = this.owner(user);
    return (await listHooks(this.deps.db, owner.id)).map(present);
  }

  async get(user: UserRow | null, id: string): Promise<Webhook> {
    const owner = this.owner(user);
    const found = await findHook(this.deps.db, owner.id, id);
    if (!found) throw notFound(NO_SUCH_HOOK);
    return present(found);
  }

  /**
   * Checks what create and edit accept, and turns it into column values. Only the fields given
   * are checked: an edit that leaves the subject alone is not refused because the profile it
   * follows can no longer be chosen. `hadSecret` and `method` are what the hook has now.
   */
  private async columns(
    owner: UserRow,
    input: WebhookUpdate,
    had: { secret: boolean; method: WebhookInput['signatureMethod'] },
  ) {
    const columns: Partial<typeof webhooks.$inferInsert> = {};
    if (input.target !== undefined) {
      const problem = targetProblem(input.target, {
        allowPrivate: this.deps.allowPrivateTargets,
        credentialsGo: 'use the client secret to sign instead',
      });
      if (problem) throw badRequest(problem, { field: 'target' });
      columns.target = input.target;
    }
    if (input.subject !== undefined) {
      if (
        input.subject !== ANY_GROUP_PROFILE &&
        !(await subjectProfile(this.deps.db, owner.id, input.subject))
      )
        throw badRequest(
          'The subject must be a published profile or a profile of your working groups.',
          { field: 'subject' },
        );
      columns.subjectProfileId = input.subject === ANY_GROUP_PROFILE ? null : input.subject;
    }
    const secret = input.clientSecret;
    const willHaveSecret = secret === undefined ? had.secret : secret !== '';
    const method = input.signatureMethod ?? had.method;
    if (method !== 'none' && !willHaveSecret)
      throw badRequest('A signature needs a client secret: enter one, or choose no signature.', {
        field: 'clientSecret',
      });
    if (input.description !== undefined) columns.description = input.description;
    if (input.signatureMethod !== undefined) columns.signatureMethod = input.signatureMethod;
    if (input.isEnabled !== undefined) columns.isEnabled = input.isEnabled;
    if (input.event !== undefined) columns.event = input.event;
    if (secret !== undefined)
      columns.secretCipher = secret === '' ? null : this.deps.secrets.seal(secret);
    return columns;
  }

  async create(user: UserRow | null, input: WebhookInput): Promise<Webhook> {
    const owner = this.owner(user);
    if ((await countHooks(this.deps.db, owner.id)) >= WEBHOOK_LIMITS.perUser)
      throw conflict(
        `You have ${WEBHOOK_LIMITS.perUser} webhooks, the most one person may have; remove one first.`,
      );
    const hook = await insertHook(this.deps.db, {
      ownerId: owner.id,
      target: input.target,
      description: input.description,
      ...(await this.columns(owner, input, { secret: false, method: 'none' })),
    });
    return this.get(owner, hook.id);
  }

  /** Changes the fields given; the others keep their stored values. */
  async update(user: UserRow | null, id: string, input: WebhookUpdate): Promise<Webhook> {
    const owner = this.owner(user);
    const found = await findHook(this.deps.db, owner.id, id);
    if (!found) throw notFound(NO_SUCH_HOOK);
    const columns = await this.columns(owner, input, {
      secret: found.hook.secretCipher !== null,
      method: found.hook.signatureMethod,
    });
    // Enabling a hook again gives it a fresh count of failures.
    const reset = input.isEnabled && !found.hook.isEnabled ? { consecutiveFailures: 0 } : {};
    if (!(await updateHook(this.deps.db, owner.id, id, { ...columns, ...reset })))
      throw notFound(NO_SUCH_HOOK);
    return this.get(owner, id);
  }

  async delete(user: UserRow | null, id: string): Promise<void> {
    const owner = this.owner(user);
    if (!(await deleteHook(this.deps.db, owner.id, id))) throw notFound(NO_SUCH_HOOK);
  }

  async deliveries(user: UserRow | null, id: string): Promise<WebhookDelivery[]> {
    const owner = this.owner(user);
    const found = await findHook(this.deps.db, owner.id, id);
    if (!found) throw notFound(NO_SUCH_HOOK);
    return (await recentDeliveries(this.deps.db, id, WEBHOOK_LIMITS.logSize)).map(presentDelivery);
  }

  private async enabledHook(user: UserRow | null, id: string) {
    const owner = this.owner(user);
    const found = await findHook(this.deps.db, owner.id, id);
    if (!found) throw notFound(NO_SUCH_HOOK);
    if (!found.hook.isEnabled) throw conflict('This webhook is disabled: enable it first.');
    return found.hook;
  }

  /**
   * Sends an earlier delivery's content again: a delivery of its own in the log, sent with the
   * earlier delivery's `X-Webhook-Delivery` id (the first one's, when that was a redelivery too),
   * so that a receiver that keeps the ids it handled recognises the repeat.
   */
  async redeliver(user: UserRow | null, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const hook = await this.enabledHook(user, id);
    const earlier = await deliveryById(this.deps.db, deliveryId);
    if (!earlier || earlier.hookId !== hook.id) throw notFound('No such delivery of this webhook.');
    return this.queueNew(hook.id, earlier.kind === 'test' ? 'test' : 'redelivery', {
      ...earlier.payload,
      deliveryId: sentId(earlier),
    });
  }

  /**
   * Sends a test event: the hook's event about an example profile, marked as a test in its body
   * (`"test": true`) and its headers (`X-Webhook-Test: true`) so that no receiver takes it for a
   * real change.
   */
  async sendTest(user: UserRow | null, id: string): Promise<WebhookDelivery> {
    const hook = await this.enabledHook(user, id);
    const example = '00000000-0000-4000-8000-000000000000';
    const iri = 'https://example.org/xapi/test-profile';
    return this.queueNew(hook.id, 'test', {
      event: hook.event,
      occurredAt: new Date().toISOString(),
      test: true,
      ...(hook.event === 'conceptDeprecated'
        ? {
            concept: {
              iri: `${iri}/verbs/tested`,
              name: 'tested',
              reason: 'An example deprecation sent as a test.',
              link: null,
            },
          }
        : {}),
      profile: {
        uuid: example,
        iri: 'https://example.org/xapi/test-profile',
        name: 'Test profile',
        version: 1,
        versionIri: 'https://example.org/xapi/test-profile/v1',
        url: `${this.deps.siteUrl}/profile/${example}`,
        documentUrl: `${this.deps.siteUrl}/api/profile/${example}`,
        etag: null,
        workingGroup: {
          uuid: example,
          name: 'Test working group',
          url: `${this.deps.siteUrl}/organization/${example}`,
        },
      },
    });
  }

  private async queueNew(
    hookId: string,
    kind: 'redelivery' | 'test',
    payload: WebhookDeliveryRow['payload'],
  ): Promise<WebhookDelivery> {
    return this.deps.db.transaction(async (tx) => {
      const delivery = await insertDelivery(tx, { hookId, kind, event: payload.event, payload });
      if (!delivery) throw new Error('insert into webhook_deliveries returned no row');
      await this.deps.queue.queue(delivery.id, 1, 0, tx);
      return presentDelivery(delivery);
    });
  }
}
