import { z } from 'zod';
import { revisionSchema } from './revisions';
import { pageInfoSchema, pageQuerySchema, searchTextSchema } from './pagination';
import {
  IRI_FORMAT_MESSAGE,
  isHttpUrl,
  iriFormatError,
  iriFormatProblem,
  isValidIri,
  MORE_INFO_MESSAGE,
  PROFILE_LIMITS,
  REQUIRED,
  storedTranslationSchema,
  translationSchema,
} from './profiles';

/**
 * What concepts, statement templates and patterns ("items") share in the site API: their list
 * queries, rows, details, changes, links, deprecation, claims and Deleted Items. Each kind's
 * file adds only its own parts.
 */

export const ITEM_KINDS = ['concept', 'template', 'pattern'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

// --- inputs -----------------------------------------------------------------------------------

export const requiredText = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);

export const optionalIri = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.iriMax)
  .refine((v) => v === '' || isValidIri(v), iriFormatError)
  .default('');

/** The IRI fields of a create form: a generated suffix or an external IRI. */
export const iriChoiceShape = {
  iriType: z.enum(['generated-iri', 'external-iri']).optional(),
  extiri: z.string().trim().max(PROFILE_LIMITS.iriMax).optional(),
  geniri: z.string().trim().max(300).optional(),
};

export const iriFormatMessage = (value: string) => iriFormatProblem(value) ?? IRI_FORMAT_MESSAGE;

export function checkIri(
  v: {
    iriType?: 'generated-iri' | 'external-iri' | undefined;
    extiri?: string | undefined;
    geniri?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (v.iriType === 'external-iri') {
    if (!v.extiri) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['extiri'] });
    else if (!isValidIri(v.extiri))
      ctx.addIssue({ code: 'custom', message: iriFormatMessage(v.extiri), path: ['extiri'] });
  } else if (v.iriType === 'generated-iri') {
    if (!v.geniri) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['geniri'] });
    else if (!isValidIri(`https://example.org/${v.geniri}`) || v.geniri.includes('#'))
      ctx.addIssue({ code: 'custom', message: IRI_FORMAT_MESSAGE, path: ['geniri'] });
  }
}

/** Name, description, translations, tags and more information of templates and patterns. */
export const itemDetailsShape = {
  name: requiredText(PROFILE_LIMITS.nameMax),
  description: requiredText(PROFILE_LIMITS.descriptionMax),
  translations: z
    .array(translationSchema)
    .max(PROFILE_LIMITS.translationsMax)
    .default([])
    .refine(
      (list) => new Set(list.map((t) => t.language.toLowerCase())).size === list.length,
      'Each language may be used once.',
    ),
  tags: z
    .array(z.string().trim().min(1).max(PROFILE_LIMITS.tagMax))
    .max(PROFILE_LIMITS.tagsMax)
    .default([]),
  moreInformation: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.iriMax)
    .refine((v) => v === '' || isHttpUrl(v), MORE_INFO_MESSAGE)
    .default(''),
};

export const deprecateSchema = z
  .object({
    reason: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(2000),
    link: optionalIri,
  })
  .strict();
export type DeprecateInput = z.input<typeof deprecateSchema>;

/** One value of an item to remove, named as a finding names it: a JSON Pointer inside the item. */
export const removeValueSchema = z
  .object({
    pointer: z
      .string({ error: REQUIRED })
      .min(2, 'must name a value inside the item, e.g. /scopeNote')
      .max(2000),
  })
  .strict();
export type RemoveValueInput = z.input<typeof removeValueSchema>;

/** Items of other profiles to list in a version, e.g. `{ conceptIds: [...] }`. */
export const linkItemsSchema = <K extends string>(key: K, label: string) =>
  z
    .object({
      [key]: z.array(z.uuid()).min(1, `Choose at least one ${label}.`).max(100),
    } as Record<K, z.ZodArray<z.ZodUUID>>)
    .strict();

export const claimSchema = z.object({ profileId: z.uuid('Choose a profile.') }).strict();

export const itemSortSchema = z.enum(['name', '-name', 'updated', '-updated']);
/** The page sizes a version's item lists offer. */
export const ITEM_PAGE_SIZES = [10, 25, 50, 100] as const;

/** Narrows a version's item list to names, IRIs or types containing the text. */
export const itemListFilterSchema = searchTextSchema.default('');

export const itemListQuerySchema = pageQuerySchema.extend({
  sort: itemSortSchema.default('name'),
  filter: itemListFilterSchema,
});

// --- answers ----------------------------------------------------------------------------------

export const linkAnswerSchema = z.object({ success: z.literal(true), versionId: z.string() });

export const itemStatusSchema = z.enum(['Deprecated', 'Unpublished', 'Published']);

export const parentProfileSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  state: z.enum(['draft', 'published']),
  organization: z.object({ uuid: z.string(), name: z.string() }),
});

/** What a row of every kind shows in lists. */
export const itemRowSchema = z.object({
  uuid: z.string(),
  iri: z.string(),
  name: z.string(),
  description: z.string(),
  parentProfile: parentProfileSchema.nullable(),
  updatedOn: z.string(),
  status: itemStatusSchema,
  /** Defined by another profile and only listed here. */
  linked: z.boolean(),
});
export type ItemRowBasics = z.infer<typeof itemRowSchema>;

export const deprecationSchema = z
  .object({
    reason: z.string(),
    link: z.string().nullable(),
    by: z.string().nullable(),
    on: z.string(),
  })
  .nullable();

/** What the detail of every kind shows besides its row and its own parts. */
export const itemViewShape = {
  translations: z.array(storedTranslationSchema),
  deprecation: deprecationSchema,
  updatedBy: z.string().nullable(),
  /** Listed by a published version of its profile: editing is limited from then on. */
  publishedInProfile: z.boolean(),
  /** The revision shown; a save of a change to it sends it back as If-Match. */
  revision: revisionSchema,
};

/** What the viewer may do with an item in the version of the request (false outside one). */
export const itemPermissionsShape = {
  edit: z.boolean(),
  /**
   * Delete is offered: the viewer may edit the item and no published version lists it (once one
   * does, it may be in use and can only be deprecated).
   */
  delete: z.boolean(),
  removeLink: z.boolean(),
  claim: z.boolean(),
};

/** A page of rows under the kind's plural, e.g. `{ concepts: [...] }`. */
export const itemListSchema = <K extends string, R extends z.ZodType>(key: K, row: R) =>
  pageInfoSchema
    .extend({ success: z.literal(true) })
    .extend({ [key]: z.array(row) } as Record<K, z.ZodArray<R>>);

/** The answer to every change: the item, and where it landed (a new draft when published). */
export const itemChangeSchema = <K extends string>(key: K) =>
  z
    .object({ success: z.literal(true) })
    .extend({ [key]: z.object({ uuid: z.string() }) } as Record<
      K,
      z.ZodObject<{ uuid: z.ZodString }>
    >)
    .extend({ versionId: z.string() });

export const deletedItemSchema = z.object({
  uuid: z.string(),
  iri: z.string(),
  name: z.string(),
  kind: z.enum(ITEM_KINDS),
  type: z.string(),
  parentProfile: parentProfileSchema.nullable(),
  updatedOn: z.string(),
  /** Deleted from this profile, or left without a profile when its profile was deleted. */
  reason: z.enum(['deleted', 'orphaned']),
  deletedOn: z.string().nullable(),
});
export type DeletedItem = z.infer<typeof deletedItemSchema>;

export const deletedItemsSchema = pageInfoSchema.extend({
  success: z.literal(true),
  items: z.array(deletedItemSchema),
});
export type DeletedItems = z.infer<typeof deletedItemsSchema>;

/** Where a deleted item waits: its working group, its profile and the version members edit. */
export const deletedItemPlaceSchema = z.object({
  organization: z.object({ uuid: z.string(), name: z.string() }),
  profile: z.object({ uuid: z.string(), name: z.string() }),
  versionId: z.string(),
});
export type DeletedItemPlace = z.infer<typeof deletedItemPlaceSchema>;

/**
 * Deleted Items across profiles: the deleted items of every profile of the groups the person
 * belongs to, sorted by group and profile, and how many orphans wait to be claimed, with a
 * Deleted Items page of one of their profiles to claim them from (null when they have none).
 */
export const myDeletedItemsSchema = pageInfoSchema.extend({
  success: z.literal(true),
  items: z.array(deletedItemSchema.extend({ place: deletedItemPlaceSchema })),
  orphans: z.object({ total: z.number().int(), place: deletedItemPlaceSchema.nullable() }),
});
export type MyDeletedItems = z.infer<typeof myDeletedItemsSchema>;
export type MyDeletedItem = MyDeletedItems['items'][number];
