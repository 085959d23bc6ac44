import { z } from 'zod';
import { conceptTypeSchema } from './concepts';
import { pageInfoSchema, searchTextSchema } from './pagination';

/** What the search page searches, in the order of its tabs. */
export const SEARCH_CATEGORIES = ['profiles', 'concepts', 'templates', 'patterns'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/** Results on a category's page, and per category in the All view. */
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_PREVIEW_SIZE = 3;
/** Pages shown before and after the current one in the pager. */
export const SEARCH_PAGER_SPAN = 5;
/** The last page anyone may ask for: deep pages of a ranked search say nothing more. */
export const SEARCH_PAGE_MAX = 1000;

const flag = z
  .enum(['true', 'false'], 'Send true or false.')
  .optional()
  .transform((v) => v === 'true');

export const searchQuerySchema = z
  .object({
    search: searchTextSchema.default(''),
    page: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(1),
    limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
    /** true also finds deprecated concepts, templates and patterns (left out otherwise). */
    deprecated: flag,
    /** true finds only what verified profiles publish. */
    verified: flag,
    /** Concepts only: one concept type. */
    conceptType: conceptTypeSchema.optional(),
  })
  .strict();
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

const named = z.object({ uuid: z.string(), name: z.string() });

export const profileResultSchema = z.object({
  uuid: z.string(),
  versionUuid: z.string(),
  name: z.string(),
  iri: z.string(),
  isVerified: z.boolean(),
  createdOn: z.string(),
  updatedOn: z.string(),
  organization: named,
  description: z.string(),
  tags: z.array(z.string()),
  /** Other published profiles sharing the most tags with this one. */
  similarProfiles: z.array(named),
  concepts: z.number().int(),
  templates: z.number().int(),
  patterns: z.number().int(),
  parentProfile: named,
});
export type ProfileResult = z.infer<typeof profileResultSchema>;

export const itemResultSchema = z.object({
  uuid: z.string(),
  iri: z.string(),
  name: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
  type: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  isDeprecated: z.boolean(),
  parentProfile: named.nullable(),
  organization: named.nullable(),
  /** Concepts only: how many published templates and profiles use it. */
  usedBy: z.object({ templates: z.number().int(), profiles: z.number().int() }).optional(),
});
export type ItemResult = z.infer<typeof itemResultSchema>;

export const profileResultsSchema = pageInfoSchema.extend({
  success: z.literal(true),
  results: z.array(profileResultSchema),
});
export type ProfileResults = z.infer<typeof profileResultsSchema>;

export const itemResultsSchema = pageInfoSchema.extend({
  success: z.literal(true),
  results: z.array(itemResultSchema),
});
export type ItemResults = z.infer<typeof itemResultsSchema>;
