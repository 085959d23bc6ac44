import { z } from 'zod';

export const REVIEW_LIMITS = {
  bodyMax: 10_000,
  decisionMessageMax: 10_000,
  overrideReasonMax: 1_000,
  reviewersPerRequest: 20,
  fieldDepthMax: 6,
  fieldKeyMax: 100,
  approvalsMax: 10,
} as const;

const body = z
  .string()
  .trim()
  .min(1, 'Write a message.')
  .max(REVIEW_LIMITS.bodyMax, `A message is at most ${REVIEW_LIMITS.bodyMax} characters.`);

/** A path into an item's content: `["definition","en"]` is the definition in English. */
export const fieldPathSchema = z
  .array(z.string().min(1).max(REVIEW_LIMITS.fieldKeyMax))
  .min(1)
  .max(REVIEW_LIMITS.fieldDepthMax);
export type FieldPath = z.infer<typeof fieldPathSchema>;

export const startThreadSchema = z
  .object({
    itemId: z.uuid('must be an item id').optional(),
    field: fieldPathSchema.optional(),
    body,
  })
  .strict()
  .refine((v) => v.field === undefined || v.itemId !== undefined, {
    message: 'A field belongs to an item: name the item.',
    path: ['field'],
  });
export type StartThread = z.infer<typeof startThreadSchema>;

export const messageInputSchema = z.object({ body }).strict();
export type MessageInput = z.infer<typeof messageInputSchema>;

export const threadsQuerySchema = z.object({ itemId: z.uuid('must be an item id').optional() });

export const personSchema = z.object({ uuid: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

export const reviewMessageSchema = z.object({
  id: z.string(),
  author: personSchema.nullable(),
  /** Empty once deleted. */
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  mine: z.boolean(),
});
export type ReviewMessage = z.infer<typeof reviewMessageSchema>;

export const reviewThreadSchema = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemName: z.string().nullable(),
  field: fieldPathSchema.nullable(),
  /** The item's revision the thread was written on. */
  anchorRevisionId: z.string().nullable(),
  /** What the thread is about has changed since it was written. */
  outdated: z.boolean(),
  resolved: z.boolean(),
  resolvedBy: personSchema.nullable(),
  createdAt: z.string(),
  messages: z.array(reviewMessageSchema),
});
export type ReviewThread = z.infer<typeof reviewThreadSchema>;

export const threadListSchema = z.object({
  success: z.literal(true),
  threads: z.array(reviewThreadSchema),
});
export type ThreadList = z.infer<typeof threadListSchema>;

export const threadResponseSchema = z.object({
  success: z.literal(true),
  thread: reviewThreadSchema,
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

export const reviewRequestInputSchema = z
  .object({
    /** Usernames: members of the group, or signed-up people invited to review this draft. */
    reviewers: z
      .array(z.string().trim().min(1).max(100))
      .min(1, 'Name at least one reviewer.')
      .max(REVIEW_LIMITS.reviewersPerRequest),
  })
  .strict();
export type ReviewRequestInput = z.infer<typeof reviewRequestInputSchema>;

export const reviewDecisionSchema = z.enum(['approve', 'changes']);
export type ReviewDecisionKind = z.infer<typeof reviewDecisionSchema>;

export const reviewDecisionInputSchema = z
  .object({
    decision: reviewDecisionSchema,
    message: z.string().trim().max(REVIEW_LIMITS.decisionMessageMax).default(''),
  })
  .strict()
  .refine((v) => v.decision === 'approve' || v.message.length > 0, {
    message: 'Say what should change.',
    path: ['message'],
  });
export type ReviewDecisionInput = z.input<typeof reviewDecisionInputSchema>;

export const reviewRuleSchema = z
  .object({
    approvalsRequired: z.number().int().min(0).max(REVIEW_LIMITS.approvalsMax),
    reapproveAfterChange: z.boolean(),
  })
  .strict();
export type ReviewRule = z.infer<typeof reviewRuleSchema>;

export const reviewRuleResponseSchema = z.object({
  success: z.literal(true),
  rule: reviewRuleSchema,
});

export const reviewerStateSchema = z.object({
  reviewer: personSchema,
  invited: z.boolean(),
  requestedAt: z.string(),
  decision: reviewDecisionSchema.nullable(),
  decisionMessage: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Given on the version as it is now (false: the version changed since). */
  current: z.boolean(),
});
export type ReviewerState = z.infer<typeof reviewerStateSchema>;

export const reviewStateSchema = z.object({
  success: z.literal(true),
  /**
   * What is reviewed: the version's name and number, and the profile's published version it
   * would follow (what its changes are read against), if any.
   */
  subject: z.object({
    name: z.string(),
    version: z.number(),
    publishedVersionId: z.string().nullable(),
    /** The profile's current draft, still open for review (not a published version). */
    open: z.boolean(),
  }),
  rule: reviewRuleSchema,
  /** Who is looking: a member of the group (admin or not), or an invited reviewer. */
  viewer: z.enum(['admin', 'member', 'reviewer']),
  reviewers: z.array(reviewerStateSchema),
  /** Approvals that count under the rule. */
  approvals: z.number(),
  openThreads: z.number(),
  /** What keeps the version from being published, in words; empty: nothing. */
  missing: z.array(z.string()),
  override: z
    .object({ by: personSchema.nullable(), reason: z.string(), at: z.string() })
    .nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const myReviewSchema = z.object({
  profileId: z.string(),
  organizationId: z.string(),
  versionId: z.string(),
  profileName: z.string(),
  version: z.number(),
  requestedBy: personSchema.nullable(),
  requestedAt: z.string(),
  decision: reviewDecisionSchema.nullable(),
  current: z.boolean(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const myReviewsSchema = z.object({
  success: z.literal(true),
  reviews: z.array(myReviewSchema),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/** The `@username` mentions in a message (usernames: letters and digits, `-` or `_` between). */
export function mentionsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(^|[^\w@.-])@([A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?)/g))
    if (match[2]) found.add(match[2].toLowerCase());
  return [...found];
}
