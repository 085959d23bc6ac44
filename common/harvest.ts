import { z } from 'zod';
import { changeSetSchema, comparedVersionSchema, itemLinkSchema } from './changes';
import { HARVEST_LIMITS, HARVESTED_TYPES } from '../xapi/harvest/types';

export { HARVEST_LIMITS };

/**
 * The Import Queue: concepts harvested from a file of xAPI statements, each with its match state
 * against what the server holds, decided on the server by exact IRI. Routes (members of the
 * profile's group, current version only; anyone else gets 404):
 *
 * - `GET    /app/profile/:profileId/version/:versionId/harvest` → {@link harvestQueueSchema}
 * - `POST   /app/profile/:profileId/version/:versionId/harvest?fileName=…` with the file's own
 *   JSON as the body (a statement, an array of statements, or an LRS `{statements: […]}` result)
 *   → {@link harvestFileAnswerSchema}
 * - `GET    /app/profile/:profileId/version/:versionId/harvest/:fileId` → {@link harvestFileAnswerSchema}
 * - `DELETE /app/profile/:profileId/version/:versionId/harvest/:fileId` → `{success: true}`
 * - `POST   /app/profile/:profileId/version/:versionId/harvest/:fileId/add` with
 *   {@link harvestAddSchema} → {@link harvestAddAnswerSchema}; the state is decided again at that
 *   moment, and only `yes` is added (into the version's external concepts; a published version
 *   first gets its new draft, as every edit does).
 *
 * A profile document chosen on the same screen goes to
 * `POST /app/profile/:profileId/version/:versionId/import-profile?fileName=…` instead
 * → {@link profileImportAnswerSchema}, and a version's findings are read with
 * `GET /app/profile/:profileId/version/:versionId/findings` → {@link versionFindingsSchema}.
 * When the version is a draft, the file would replace its content: the screen first sends it to
 * `POST /app/profile/:profileId/version/:versionId/import-profile/compare?fileName=…`
 * → {@link importComparisonSchema}, which stores nothing, and the import itself must then carry
 * `replaceDraft` ({@link profileImportQuerySchema}) with the revision that comparison answered.
 */

/** The concept types a statement can use, extensions by where they sit in the statement. */
export const HARVEST_CONCEPT_TYPES = HARVESTED_TYPES;
export type HarvestConceptType = (typeof HARVEST_CONCEPT_TYPES)[number];

export const MATCH_STATES = [
  'yes',
  'inProfile',
  'partial',
  'parentless',
  'deprecated',
  'no',
] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/** What the queue says of each state (the first four are the specification's own words). */
export const MATCH_ALERTS: Record<MatchState, string> = {
  yes: 'This concept matches a concept already on the server.',
  deprecated: 'This concept has been deprecated and can not be added.',
  inProfile: 'This concept is already in profile and can not be added.',
  parentless: 'This concept has no parent profile and can not be added.',
  partial:
    'A concept with this IRI is already on the server, but the statements describe it differently.',
  no: 'No concept with this IRI is on the server yet.',
};

/** Names of the upload limit's setting and its default, stated on the Import screen. */
export const IMPORT_MAX_STATEMENTS_DEFAULT = 1000;
/** Largest file the Import screen sends, in bytes (statements or a profile document). */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** File names the Import screen takes. */
export const IMPORT_FILE_PATTERN = /\.(json|jsonld)$/i;
export const IMPORT_ACCEPTED_TEXT =
  'Choose a JSON file of xAPI statements or a profile in a valid JSON-LD file.';

const languageMapSchema = z.record(z.string(), z.string());

/** The concept a candidate's IRI names on the server. */
export const harvestExistingSchema = z.object({
  id: z.string(),
  type: z.string().describe('Stored concept type, e.g. `Verb` or `ContextExtension`.'),
  iri: z.string(),
  name: z.string(),
  prefLabel: languageMapSchema,
  deprecated: z.boolean(),
  /** The profile that defines it (null for a parentless concept). */
  profile: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where the site shows it, when it can be shown. */
  path: z.string().nullable(),
});

export const harvestDifferenceSchema = z.object({
  field: z.string().describe('`type`, or `prefLabel.{lang}` / `definition.{lang}`.'),
  statements: z.string(),
  server: z.string(),
});

export const harvestCandidateSchema = z.object({
  /** Stable within its file: the same IRI harvested as the same type is one candidate. */
  key: z.string(),
  type: z.enum(HARVEST_CONCEPT_TYPES),
  iri: z.string(),
  /** Verb display or activity name, per language, as the statements carry it. */
  name: languageMapSchema,
  /** Activity description per language. */
  description: languageMapSchema,
  /** For an Activity: the activity type its definition names. */
  activityType: z.string().nullable(),
  /** How many of the file's accepted statements use it. */
  statementCount: z.number().int(),
  match: z.object({
    state: z.enum(MATCH_STATES),
    alert: z.string(),
    existing: harvestExistingSchema.nullable(),
    /** For `partial`: what differs between the statements and the stored concept. */
    differences: z.array(harvestDifferenceSchema),
  }),
});
export type HarvestCandidate = z.infer<typeof harvestCandidateSchema>;

/** A statement of the file that was skipped, by its index in the file. */
export const harvestProblemSchema = z.object({ index: z.number().int(), message: z.string() });

export const harvestFileSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  statementCount: z.number().int(),
  skippedCount: z.number().int(),
  candidateCount: z.number().int(),
});
export type HarvestFileSummary = z.infer<typeof harvestFileSummarySchema>;

export const harvestFileSchema = harvestFileSummarySchema.extend({
  problems: z.array(harvestProblemSchema),
  candidates: z.array(harvestCandidateSchema),
});
export type HarvestFile = z.infer<typeof harvestFileSchema>;

export const harvestQueueSchema = z.object({
  success: z.literal(true),
  files: z.array(harvestFileSummarySchema),
  maxStatements: z.number().int(),
});
export type HarvestQueue = z.infer<typeof harvestQueueSchema>;

export const harvestFileAnswerSchema = z.object({
  success: z.literal(true),
  file: harvestFileSchema,
});

export const harvestUploadQuerySchema = z.object({
  fileName: z
    .string()
    .min(1)
    .max(255)
    .regex(IMPORT_FILE_PATTERN, 'The file name must end in .json or .jsonld.'),
});

/** The query of a profile file's import: its name and, for a draft, the confirmation. */
export const profileImportQuerySchema = harvestUploadQuerySchema.extend({
  replaceDraft: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'The `draft.revision` of the comparison the person confirmed. Required when the version is a draft, whose content the file replaces; refused (409 DRAFT_WOULD_BE_REPLACED) when missing or when the draft changed since.',
    ),
});

export const harvestAddSchema = z.object({ key: z.string().min(1).max(2100) });

export const harvestAddAnswerSchema = z.object({
  success: z.literal(true),
  /** The version the concept went into: a new draft when the request named a published one. */
  versionId: z.string(),
  file: harvestFileSchema,
});

/** One finding of a version's document, with the item to fix when it is in one. */
export const versionFindingSchema = z.object({
  ruleId: z.string(),
  severity: z.enum(['error', 'warning']),
  path: z.string().describe('JSON Pointer into the version’s document.'),
  message: z.string(),
  item: z
    .object({
      kind: z.enum(['concept', 'template', 'pattern']),
      id: z.string(),
      iri: z.string(),
      name: z.string(),
    })
    .nullable(),
});
export type VersionFinding = z.infer<typeof versionFindingSchema>;

export const profileImportAnswerSchema = z.object({
  success: z.literal(true),
  /** The draft that now holds the document. */
  versionId: z.string(),
  findings: z.array(versionFindingSchema),
});

/**
 * What a profile file would change in the draft it replaces: the draft as it stands (`from`)
 * against the draft as the file would make it. Nothing is stored.
 */
export const importComparisonSchema = z.object({
  success: z.literal(true),
  /** The draft the file would replace, and the revision a confirmation names. */
  draft: comparedVersionSchema.extend({
    updatedOn: z.string(),
    revision: z
      .string()
      .describe('Names the draft’s content as compared: any edit of the draft changes it.'),
  }),
  changes: changeSetSchema,
  /** The draft's own pages of the changed items (`to` is always null: the file is not stored). */
  links: z.array(itemLinkSchema),
});
export type ImportComparison = z.infer<typeof importComparisonSchema>;

export const versionFindingsSchema = z.object({
  success: z.literal(true),
  findings: z.array(versionFindingSchema),
});
