import { z } from 'zod';

/**
 * The comparison of two versions of a profile: the change set of `compareVersions` in `xapi/`,
 * with the two versions it compares. Shared by `/app` and `/api`.
 */

export const changeImpactSchema = z
  .enum(['breaking', 'additive', 'editorial'])
  .describe(
    'breaking: statements that were valid may be refused; additive: something new, nothing lost; editorial: wording only.',
  );

export const fieldChangeSchema = z.object({
  field: z
    .string()
    .describe('Path of the field, e.g. `prefLabel.fr` or `rules[$.result.score].presence`.'),
  description: z.string(),
  impact: changeImpactSchema,
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

export const itemChangeSchema = z.object({
  kind: z.enum(['concept', 'template', 'pattern']),
  id: z.string().describe('The item IRI (in the newer version; the older one for a removed item).'),
  previousId: z.string().optional().describe('For a likely rename: the IRI in the older version.'),
  type: z.string(),
  label: z.string(),
  change: z.enum(['added', 'removed', 'renamed', 'deprecated', 'undeprecated', 'changed']),
  impact: changeImpactSchema,
  fields: z.array(fieldChangeSchema),
});

const countsSchema = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  renamed: z.number().int(),
  deprecated: z.number().int(),
  undeprecated: z.number().int(),
  changed: z.number().int(),
});

const sideSchema = z.object({
  id: z.string().nullable().describe('The version IRI.'),
  version: z.string().nullable().describe('The version number as read.'),
  label: z.string(),
});

export const changeSetSchema = z.object({
  from: sideSchema,
  to: sideSchema,
  impact: z.enum(['breaking', 'additive', 'editorial', 'none']),
  profile: z.array(fieldChangeSchema).describe('Changes to the profile’s own metadata.'),
  items: z.array(itemChangeSchema),
  counts: z.object({
    byImpact: z.object({
      breaking: z.number().int(),
      additive: z.number().int(),
      editorial: z.number().int(),
    }),
    concept: countsSchema,
    template: countsSchema,
    pattern: countsSchema,
  }),
  suggestedVersion: z.object({
    from: z.string().nullable(),
    part: z.enum(['MODEL', 'REVISION', 'ADDITION', 'NONE']),
    next: z.string().nullable(),
    reason: z.string(),
  }),
  warnings: z.array(z.object({ id: z.string(), message: z.string() })),
});

/** One side of a comparison as this server knows it. */
export const comparedVersionSchema = z.object({
  uuid: z.uuid(),
  version: z.number().int().describe('The version number on this server.'),
  state: z.enum(['draft', 'published']),
  iri: z.string(),
});

export const comparisonSchema = z.object({
  success: z.literal(true),
  from: comparedVersionSchema,
  to: comparedVersionSchema,
  changes: changeSetSchema,
});

/** Where a changed item lives on the site in each of the two versions (its item uuid there). */
export const itemLinkSchema = z.object({
  iri: z.string(),
  kind: z.enum(['concept', 'template', 'pattern']),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

/** The site's comparison: the public one plus the item pages to link to. */
export const siteComparisonSchema = comparisonSchema.extend({ links: z.array(itemLinkSchema) });

export const comparisonQuerySchema = z.object({
  from: z
    .uuid('must be a version uuid')
    .describe('The older version (a version uuid of this profile).'),
  to: z
    .uuid('must be a version uuid')
    .optional()
    .describe('The newer version; the current published version when left out.'),
});

export type Comparison = z.infer<typeof comparisonSchema>;
export type SiteComparison = z.infer<typeof siteComparisonSchema>;
export type ItemLink = z.infer<typeof itemLinkSchema>;
export type ComparedVersion = z.infer<typeof comparedVersionSchema>;
export type ChangeSetDto = z.infer<typeof changeSetSchema>;
export type ItemChangeDto = z.infer<typeof itemChangeSchema>;
