import { checkInlineSchema } from '../xapi/validate/json-schema';
import { z } from 'zod';
import { JSON_TOO_DEEP_MESSAGE, jsonTextTooDeep } from './limits';
import {
  checkIri,
  iriChoiceShape,
  iriFormatMessage,
  itemChangeSchema,
  itemDetailsShape,
  itemListFilterSchema,
  itemListSchema,
  itemPermissionsShape,
  itemRowSchema,
  itemViewShape,
  linkItemsSchema,
  optionalIri,
  requiredText,
} from './items';
import { pageQuerySchema, searchTextSchema } from './pagination';
import { iriFormatError, isValidIri, PROFILE_LIMITS, REQUIRED } from './profiles';

/** The six kinds of concept a person authors; Document and Extension each have three types. */
// Shared by every kind of item; kept here too for the screens that import them from concepts.

export const CONCEPT_TYPES = [
  'Verb',
  'ActivityType',
  'AttachmentUsageType',
  'Activity',
  'Document',
  'Extension',
] as const;
export const conceptTypeSchema = z.enum(CONCEPT_TYPES);
export type ConceptType = z.infer<typeof conceptTypeSchema>;

export const SEMANTIC_TYPES = ['Verb', 'ActivityType', 'AttachmentUsageType'] as const;
export const DOCUMENT_TYPES = [
  'StateResource',
  'AgentProfileResource',
  'ActivityProfileResource',
] as const;
export const EXTENSION_TYPES = [
  'ContextExtension',
  'ResultExtension',
  'ActivityExtension',
] as const;
/**
 * How a similar term relates. "exact" has no form inside one version (SKOS exactMatch names the
 * same meaning in another profile or another version); it is here so a relation a document
 * carries can be seen, corrected or removed in the form like the others.
 */
export const RELATION_TYPES = ['related', 'broader', 'narrower', 'exact'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];
export const INTERACTION_TYPES = [
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
] as const;
export const INTERACTION_COMPONENT_KEYS = [
  'choices',
  'scale',
  'source',
  'target',
  'steps',
] as const;

/** Where generated concept IRIs live under the profile IRI. */
export const CONCEPT_IRI_SEGMENT: Record<ConceptType, string> = {
  Verb: 'verbs',
  ActivityType: 'activity-types',
  AttachmentUsageType: 'attachment-usage-types',
  Activity: 'activities',
  Document: 'documents',
  Extension: 'extensions',
};

/** The spec `type` values a kind of concept stores. */
export const specTypesOf = (type: ConceptType): string[] =>
  type === 'Document' ? [...DOCUMENT_TYPES] : type === 'Extension' ? [...EXTENSION_TYPES] : [type];

/** The kind of concept a spec `type` value belongs to. */
export function conceptTypeOf(specType: string): ConceptType | null {
  if ((SEMANTIC_TYPES as readonly string[]).includes(specType)) return specType as ConceptType;
  if (specType === 'Activity') return 'Activity';
  if ((DOCUMENT_TYPES as readonly string[]).includes(specType)) return 'Document';
  if ((EXTENSION_TYPES as readonly string[]).includes(specType)) return 'Extension';
  return null;
}

export const NOT_JSON_MESSAGE = 'Not a valid json string.';
export const SCHEMA_FORMAT_MESSAGE = 'Schema String did not match expected format.';
export const LIMITED_EDIT_MESSAGE =
  'Editing is limited: a published version of this profile lists this concept, so statements may already use it, and the xAPI Profiles specification keeps what a published concept means. In a new version you can add translations and change its related and recommended terms; its name, description, IRI and type stay as published. To change them, deprecate this concept, naming what replaces it, and create a new one.';
export const relationTypeMessage = (name: string) => `${name} does not have a relation type.`;
export const EMPTY_CONCEPTS_MESSAGE =
  'There are no concepts in this profile. Concepts created in this profile or added through import or statement templates will appear here.';

export const generatedConceptIri = (profileIri: string, type: ConceptType, suffix: string) =>
  `${profileIri}/${CONCEPT_IRI_SEGMENT[type]}/${suffix.trim()}`;

const iriList = z
  .array(z.string().trim().max(PROFILE_LIMITS.iriMax).refine(isValidIri, iriFormatError))
  .max(200)
  .default([]);

/**
 * An inline JSON Schema as typed: JSON that is an object (or boolean) schema the draft-07
 * meta-schema accepts, checked as the profile validator checks it (rule F6).
 */
export function inlineSchemaProblem(value: string): string | null {
  if (value.trim() === '') return REQUIRED;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return NOT_JSON_MESSAGE;
  }
  if (
    typeof parsed !== 'boolean' &&
    !(typeof parsed === 'object' && parsed && !Array.isArray(parsed))
  )
    return SCHEMA_FORMAT_MESSAGE;
  const check = checkInlineSchema(value);
  return !check.ok && check.severity === 'error' ? SCHEMA_FORMAT_MESSAGE : null;
}

const schemaShape = {
  schemaType: z.enum(['inlineSchema', 'schemaString'], { error: REQUIRED }),
  inlineSchema: z
    .string()
    .max(200_000)
    .refine((text) => !jsonTextTooDeep(text), JSON_TOO_DEEP_MESSAGE)
    .default(''),
  schemaString: z.string().trim().max(PROFILE_LIMITS.iriMax).default(''),
};

type SchemaFields = {
  schemaType: 'inlineSchema' | 'schemaString';
  inlineSchema: string;
  schemaString: string;
};

function checkSchema(v: SchemaFields, ctx: z.RefinementCtx) {
  if (v.schemaType === 'inlineSchema') {
    const problem = inlineSchemaProblem(v.inlineSchema);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['inlineSchema'] });
  } else if (v.schemaString === '') {
    ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['schemaString'] });
  } else if (!isValidIri(v.schemaString)) {
    ctx.addIssue({
      code: 'custom',
      message: iriFormatMessage(v.schemaString),
      path: ['schemaString'],
    });
  }
}

const similarTermSchema = z.object({
  iri: z.string().trim().min(1).max(PROFILE_LIMITS.iriMax).refine(isValidIri, iriFormatError),
  name: z.string().max(PROFILE_LIMITS.nameMax).default(''),
  relationType: z.union([z.enum(RELATION_TYPES), z.literal('')]),
});
export type SimilarTerm = z.infer<typeof similarTermSchema>;

const interactionComponentSchema = z.object({
  id: z.string().trim().min(1, REQUIRED).max(200),
  description: z.string().trim().max(PROFILE_LIMITS.descriptionMax).default(''),
});

/** Only for a new concept the IRI fields count: the IRI is permanent once set. */
const common = {
  name: itemDetailsShape.name,
  description: itemDetailsShape.description,
  translations: itemDetailsShape.translations,
  ...iriChoiceShape,
};

const semanticSchema = z.object({
  conceptType: z.enum(SEMANTIC_TYPES),
  ...common,
  similarTerms: z.array(similarTermSchema).max(200).default([]),
});

const activitySchema = z.object({
  conceptType: z.literal('Activity'),
  ...common,
  activityType: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(PROFILE_LIMITS.iriMax)
    .refine(isValidIri, iriFormatError),
  moreInfo: optionalIri,
  interactionType: z.union([z.enum(INTERACTION_TYPES), z.literal('')]).default(''),
  correctResponsesPattern: z.array(z.string().max(5000)).max(100).default([]),
  choices: z.array(interactionComponentSchema).max(200).default([]),
  scale: z.array(interactionComponentSchema).max(200).default([]),
  source: z.array(interactionComponentSchema).max(200).default([]),
  target: z.array(interactionComponentSchema).max(200).default([]),
  steps: z.array(interactionComponentSchema).max(200).default([]),
  /** The activity definition's extensions as JSON text ('' for none). */
  extensions: z
    .string()
    .max(100_000)
    .refine((text) => !jsonTextTooDeep(text), JSON_TOO_DEEP_MESSAGE)
    .default(''),
});

const documentSchema = z.object({
  conceptType: z.literal('Document'),
  ...common,
  type: z.enum(DOCUMENT_TYPES, { error: REQUIRED }),
  mediaType: requiredText(200),
  contextIri: optionalIri,
  ...schemaShape,
});

const extensionSchema = z.object({
  conceptType: z.literal('Extension'),
  ...common,
  type: z.enum(EXTENSION_TYPES, { error: REQUIRED }),
  recommendedTerms: iriList,
  contextIri: optionalIri,
  ...schemaShape,
});

/** The concept form: one shape per kind. The server checks the same schema on save. */
export const conceptInputSchema = z
  .discriminatedUnion('conceptType', [
    semanticSchema,
    activitySchema,
    documentSchema,
    extensionSchema,
  ])
  // The IRI and schema fields are checked even when another field failed (a Document without its
  // type), so a first submit flags every problem at once; the value may then be unparsed input.
  .check(
    z.superRefine(
      (raw: Record<string, unknown>, ctx) => {
        const text = (key: string) => (typeof raw[key] === 'string' ? raw[key] : undefined);
        const iriType = text('iriType');
        checkIri(
          {
            iriType:
              iriType === 'generated-iri' || iriType === 'external-iri' ? iriType : undefined,
            extiri: text('extiri')?.trim(),
            geniri: text('geniri')?.trim(),
          },
          ctx,
        );
        const schemaType = text('schemaType');
        if (
          (raw.conceptType === 'Document' || raw.conceptType === 'Extension') &&
          (schemaType === 'inlineSchema' || schemaType === 'schemaString')
        )
          checkSchema(
            {
              schemaType,
              inlineSchema: text('inlineSchema') ?? '',
              schemaString: text('schemaString')?.trim() ?? '',
            },
            ctx,
          );
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  )
  .superRefine((v, ctx) => {
    if (v.conceptType === 'Activity' && v.extensions.trim() !== '') {
      const problem = inlineSchemaProblem(v.extensions);
      if (problem === NOT_JSON_MESSAGE)
        ctx.addIssue({ code: 'custom', message: NOT_JSON_MESSAGE, path: ['extensions'] });
    }
    if (
      v.conceptType === 'Verb' ||
      v.conceptType === 'ActivityType' ||
      v.conceptType === 'AttachmentUsageType'
    ) {
      v.similarTerms.forEach((term, index) => {
        if (term.relationType === '')
          ctx.addIssue({
            code: 'custom',
            message: relationTypeMessage(term.name || term.iri),
            path: ['similarTerms', index, 'relationType'],
          });
      });
    }
  });
export type ConceptInput = z.input<typeof conceptInputSchema>;
export type ConceptValues = z.output<typeof conceptInputSchema>;

export const linkConceptsSchema = linkItemsSchema('conceptIds', 'concept');

export const conceptSortSchema = z.enum(['name', '-name', 'type', '-type', 'updated', '-updated']);
export const conceptListQuerySchema = pageQuerySchema.extend({
  sort: conceptSortSchema.default('name'),
  filter: itemListFilterSchema,
});

export const conceptSearchQuerySchema = pageQuerySchema.extend({
  search: searchTextSchema.default(''),
  /** Hide what this version already lists; show drafts of its own profile. */
  versionId: z.uuid().optional(),
  conceptType: conceptTypeSchema.optional(),
  /** Only concepts of the version's own profile. */
  scope: z.enum(['all', 'profile']).default('all'),
  /** 'false' leaves deprecated concepts out. */
  deprecated: z.enum(['true', 'false']).optional(),
  /**
   * What the version lists: hidden when adding concepts to it (default), included when choosing
   * concepts to use in it, such as a statement template's determining properties.
   */
  listed: z.enum(['hide', 'include']).default('hide'),
});

// --- answers ----------------------------------------------------------------------------------

export const conceptRowSchema = itemRowSchema.extend({
  conceptType: conceptTypeSchema,
  type: z.string(),
});
export type ConceptRow = z.infer<typeof conceptRowSchema>;

export const conceptListSchema = itemListSchema('concepts', conceptRowSchema);
export type ConceptList = z.infer<typeof conceptListSchema>;

const termRefSchema = z.object({
  iri: z.string(),
  name: z.string().nullable(),
  uuid: z.string().nullable(),
});

export const conceptViewSchema = z.object({
  success: z.literal(true),
  concept: conceptRowSchema.extend({
    ...itemViewShape,
    similarTerms: z.array(termRefSchema.extend({ relationType: z.string() })),
    recommendedTerms: z.array(termRefSchema),
    /** The form's values for editing. */
    form: z.record(z.string(), z.unknown()),
    /** The concept as the profile document carries it. */
    content: z.record(z.string(), z.unknown()),
  }),
  permissions: z.object(itemPermissionsShape),
});
export type ConceptView = z.infer<typeof conceptViewSchema>;

export const conceptChangeSchema = itemChangeSchema('concept');
export type ConceptChange = z.infer<typeof conceptChangeSchema>;
