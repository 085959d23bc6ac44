import { z } from 'zod';
import {
  checkIri,
  itemChangeSchema,
  itemDetailsShape,
  itemListQuerySchema,
  itemListSchema,
  itemPermissionsShape,
  itemRowSchema,
  itemStatusSchema,
  itemViewShape,
  linkItemsSchema,
  parentProfileSchema,
} from './items';
import { pageInfoSchema, pageQuerySchema, searchTextSchema } from './pagination';
import { PROFILE_LIMITS, REQUIRED } from './profiles';

/**
 * Patterns as the web app authors them (spec 3 §2.3, §3, §4, §5; xAPI Profiles §9). Routes live
 * under `/app/profile/{profileId}/version/{versionId}/patterns`.
 */

export const PATTERN_TYPES = [
  'sequence',
  'alternates',
  'optional',
  'oneOrMore',
  'zeroOrMore',
] as const;
export const patternTypeSchema = z.enum(PATTERN_TYPES);
export type PatternType = z.infer<typeof patternTypeSchema>;

/** sequence and alternates hold a list of components; the others exactly one. */
export const LIST_PATTERN_TYPES: readonly PatternType[] = ['sequence', 'alternates'];
export const isListPattern = (type: PatternType) => LIST_PATTERN_TYPES.includes(type);

export const PATTERN_TYPE_LABELS: Record<PatternType, string> = {
  sequence: 'Sequence',
  alternates: 'Alternates',
  optional: 'Optional',
  oneOrMore: 'One or More',
  zeroOrMore: 'Zero or More',
};

export const COMPONENT_TYPES = ['template', 'pattern'] as const;
export const componentTypeSchema = z.enum(COMPONENT_TYPES);
export type ComponentType = z.infer<typeof componentTypeSchema>;

export const PATTERN_LIMITED_EDIT_MESSAGE =
  'Editing is limited: a published version of this profile lists this pattern, so statements may already follow it, and the xAPI Profiles specification keeps what a published pattern matches. In a new version you can change its translations, tags and more information; its kind and components stay as published. To change them, deprecate this pattern, naming what replaces it, and create a new one.';
export const EMPTY_PATTERNS_MESSAGE =
  'There are no patterns in this profile. Create one, or add an existing pattern from another profile.';
export const EMPTY_COMPONENTS_MESSAGE = 'This pattern has no components yet.';

export const generatedPatternIri = (profileIri: string, suffix: string) =>
  `${profileIri}/patterns/${suffix.trim()}`;

// --- the pattern rules of the xAPI Profiles specification (checklist K5–K10) -----------------

export const SINGLE_COMPONENT_MESSAGE = (type: PatternType) =>
  `A ${PATTERN_TYPE_LABELS[type]} pattern takes exactly one component.`;
export const ALTERNATES_MINIMUM_MESSAGE =
  'An alternates pattern needs at least two components; with one, use that component directly.';
export const SEQUENCE_MINIMUM_MESSAGE =
  'A sequence needs at least two components, unless it is a primary pattern whose one component is a statement template.';
export const OPTIONAL_IN_ALTERNATES_MESSAGE = (name: string) =>
  `${name} is an optional or zeroOrMore pattern, which cannot be placed directly inside alternates; make the whole alternates optional instead.`;
export const CYCLE_MESSAGE = (name: string) =>
  `${name} contains this pattern, so using it here would make the pattern contain itself.`;
export const DUPLICATE_COMPONENT_MESSAGE = 'Each component may appear once in alternates.';

/** A component as the form knows it: what it is and, for a pattern, its own type. */
export interface ComponentFacts {
  componentType: ComponentType;
  componentId: string;
  name: string;
  /** The type of a pattern component. */
  patternType?: PatternType | undefined;
}

/**
 * The problems of a pattern's components that can be told from the pattern alone (K5–K9): the
 * form shows them before save, and the server runs the same function.
 */
export function componentProblems(
  type: PatternType,
  primary: boolean,
  components: readonly ComponentFacts[],
): string[] {
  const problems: string[] = [];
  if (!isListPattern(type)) {
    if (components.length !== 1) problems.push(SINGLE_COMPONENT_MESSAGE(type));
    return problems;
  }
  if (type === 'alternates') {
    if (components.length < 2) problems.push(ALTERNATES_MINIMUM_MESSAGE);
    if (new Set(components.map((c) => c.componentId)).size !== components.length)
      problems.push(DUPLICATE_COMPONENT_MESSAGE);
    for (const c of components)
      if (c.patternType === 'optional' || c.patternType === 'zeroOrMore')
        problems.push(OPTIONAL_IN_ALTERNATES_MESSAGE(c.name));
  }
  if (type === 'sequence' && components.length < 2) {
    const single = components[0];
    if (!(components.length === 1 && primary && single?.componentType === 'template'))
      problems.push(SEQUENCE_MINIMUM_MESSAGE);
  }
  return problems;
}

// --- inputs -----------------------------------------------------------------------------------

export const componentInputSchema = z
  .object({ componentType: componentTypeSchema, componentId: z.uuid('Choose a component.') })
  .strict();
export type ComponentInput = z.infer<typeof componentInputSchema>;

const detailsShape = {
  ...itemDetailsShape,
  primary: z.boolean({ error: REQUIRED }).default(true),
  components: z.array(componentInputSchema).max(200),
};

/** Create Pattern: the type, the details, the IRI and the components in order. */
export const createPatternSchema = z
  .object({
    type: patternTypeSchema,
    ...detailsShape,
    iriType: z.enum(['generated-iri', 'external-iri'], { error: REQUIRED }),
    extiri: z.string().trim().max(PROFILE_LIMITS.iriMax).optional(),
    geniri: z.string().trim().max(300).optional(),
  })
  .strict()
  .superRefine((v, ctx) => checkIri(v, ctx));
export type CreatePatternInput = z.input<typeof createPatternSchema>;
export type CreatePatternValues = z.output<typeof createPatternSchema>;

/**
 * Edit Pattern. While unpublished everything but the type and IRI may change; once published
 * the server refuses any change but translations, tags and more information.
 */
export const editPatternSchema = z.object(detailsShape).strict();
export type EditPatternInput = z.input<typeof editPatternSchema>;
export type EditPatternValues = z.output<typeof editPatternSchema>;

export const linkPatternsSchema = linkItemsSchema('patternIds', 'pattern');
export const patternListQuerySchema = itemListQuerySchema;

/** Patterns to add to a version: not those it lists, no drafts of other profiles. */
export const patternSearchQuerySchema = pageQuerySchema.extend({
  search: searchTextSchema.default(''),
  versionId: z.uuid().optional(),
});

/**
 * Components for a pattern being built in a version: templates or patterns, never deprecated,
 * never drafts of other profiles (the version's own profile's drafts are fine).
 */
export const componentSearchQuerySchema = pageQuerySchema.extend({
  search: searchTextSchema.default(''),
  versionId: z.uuid(),
  componentType: componentTypeSchema,
  /** The pattern being edited, left out of its own components. */
  patternId: z.uuid().optional(),
});

// --- answers ----------------------------------------------------------------------------------

export const patternRowSchema = itemRowSchema.extend({
  type: patternTypeSchema.nullable(),
  primary: z.boolean(),
});
export type PatternRow = z.infer<typeof patternRowSchema>;

export const patternListSchema = itemListSchema('patterns', patternRowSchema);
export type PatternList = z.infer<typeof patternListSchema>;

export const patternComponentSchema = z.object({
  uuid: z.string().nullable(),
  iri: z.string(),
  name: z.string().nullable(),
  description: z.string(),
  componentType: componentTypeSchema.nullable(),
  /** For a pattern component: its type. */
  patternType: patternTypeSchema.nullable(),
  status: itemStatusSchema.nullable(),
  parentProfile: parentProfileSchema.nullable(),
});
export type PatternComponent = z.infer<typeof patternComponentSchema>;

export const componentListSchema = pageInfoSchema.extend({
  success: z.literal(true),
  components: z.array(patternComponentSchema),
});
export type ComponentList = z.infer<typeof componentListSchema>;

export const patternViewSchema = z.object({
  success: z.literal(true),
  pattern: patternRowSchema.extend({
    ...itemViewShape,
    tags: z.array(z.string()),
    moreInformation: z.string(),
    /** In order; an IRI this server does not know has no uuid, name or type. */
    components: z.array(patternComponentSchema),
    content: z.record(z.string(), z.unknown()),
  }),
  permissions: z.object(itemPermissionsShape),
});
export type PatternView = z.infer<typeof patternViewSchema>;

export const patternChangeSchema = itemChangeSchema('pattern');
export type PatternChange = z.infer<typeof patternChangeSchema>;
