import { z } from 'zod';
import { JSON_TOO_DEEP_MESSAGE, jsonTextTooDeep } from './limits';
import { conceptTypeSchema, type ConceptType } from './concepts';
import {
  checkIri,
  iriChoiceShape,
  itemChangeSchema,
  itemDetailsShape,
  itemListQuerySchema,
  itemListSchema,
  itemPermissionsShape,
  itemRowSchema,
  itemViewShape,
  linkItemsSchema,
} from './items';
import { pageQuerySchema, searchTextSchema } from './pagination';
import { REQUIRED } from './profiles';
import { DETERMINING_PROPERTIES, type DeterminingProperty } from './rule-check';

/**
 * Statement templates as the web app authors them (spec 3 §2.2, §3, §5). Routes live under
 * `/app/profile/{profileId}/version/{versionId}/templates`; every change answers the version it
 * landed in, which is a new draft when the version was published.
 */

export { DETERMINING_PROPERTIES, type DeterminingProperty };

export const TEMPLATE_LIMITED_EDIT_MESSAGE =
  'Editing is limited: a published version of this profile lists this statement template, so statements may already follow it, and the xAPI Profiles specification keeps what a published template asks of them. In a new version you can add translations, tags and more information; its rules and determining properties stay as published. To change them, deprecate this template, naming what replaces it, and create a new one.';
export const TEMPLATE_NOT_POPULATED = 'Template not populated';
export const DETERMINING_PROPERTY_EXISTS = 'Determining property already exists';
export const EMPTY_TEMPLATES_MESSAGE =
  'There are no statement templates in this profile. Create one, or add an existing template from another profile.';

export const generatedTemplateIri = (profileIri: string, suffix: string) =>
  `${profileIri}/templates/${suffix.trim()}`;

/** How the seven determining properties read on screen. */
export const DETERMINING_PROPERTY_LABELS: Record<DeterminingProperty, string> = {
  verb: 'Verb',
  objectActivityType: 'Object Activity Type',
  contextCategoryActivityType: 'Context Category Activity Type',
  contextGroupingActivityType: 'Context Grouping Activity Type',
  contextOtherActivityType: 'Context Other Activity Type',
  contextParentActivityType: 'Context Parent Activity Type',
  attachmentUsageType: 'Attachment Usage Type',
};

/** verb and objectActivityType name one concept; the others a list. */
export const SINGLE_VALUED_PROPERTIES: readonly DeterminingProperty[] = [
  'verb',
  'objectActivityType',
];

/** The kind of concept each determining property names. */
export function conceptTypeOfProperty(property: DeterminingProperty): ConceptType {
  if (property === 'verb') return 'Verb';
  if (property === 'attachmentUsageType') return 'AttachmentUsageType';
  return 'ActivityType';
}

export const determiningPropertySchema = z.enum(DETERMINING_PROPERTIES);

/** Template references: the statement a StatementRef in the object or the context points at. */
export const TEMPLATE_REF_TYPES = ['object', 'context'] as const;
export const templateRefTypeSchema = z.enum(TEMPLATE_REF_TYPES);
export type TemplateRefType = z.infer<typeof templateRefTypeSchema>;
export const TEMPLATE_REF_KEYS: Record<
  TemplateRefType,
  'objectStatementRefTemplate' | 'contextStatementRefTemplate'
> = { object: 'objectStatementRefTemplate', context: 'contextStatementRefTemplate' };
export const OBJECT_TYPE_EXCLUSIVE_MESSAGE =
  'A template cannot have both an object activity type and an object statement reference: the object is either an activity or a statement reference.';

/** Name, description, translations, tags and more information: create and edit. */
const detailsShape = {
  ...itemDetailsShape,
  /** Only for a new item: the IRI is permanent once set. */
  ...iriChoiceShape,
};

/** Create Statement Template and Edit Statement Template Details. */
export const templateDetailsSchema = z
  .object(detailsShape)
  .strict()
  .superRefine((v, ctx) => checkIri(v, ctx));
export type TemplateDetailsInput = z.input<typeof templateDetailsSchema>;
export type TemplateDetails = z.output<typeof templateDetailsSchema>;

/** The concepts of one determining property (verb and objectActivityType take one). */
export const determiningValuesSchema = z
  .object({
    conceptIds: z.array(z.uuid()).min(1, 'Choose at least one concept.').max(50),
  })
  .strict();

/** A rule as the editor sends it, checked again on the server (spec 3 §5 Rule JSON check). */
export const ruleInputSchema = z
  .object({ rule: z.record(z.string(), z.unknown()) })
  .strict()
  .refine(
    (v) => JSON.stringify(v.rule).length <= 50_000,
    'A rule may be at most 50,000 characters.',
  );

export const EXAMPLE_MAX = 100_000;
/** The example statement: any JSON text, stored pretty-printed. */
export const exampleInputSchema = z
  .object({
    statementExample: z
      .string({ error: REQUIRED })
      .max(EXAMPLE_MAX, `An example may be at most ${EXAMPLE_MAX.toLocaleString('en')} characters.`)
      .refine((text) => !jsonTextTooDeep(text), JSON_TOO_DEEP_MESSAGE),
  })
  .strict();

/** The parser's message for text that is not JSON, else null. */
export function exampleProblem(text: string): string | null {
  if (text.trim() === '') return REQUIRED;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'Not valid JSON.';
  }
}

export const prettyJson = (text: string) => JSON.stringify(JSON.parse(text) as unknown, null, 2);

/** The templates a StatementRef of the object or the context may point at. */
export const templateRefsInputSchema = z
  .object({ templateIds: z.array(z.uuid()).max(50) })
  .strict();

export const linkTemplatesSchema = linkItemsSchema('templateIds', 'template');
export const templateListQuerySchema = itemListQuerySchema;

export const templateSearchQuerySchema = pageQuerySchema.extend({
  search: searchTextSchema.default(''),
  /** The version being edited: with `purpose=link` what it lists is hidden. */
  versionId: z.uuid().optional(),
  /**
   * `link`: templates to add to the version (not those it lists, no drafts of other profiles).
   * `reference`: templates the version itself defines, which a StatementRef may point at.
   */
  purpose: z.enum(['link', 'reference']).default('link'),
  /** With `purpose=reference`: the template being edited, left out of its own references. */
  templateId: z.uuid().optional(),
});

// --- answers ----------------------------------------------------------------------------------

export const templateRowSchema = itemRowSchema;
export type TemplateRow = z.infer<typeof templateRowSchema>;

export const templateListSchema = itemListSchema('templates', templateRowSchema);
export type TemplateList = z.infer<typeof templateListSchema>;

/** An item a template names by IRI, with its name and id where this server has it. */
export const itemRefSchema = z.object({
  iri: z.string(),
  name: z.string().nullable(),
  uuid: z.string().nullable(),
});
export type ItemRef = z.infer<typeof itemRefSchema>;

export const conceptRefSchema = itemRefSchema.extend({ conceptType: conceptTypeSchema.nullable() });
export type ConceptRef = z.infer<typeof conceptRefSchema>;

/** A rule as the template carries it (any property the profile gave it kept as it is). */
export const ruleSchema = z.record(z.string(), z.unknown());

export const templateViewSchema = z.object({
  success: z.literal(true),
  template: templateRowSchema.extend({
    ...itemViewShape,
    tags: z.array(z.string()),
    moreInformation: z.string(),
    /** Pretty-printed JSON, '' when there is none. */
    statementExample: z.string(),
    /** The non-empty determining properties, in the order of DETERMINING_PROPERTIES. */
    determiningProperties: z.array(
      z.object({ property: determiningPropertySchema, concepts: z.array(conceptRefSchema) }),
    ),
    /** The rules in order; a rule's position is its id in the rule routes. */
    rules: z.array(ruleSchema),
    objectStatementRefTemplate: z.array(itemRefSchema),
    contextStatementRefTemplate: z.array(itemRefSchema),
    /** Every concept the determining properties name, once. */
    concepts: z.array(conceptRefSchema),
    /** The template as the profile document carries it. */
    content: z.record(z.string(), z.unknown()),
  }),
  /**
   * What the viewer may do in the version of the request (false outside one): edit the template
   * and its parts; remove rules (only while unpublished); remove the link; claim an orphan.
   */
  permissions: z.object({ ...itemPermissionsShape, removeRule: z.boolean() }),
});
export type TemplateView = z.infer<typeof templateViewSchema>;

export const templateChangeSchema = itemChangeSchema('template');
export type TemplateChange = z.infer<typeof templateChangeSchema>;

/** A rule check refused on save: every message the editor shows. */
export interface RuleRefusal {
  success: false;
  code: 'VALIDATION_FAILED';
  message: string;
  errors: string[];
}
