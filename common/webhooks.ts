import { z } from 'zod';

/** What a hook can listen for (spec 1 §3: the default is profilePublished). */
export const WEBHOOK_EVENTS = [
  'profilePublished',
  'profileVerified',
  'verificationRevoked',
  'conceptDeprecated',
  'draftCreated',
  'reviewRequested',
  'reviewApproved',
  'reviewChangesRequested',
  'reviewThreadResolved',
  'feedbackReceived',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const SIGNATURE_METHODS = ['none', 'sha1', 'sha256'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** The subject that stands for every profile of the owner's working groups. */
export const ANY_GROUP_PROFILE = 'myGroups';

export const WEBHOOK_LIMITS = {
  /** Hooks one person may have. */
  perUser: 25,
  targetMax: 2000,
  descriptionMax: 200,
  secretMax: 200,
  /** Deliveries the log shows (and keeps) per hook. */
  logSize: 50,
  /** Profiles the subject list offers at most. */
  subjectsMax: 500,
} as const;

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  profilePublished: 'Profile published',
  profileVerified: 'Profile verified',
  verificationRevoked: 'Verification revoked',
  conceptDeprecated: 'Concept deprecated',
  draftCreated: 'Draft created',
  reviewRequested: 'Review requested',
  reviewApproved: 'Draft approved',
  reviewChangesRequested: 'Changes requested',
  reviewThreadResolved: 'Discussion resolved',
  feedbackReceived: 'Feedback received',
};

const target = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(
    WEBHOOK_LIMITS.targetMax,
    `The target URL must be at most ${WEBHOOK_LIMITS.targetMax} characters.`,
  )
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'The target must be an http:// or https:// URL.');

const description = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(
    WEBHOOK_LIMITS.descriptionMax,
    `Description must be at most ${WEBHOOK_LIMITS.descriptionMax} characters.`,
  );

const subject = z.union([z.uuid(), z.literal(ANY_GROUP_PROFILE)], {
  error: `The subject must be a profile id or "${ANY_GROUP_PROFILE}".`,
});

const signatureMethod = z.enum(SIGNATURE_METHODS, { error: 'Choose none, sha1 or sha256.' });
const event = z.enum(WEBHOOK_EVENTS, {
  error: `The event must be one of ${WEBHOOK_EVENTS.join(', ')}.`,
});

const secret = z
  .string()
  .max(
    WEBHOOK_LIMITS.secretMax,
    `The client secret must be at most ${WEBHOOK_LIMITS.secretMax} characters.`,
  );

/** Creating a hook; the client secret is optional (needed for a signature). */
export const webhookCreateSchema = z
  .object({
    target,
    description,
    subject,
    signatureMethod: signatureMethod.default('none'),
    isEnabled: z.boolean().default(true),
    event: event.default('profilePublished'),
    clientSecret: secret.optional(),
  })
  .strict();
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/**
 * Editing a hook: the fields sent change, the others keep their stored values (no defaults are
 * filled in). `clientSecret` left out keeps the stored one, an empty string removes it, any
 * other text replaces it.
 */
export const webhookUpdateSchema = z
  .object({
    target,
    description,
    subject,
    signatureMethod,
    isEnabled: z.boolean(),
    event,
    clientSecret: secret,
  })
  .partial()
  .strict();
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  target: z.string(),
  description: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  signatureMethod: z.enum(SIGNATURE_METHODS),
  /** "set" when a secret is stored; the secret itself is never sent back. */
  clientSecret: z.literal('set').nullable(),
  isEnabled: z.boolean(),
  subject: z.string(),
  /** The subject's name as the form shows it. */
  subjectName: z.string(),
  consecutiveFailures: z.number(),
  createdOn: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({
  success: z.literal(true),
  hooks: z.array(webhookSchema),
});
export type WebhookList = z.infer<typeof webhookListSchema>;
export const webhookResponseSchema = z.object({ success: z.literal(true), hook: webhookSchema });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

export const webhookSubjectSchema = z.object({
  /** A profile id, or `myGroups`. */
  value: z.string(),
  /** The profile (root) the subject stands for; null for `myGroups`. */
  parentProfile: z.string().nullable(),
  name: z.string(),
  /** The working group that owns the profile. */
  organization: z.string().nullable(),
});
export type WebhookSubject = z.infer<typeof webhookSubjectSchema>;
export const webhookSubjectsSchema = z.object({
  success: z.literal(true),
  subjects: z.array(webhookSubjectSchema),
});
export type WebhookSubjects = z.infer<typeof webhookSubjectsSchema>;

/** The body every delivery posts, besides its `deliveryId`. */
export interface WebhookPayload {
  event: WebhookEvent;
  occurredAt: string;
  /** Only on a test event (which also carries `X-Webhook-Test: true`): no profile changed. */
  test?: true;
  profile: {
    uuid: string;
    iri: string;
    name: string;
    version: number;
    versionIri: string;
    /** The version's page on the site (HTML), for a person. */
    url: string;
    /**
     * The version's JSON-LD document in the public API (`GET /api/profile/{version uuid}`); a
     * draft's needs a read key of its working group.
     */
    documentUrl: string;
    /**
     * The ETag the document's uncompressed JSON answer carries, for a published version (whose
     * document never changes); null for a draft, which changes with every save. A mirror that
     * already holds this ETag need not fetch the document again.
     */
    etag: string | null;
    /** The working group that owns the profile; `url` is its page on the site. */
    workingGroup: { uuid: string; name: string; url: string };
  };
  /** `conceptDeprecated` only: the concept, its name (prefLabel) and why it was deprecated. */
  concept?: {
    iri: string;
    name: string | null;
    reason: string | null;
    /** Where the deprecation points to instead, when it was given. */
    link: string | null;
  };
  /** `feedbackReceived` only: what kind of feedback, on which item, and where to read it. */
  feedback?: {
    uuid: string;
    kind: 'problem' | 'question' | 'suggestion';
    itemId: string | null;
    public: boolean;
  };
  /**
   * Kept with the delivery, never a body field of its own: the id a redelivery sends, which is
   * the first delivery's, so that a receiver that keeps the ids it handled sees a repeat.
   */
  deliveryId?: string;
}

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  kind: z.enum(['event', 'redelivery', 'test']),
  status: z.enum(['pending', 'sending', 'delivered', 'failed']),
  attempts: z.number(),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
  createdOn: z.string(),
  lastAttemptOn: z.string().nullable(),
  nextAttemptOn: z.string().nullable(),
  /** The `X-Webhook-Delivery` id sent: this delivery's own, or for a redelivery the first one's. */
  sentId: z.string(),
  /** The exact body posted (JSON text). */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = z.object({
  success: z.literal(true),
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;
export const webhookDeliveryResponseSchema = z.object({
  success: z.literal(true),
  delivery: webhookDeliverySchema,
});
