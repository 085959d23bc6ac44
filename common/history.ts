import { z } from 'zod';
import { changeImpactSchema, fieldChangeSchema } from './changes';

/**
 * An item's history: every revision of it, across its profile's versions and the draft, newest
 * first, each with what changed since the one before (the same comparison as the Compare screen).
 * Visitors see the revisions published versions list; members of its group also the draft's.
 * Shared by `/app` and `/api`.
 */

export const historyVersionSchema = z.object({
  uuid: z.uuid(),
  version: z.number().int().describe('The version’s number on this server (1, 2, …).'),
  state: z.enum(['draft', 'published']),
});

export const historyEntrySchema = z.object({
  revision: z.uuid().describe('The revision’s id.'),
  savedAt: z.string().describe('When it was saved (ISO 8601).'),
  savedBy: z.string().nullable().describe('Who saved it (signed-in callers only).'),
  version: historyVersionSchema
    .nullable()
    .describe('The version it was saved in (null for a version that no longer exists).'),
  name: z.string(),
  /** What the revision did to the item, against the one before it. */
  change: z.enum(['created', 'changed', 'deprecated', 'undeprecated', 'restored']),
  restoredFrom: z.uuid().nullable().describe('The earlier revision a restore brought back.'),
  impact: changeImpactSchema.nullable(),
  fields: z.array(fieldChangeSchema),
  /** Whether the version of the request lists this revision: the item as that version has it. */
  current: z.boolean(),
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const itemHistorySchema = z.object({
  success: z.literal(true),
  history: z.array(historyEntrySchema),
  /** Whether the caller may restore a revision here (a member, on the profile's current version). */
  canRestore: z.boolean(),
  /**
   * The revisions a restore would refuse: the item is listed by a published version, and they
   * differ from it in what can no longer change (its name, definition or what statements it fixes).
   */
  unrestorable: z.array(z.uuid()),
});

export type ItemHistory = z.infer<typeof itemHistorySchema>;

/** One earlier revision, read-only. */
export const itemRevisionSchema = z.object({
  success: z.literal(true),
  revision: z.object({
    uuid: z.uuid(),
    name: z.string(),
    type: z.string(),
    savedAt: z.string(),
    savedBy: z.string().nullable(),
    version: historyVersionSchema.nullable(),
    content: z.record(z.string(), z.unknown()).describe('The item as a profile document has it.'),
  }),
});

export type ItemRevision = z.infer<typeof itemRevisionSchema>;

export const revisionCompareQuerySchema = z.object({
  from: z.uuid('must be a revision id'),
  to: z.uuid('must be a revision id'),
});

export const revisionComparisonSchema = z.object({
  success: z.literal(true),
  from: z.uuid(),
  to: z.uuid(),
  /** Null when the two say the same. */
  impact: changeImpactSchema.nullable(),
  fields: z.array(fieldChangeSchema),
});

export type RevisionComparison = z.infer<typeof revisionComparisonSchema>;

/** The public API's answer: an item's history as published versions list it. */
export const publishedHistorySchema = z.object({
  success: z.literal(true),
  item: z.object({
    uuid: z.uuid(),
    iri: z.string(),
    kind: z.enum(['concept', 'template', 'pattern']),
  }),
  history: z.array(historyEntrySchema),
});
