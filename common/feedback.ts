import { z } from 'zod';

/**
 * Feedback on a published version or one of its items, and watching a profile. Shared by `/app`
 * and `/api` (which reads the published version's public feedback).
 */

export const FEEDBACK_LIMITS = {
  bodyMax: 5000,
  answerMax: 5000,
  reasonMax: 500,
  /** Feedback one person may leave per hour and per day, over all profiles. */
  perHour: 10,
  perDay: 30,
} as const;

export const FEEDBACK_KINDS = ['problem', 'question', 'suggestion'] as const;
export const FEEDBACK_STATUSES = ['open', 'answered', 'addressed', 'closed'] as const;

export const feedbackKindSchema = z.enum(FEEDBACK_KINDS, {
  error: 'Choose problem, question or suggestion.',
});
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
export type FeedbackKind = z.infer<typeof feedbackKindSchema>;
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

const text = (max: number, what: string) =>
  z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(max, `${what} must be at most ${max} characters.`);

export const leaveFeedbackSchema = z.object({
  kind: feedbackKindSchema,
  body: text(FEEDBACK_LIMITS.bodyMax, 'Feedback'),
  /** The item of the version it is about; none for the version as a whole. */
  itemId: z.uuid('must be an item id').optional(),
  public: z.boolean().default(true),
});
export type LeaveFeedback = z.input<typeof leaveFeedbackSchema>;

export const answerFeedbackSchema = z.object({
  answer: text(FEEDBACK_LIMITS.answerMax, 'The answer'),
});
export const addressFeedbackSchema = z.object({
  versionId: z.uuid('must be a version id'),
});
export const closeFeedbackSchema = z.object({
  reason: text(FEEDBACK_LIMITS.reasonMax, 'The reason'),
});
export const hideFeedbackSchema = z.object({ hidden: z.boolean() });

export const feedbackSchema = z.object({
  uuid: z.uuid(),
  profileId: z.uuid(),
  /** The profile's name as the version the feedback is on has it. */
  profileName: z.string(),
  version: z.object({ uuid: z.uuid(), version: z.number().int() }),
  item: z
    .object({
      uuid: z.uuid(),
      kind: z.enum(['concept', 'template', 'pattern']),
      name: z.string(),
      iri: z.string(),
    })
    .nullable(),
  kind: feedbackKindSchema,
  body: z.string(),
  public: z.boolean(),
  status: feedbackStatusSchema,
  /** The author's name as the site shows people; null once the account is gone. */
  author: z.string().nullable(),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  addressedIn: z.object({ uuid: z.uuid(), version: z.number().int() }).nullable(),
  closedReason: z.string().nullable(),
  /** Hidden by a group admin: shown to the group only. */
  hidden: z.boolean(),
  permissions: z
    .object({ respond: z.boolean(), hide: z.boolean(), remove: z.boolean() })
    .describe('What the caller may do with it.'),
  /** The profile's versions after this one, which may be named as addressing it (the group only). */
  addressableIn: z.array(z.object({ uuid: z.uuid(), version: z.number().int() })),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackCountsSchema = z.object({
  open: z.number().int(),
  answered: z.number().int(),
  addressed: z.number().int(),
  closed: z.number().int(),
});
export type FeedbackCounts = z.infer<typeof feedbackCountsSchema>;

export const feedbackListSchema = z.object({
  success: z.literal(true),
  feedback: z.array(feedbackSchema),
  counts: feedbackCountsSchema,
  /** Whether the caller may leave feedback here (signed in, on a published version). */
  canLeave: z.boolean(),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;

export const feedbackAnswerSchema = z.object({
  success: z.literal(true),
  feedback: feedbackSchema,
});

export const feedbackListQuerySchema = z.object({
  itemId: z.uuid('must be an item id').optional(),
  status: feedbackStatusSchema.optional(),
});

export const watchSchema = z.object({
  success: z.literal(true),
  watching: z.boolean(),
  watchers: z.number().int(),
});
export type Watch = z.infer<typeof watchSchema>;

/** The public API's answer: a published version's public feedback. */
export const publishedFeedbackSchema = z.object({
  success: z.literal(true),
  feedback: z.array(feedbackSchema.omit({ permissions: true, addressableIn: true })),
});
