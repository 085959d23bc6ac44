import { z } from 'zod';
import { changeSetSchema, comparisonQuerySchema, comparisonSchema } from '../../../common/changes';
import { ErrorCode } from '../../../common/errors';
import { versionFindingSchema } from '../../../common/harvest';
import { pageQuerySchema } from '../../../common/pagination';
import { XAPI_VERSIONS } from '../../../xapi/index';
import { SIMULATION_LIMITS } from '../../../common/simulate';

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
    xapiVersion: z
      .enum(XAPI_VERSIONS)
      .optional()
      .describe(
        'Check the statement as this version of xAPI. By default a statement whose `version` is 2.0.x is checked as xAPI 2.0 (context agents and groups, time zones required), any other as xAPI 1.0.3. The answer says which in `Xapi-Checked-As` (and `xapiVersion` of a 400).',
      ),
  })
  .meta({ id: 'ValidateTemplatesInput' });

export const simulateBodySchema = z
  .object({
    profile: profileIriField.describe(
      "The IRI of a profile hosted here (its current published version) or of one published version; with a read key of the draft's group, a draft version's IRI or the IRI of a profile never published.",
    ),
    seed: z
      .union([z.number().int(), z.string().max(200)])
      .optional()
      .describe(
        'Any whole number or text (default 0): the same seed and input give the same bytes.',
      ),
    max: z
      .number()
      .int()
      .min(1)
      .max(SIMULATION_LIMITS.maxStatements)
      .optional()
      .describe(
        `Most statements (default ${SIMULATION_LIMITS.defaultStatements}, at most ${SIMULATION_LIMITS.maxStatements.toLocaleString('en-US')}). Registrations are never cut, so a run may end a registration short.`,
      ),
    start: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('First instant (default 2025-01-01T00:00:00Z).'),
    end: z.iso.datetime({ offset: true }).optional().describe('No statement after this instant.'),
    registrations: z
      .number()
      .int()
      .min(1)
      .max(SIMULATION_LIMITS.maxStatements)
      .optional()
      .describe('Registrations per actor.'),
    personae: z
      .union([
        z.array(z.record(z.string(), z.unknown())).max(SIMULATION_LIMITS.maxActors),
        z.record(z.string(), z.unknown()),
      ])
      .optional()
      .describe(
        `The actors: a group {"name", "member": [{"name", "mbox" or "account"}]}, an array of groups, or an array of actors (at most ${SIMULATION_LIMITS.maxActors} entries; default three example actors).`,
      ),
    model: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'Weights, timings, time bounds, activities and learners: "weights" by pattern, template or activity IRI, "optional", "repeat", "recommended", "period", "periods", "gap", "extensions", "activities" to use in place of the profile\'s, "bounds" (when statements may happen, UTC), "learner" (ability, pace, dropout, hours) for every actor or "actors" for one, by its mbox or account, and "personae": settings of their own for some actors or groups (see the library\'s README).',
      ),
    strict: z
      .boolean()
      .optional()
      .describe(
        'Refuse with 400 SIMULATION_IMPOSSIBLE and every problem when any template or pattern cannot be simulated, instead of simulating the rest (default false).',
      ),
  })
  .meta({ id: 'SimulateInput' });

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
export const simulationErrorSchema = errorSchema
  .extend({
    problems: z
      .array(
        z.object({
          kind: z.enum(['profile', 'template', 'pattern', 'parameters']),
          id: z.string().describe('The profile, template or pattern concerned.'),
          ruleIndex: z.number().int().optional().describe('For a rule: its index (0-based).'),
          location: z.string().optional(),
          reason: z.string(),
        }),
      )
      .optional()
      .describe('SIMULATION_IMPOSSIBLE: why each part of the profile cannot be simulated.'),
  })
  .meta({ id: 'SimulationError' });

export const statementCheckErrorSchema = errorSchema
  .extend({
    outcome: z
      .enum(['invalid', 'unmatched', 'not-a-statement', 'partial', 'not-followed'])
      .optional()
      .describe(
        'validate_templates: how the statement failed (`invalid`, `unmatched`, `not-a-statement`). validate_patterns: `partial` (code `PATTERNS_INCOMPLETE`: every registration checked follows a primary pattern or stopped part way through one, and more statements could complete it) or `not-followed` (code `PATTERNS_NOT_FOLLOWED`).',
      ),
    xapiVersion: z
      .enum(XAPI_VERSIONS)
      .optional()
      .describe('validate_templates: the version of xAPI the statement was checked as.'),
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
        'validate_patterns: per registration not followed, its `outcome` (`partial` or `not-followed`); when not followed, its `reason` (`failed-template`, `left-over`, `no-match`, `no-primary-pattern`); the `patternId` the verdict speaks of; when partial, the templates `expected` next; the statements that did not validate (`notValidated`) and, per primary pattern, its outcome, the statements `remaining` and a trace of how far it got.',
      ),
    skipped: z
      .array(z.number().int())
      .optional()
      .describe(
        'validate_patterns: statements naming no version of the profile in their category. The profile does not bind them, so they are not checked (neither against templates nor patterns) and do not fail the batch.',
      ),
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
