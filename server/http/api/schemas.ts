import { z } from 'zod';
import { changeSetSchema, comparisonQuerySchema, comparisonSchema } from '../../../common/changes';
import { ErrorCode } from '../../../common/errors';
import { versionFindingSchema } from '../../../common/harvest';
import { pageQuerySchema } from '../../../common/pagination';

/** The contract of `/api`: these schemas validate requests and generate /api/openapi.json. */

export const findingSchema = z
  .object({
    ruleId: z.string().describe('Rule id of the xAPI Profiles checklist, e.g. "C4".'),
    severity: z.enum(['error', 'warning']),
    path: z.string().describe('JSON Pointer to the offending value ("" for the document).'),
    message: z.string().describe('What is wrong and how to fix it.'),
  })
  .meta({ id: 'Finding' });

export const errorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.enum(Object.values(ErrorCode) as [string, ...string[]]),
    findings: z.array(findingSchema).optional(),
  })
  .meta({ id: 'Error' });

export const statusSchema = z
  .object({
    published: z.boolean(),
    verified: z.boolean(),
    verificationRequest: z.string().nullable().describe('When verification was requested.'),
  })
  .meta({ id: 'ProfileStatus' });

export const metadataSchema = z
  .object({
    profile_url: z.string().describe('The profile page on this server.'),
    profile_id: z.string().describe('The profile IRI.'),
    version_url: z.string().describe('The page of this version.'),
    version_id: z.string().describe('The version IRI.'),
    version_uuid: z.uuid(),
    name: z.string(),
    version: z.number().int(),
    template_count: z.number().int(),
    concept_count: z.number().int(),
    pattern_count: z.number().int(),
    updated: z.string().describe('When this version last changed (ISO 8601).'),
    working_group: z.object({ name: z.string(), url: z.string(), uuid: z.uuid() }),
    status: statusSchema,
  })
  .meta({ id: 'ProfileMetadata' });

export const metadataAnswerSchema = z.object({
  success: z.literal(true),
  metadata: metadataSchema,
});

/** An import or edit: the metadata, and what the check found in the stored document. */
export const writeAnswerSchema = metadataAnswerSchema.extend({
  findings: z
    .array(versionFindingSchema)
    .describe(
      'What the check found. A draft keeps a document that breaks MUSTs: its findings point into the draft’s document (the one GET answers), with the item each falls in. Published at once, the document has no errors; its warnings are listed.',
    ),
});

export const metadataListSchema = z.object({
  success: z.literal(true),
  metadata: z.array(metadataSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const listQuerySchema = pageQuerySchema.extend({
  workinggroup: z.uuid('must be a working group uuid').optional(),
});

export const iriQuerySchema = z.object({
  iri: z.string().min(1).max(2000).describe('A profile IRI or a version IRI.'),
});

export const uuidParams = z.object({
  uuid: z.uuid('must be a profile or version uuid').describe('A profile uuid or a version uuid.'),
});

const documentSchema = z
  .record(z.string(), z.unknown())
  .describe('An xAPI Profile (JSON-LD document).');

export const statusInputSchema = z
  .object({
    published: z.boolean().optional().describe('true publishes; a published version stays so.'),
    verificationRequest: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
      .nullable()
      .optional()
      .describe('Any date-time asks the site admins to verify the version.'),
    verified: z.unknown().optional().describe('Refused: only site admins verify.'),
  })
  .meta({ id: 'StatusInput' });

export const importBodySchema = z.object({
  profile: documentSchema,
  status: statusInputSchema.omit({ verified: true }).optional(),
});

export const profileDocumentSchema = documentSchema.meta({ id: 'ProfileDocument' });

export const validateAnswerSchema = z.object({
  success: z.literal(true),
  message: z.literal('Validation successful.'),
  warnings: z.array(findingSchema),
});

export const deleteAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

export const statusAnswerSchema = z.object({ success: z.literal(true), status: statusSchema });

/** Error answers every route may give, for the OpenAPI document. */
export function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema]));
}

const profileIriField = z
  .string()
  .min(1)
  .max(2000)
  .describe(
    'The IRI of a profile hosted here (its current published version) or of one published version.',
  );

export const validateTemplatesBodySchema = z
  .object({
    statement: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .describe('One xAPI statement: JSON text (form-encoded) or, in a JSON body, the object.'),
    profile: profileIriField,
  })
  .meta({ id: 'ValidateTemplatesInput' });

export const validatePatternsBodySchema = z
  .object({
    statements: z
      .union([z.string(), z.array(z.unknown())])
      .describe(
        'A JSON array of 1 to 1,000 xAPI statements: JSON text (form-encoded) or, in a JSON body, the array.',
      ),
    profile: profileIriField,
  })
  .meta({ id: 'ValidatePatternsInput' });

export const followedSchema = z.null().describe('The statements follow the profile: no content.');

/** A 400 of the statement checks: the error, plus the explanation of what failed. */
export const statementCheckErrorSchema = errorSchema
  .extend({
    outcome: z
      .enum(['invalid', 'unmatched', 'not-a-statement'])
      .optional()
      .describe('validate_templates: how the statement failed.'),
    matched: z.array(z.string()).optional(),
    failed: z.array(z.string()).optional().describe('Templates that apply but were not followed.'),
    statementProblems: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Where the statement breaks the xAPI basics (JSON Pointers).'),
    profileProblems: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    templates: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .describe(
        'validate_templates: the templates that apply (or, if none does, each one with its mismatch), each failed rule with its location, the values found and what it required.',
      ),
    semantics: z.enum(['greedy', 'regular']).optional(),
    streams: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .describe(
        'validate_patterns: per registration not followed, the statements that did not validate and, per primary pattern, its outcome and a trace of how far it got.',
      ),
    skipped: z
      .array(z.number().int())
      .optional()
      .describe('Statements naming no version of the profile in their category.'),
    rejected: z.array(z.object({ index: z.number().int(), message: z.string() })).optional(),
  })
  .meta({ id: 'StatementCheckError' });

export const comparisonQuery = comparisonQuerySchema;

/** The answer of `/api/profile/{uuid}/changes`: the two versions and what changed between them. */
export const comparisonAnswerSchema = comparisonSchema
  .extend({ changes: changeSetSchema.meta({ id: 'ChangeSet' }) })
  .meta({ id: 'Comparison' });

export const profileParams = z.object({
  uuid: z.uuid('must be a profile uuid').describe('A profile uuid.'),
});
