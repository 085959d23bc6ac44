import { z } from 'zod';
import { IRI_MAX_LENGTH, iriLengthProblem, iriProblem } from '../xapi/iri';
import { revisionSchema } from './revisions';
import { pageInfoSchema, pageQuerySchema, searchTextSchema } from './pagination';

export const REQUIRED = 'Required';
export const IRI_FORMAT_MESSAGE = 'IRI did not match expected format.';
export const MORE_INFO_MESSAGE = 'More Information needs to be a URL.';
export const NO_EDIT_PERMISSION = 'You do not have permissions to edit this profile.';
export { ORPHAN_CONTAINER_NAME } from './profile-names';

export const PROFILE_LIMITS = {
  nameMax: 300,
  descriptionMax: 10_000,
  /** Checked again on the IRI's URI form by `iriProblem` (see `IRI_MAX_LENGTH`). */
  iriMax: IRI_MAX_LENGTH,
  tagMax: 60,
  tagsMax: 50,
  translationsMax: 200,
} as const;

/** An absolute IRI with a scheme and no spaces; never a script URL. */
function looksLikeIri(value: string): boolean {
  if (value.length === 0 || value.length > PROFILE_LIMITS.iriMax || /\s/.test(value)) return false;
  if (/^javascript:/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) &&
      (url.protocol !== 'http:' && url.protocol !== 'https:' ? true : url.hostname !== '')
    );
  } catch {
    return false;
  }
}

/**
 * What is wrong with an IRI typed in a form, or undefined: the usual message for something that
 * is no IRI at all, and the RFC 3987 problem (bad percent escape, control or bidirectional
 * character…) for one that looks right but could never be written as RDF.
 */
export function iriFormatProblem(value: string): string | undefined {
  const tooLong = iriLengthProblem(value);
  if (tooLong) return `${IRI_FORMAT_MESSAGE.slice(0, -1)}: ${tooLong}.`;
  if (!looksLikeIri(value)) return IRI_FORMAT_MESSAGE;
  const problem = iriProblem(value);
  return problem === undefined ? undefined : `${IRI_FORMAT_MESSAGE.slice(0, -1)}: ${problem}.`;
}

export const isValidIri = (value: string): boolean => iriFormatProblem(value) === undefined;

/** A zod `error` option naming the IRI problem of the value refused. */
export const iriFormatError = {
  error: (issue: { input?: unknown }) =>
    typeof issue.input === 'string'
      ? (iriFormatProblem(issue.input) ?? IRI_FORMAT_MESSAGE)
      : IRI_FORMAT_MESSAGE,
};

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      iriProblem(value) === undefined
    );
  } catch {
    return false;
  }
}

/** A new external IRI loses its trailing slashes. */
export const normalizeExternalIri = (iri: string) => iri.trim().replace(/\/+$/, '');

/** Tags as typed: comma-separated, trimmed, empties dropped, duplicates removed. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
}

export const translationSchema = z.object({
  language: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(20)
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'Choose a language.'),
  translationName: z.string().trim().min(1, REQUIRED).max(PROFILE_LIMITS.nameMax),
  translationDesc: z.string().trim().min(1, REQUIRED).max(PROFILE_LIMITS.descriptionMax),
});
export type Translation = z.infer<typeof translationSchema>;

/**
 * A translation as stored and shown: a profile document may give a language a name and no
 * description (or the reverse), and imports keep it, so either half may be empty. The edit form
 * still asks for both (`translationSchema`).
 */
export const storedTranslationSchema = z.object({
  language: z.string(),
  translationName: z.string(),
  translationDesc: z.string(),
});

const iriTypeSchema = z.enum(['generated-iri', 'external-iri']);
export type IriType = z.infer<typeof iriTypeSchema>;

const contentShape = {
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(PROFILE_LIMITS.nameMax),
  description: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(PROFILE_LIMITS.descriptionMax),
  translations: z
    .array(translationSchema)
    .max(PROFILE_LIMITS.translationsMax)
    .default([])
    .refine(
      (list) => new Set(list.map((t) => t.language.toLowerCase())).size === list.length,
      'Each language may be used once.',
    )
    .refine(
      (list) => list.every((t) => t.language.toLowerCase() !== 'en'),
      'English is the main language; add other languages as translations.',
    ),
  moreInformation: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.iriMax)
    .refine((v) => v === '' || isHttpUrl(v), MORE_INFO_MESSAGE)
    .default(''),
  tags: z
    .array(z.string().trim().min(1).max(PROFILE_LIMITS.tagMax))
    .max(PROFILE_LIMITS.tagsMax)
    .default([]),
};

const iriChoiceShape = {
  iriType: iriTypeSchema,
  extiri: z.string().trim().max(PROFILE_LIMITS.iriMax).optional(),
};

const externalIriRule = (v: { iriType: IriType; extiri?: string | undefined }) =>
  v.iriType === 'generated-iri' ||
  (v.extiri !== undefined && isValidIri(normalizeExternalIri(v.extiri)));

const externalIriError = {
  error: (issue: { input?: unknown }) => {
    const extiri = (issue.input as { extiri?: unknown } | undefined)?.extiri;
    return typeof extiri === 'string'
      ? (iriFormatProblem(normalizeExternalIri(extiri)) ?? IRI_FORMAT_MESSAGE)
      : IRI_FORMAT_MESSAGE;
  },
};

/**
 * The generated IRI the Create Profile form showed: the server root, a slash and a new (version 4)
 * UUID. The profile gets exactly this IRI; without it the server mints one.
 */
export const GENERATED_PROFILE_IRI_UUID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Create Profile form. */
export const createProfileSchema = z
  .object({
    ...iriChoiceShape,
    generatedIri: z.string().trim().max(PROFILE_LIMITS.iriMax).optional(),
    ...contentShape,
  })
  .strict()
  .refine(externalIriRule, { ...externalIriError, path: ['extiri'] });
export type CreateProfileInput = z.input<typeof createProfileSchema>;

/** Edit Profile Details: the content of a version; the IRI only while never published. */
export const updateVersionSchema = z
  .object({
    ...contentShape,
    iriType: iriTypeSchema.optional(),
    extiri: z.string().trim().max(PROFILE_LIMITS.iriMax).optional(),
  })
  .strict()
  .refine(
    (v) => v.iriType === undefined || externalIriRule({ iriType: v.iriType, extiri: v.extiri }),
    {
      ...externalIriError,
      path: ['extiri'],
    },
  );
export type UpdateVersionInput = z.input<typeof updateVersionSchema>;

/** One IRI to take out of a draft's `wasRevisionOf` (the fix of a finding about it). */
export const removeRevisionOfSchema = z
  .object({ iri: z.string({ error: 'is required' }).min(1).max(PROFILE_LIMITS.iriMax) })
  .strict();
export type RemoveRevisionOfInput = z.input<typeof removeRevisionOfSchema>;

/** Publishing; the IRI choice only for a first version. */
export const publishSchema = z
  .object({
    confirmed: z.boolean().optional(),
    iriType: iriTypeSchema.optional(),
    extiri: z.string().trim().max(PROFILE_LIMITS.iriMax).optional(),
    /**
     * A group admin publishing although the group's review rule does not hold says why; the
     * reason is kept with the version, for the group's members.
     */
    overrideReason: z
      .string()
      .trim()
      .min(1, 'Give a reason for publishing without the approvals.')
      .max(1000, 'A reason is at most 1000 characters.')
      .optional(),
  })
  .strict()
  .refine(
    (v) => v.iriType === undefined || externalIriRule({ iriType: v.iriType, extiri: v.extiri }),
    {
      ...externalIriError,
      path: ['extiri'],
    },
  );
export type PublishInput = z.input<typeof publishSchema>;

export const verifyDecisionSchema = z
  .object({
    approval: z.enum(['approve', 'deny'], { error: REQUIRED }),
    reason: z.string().trim().max(2000).default(''),
  })
  .strict()
  .refine((v) => v.approval === 'approve' || v.reason !== '', {
    message: REQUIRED,
    path: ['reason'],
  });
export type VerifyDecision = z.input<typeof verifyDecisionSchema>;

export const revokeSchema = z
  .object({ reason: z.string().trim().min(1, REQUIRED).max(2000) })
  .strict();

export const deleteProfileSchema = z
  .object({ confirmName: z.string().max(PROFILE_LIMITS.nameMax) })
  .strict();

// --- answers ----------------------------------------------------------------------------------

export const versionStateSchema = z.enum(['draft', 'published']);
export type VersionState = z.infer<typeof versionStateSchema>;

export const versionSummarySchema = z.object({
  uuid: z.string(),
  /** The version's IRI, whose last segment ("v1.0.3") is how people name a version. */
  iri: z.string(),
  version: z.number().int(),
  state: versionStateSchema,
  isVerified: z.boolean(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const profileVersionSchema = z.object({
  uuid: z.string(),
  profileUuid: z.string(),
  version: z.number().int(),
  iri: z.string(),
  state: versionStateSchema,
  name: z.string(),
  description: z.string(),
  translations: z.array(storedTranslationSchema),
  moreInformation: z.string(),
  tags: z.array(z.string()),
  isVerified: z.boolean(),
  verificationRequest: z.string().nullable(),
  verificationRequestedBy: z.string().nullable(),
  updatedOn: z.string(),
  publishedOn: z.string().nullable(),
  /** The revision of the details shown; Edit Profile Details sends it back as If-Match. */
  revision: revisionSchema,
  counts: z.object({
    templates: z.number().int(),
    patterns: z.number().int(),
    concepts: z.number().int(),
  }),
});
export type ProfileVersion = z.infer<typeof profileVersionSchema>;

export const profileSchema = z.object({
  uuid: z.string(),
  iri: z.string(),
  iriType: iriTypeSchema,
  /** True once any version was published: the IRI is then permanent. */
  iriFixed: z.boolean(),
  organization: z.object({ uuid: z.string(), name: z.string() }),
  currentPublishedVersion: versionSummarySchema.nullable(),
  currentDraftVersion: versionSummarySchema.nullable(),
  /** Newest first; non-members see only published versions. */
  versions: z.array(versionSummarySchema),
  /** The viewer's place in the owning group. */
  membership: z.enum(['admin', 'member', 'pending']).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileViewSchema = z.object({
  success: z.literal(true),
  profile: profileSchema,
  version: profileVersionSchema,
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const profileListItemSchema = z.object({
  uuid: z.string(),
  versionUuid: z.string(),
  name: z.string(),
  description: z.string(),
  iri: z.string(),
  isVerified: z.boolean(),
  state: versionStateSchema,
  version: z.number().int(),
  organization: z.object({ uuid: z.string(), name: z.string() }),
  author: z.string(),
  updatedOn: z.string().nullable(),
  views: z.number().int(),
  exports: z.number().int(),
});
export type ProfileListItem = z.infer<typeof profileListItemSchema>;

export const profileSortSchema = z.enum([
  'name',
  '-name',
  'organization',
  '-organization',
  'updated',
  '-updated',
  'views',
  '-views',
  'exports',
  '-exports',
]);
export const publishedProfilesQuerySchema = pageQuerySchema.extend({
  search: searchTextSchema.optional(),
  sort: profileSortSchema.default('-updated'),
  verified: z.enum(['true', 'false']).optional(),
});
export const profileListSchema = z.object({
  success: z.literal(true),
  profiles: z.array(profileListItemSchema),
  ...pageInfoSchema.shape,
});
export type ProfileList = z.infer<typeof profileListSchema>;

export const homeSchema = z.object({
  success: z.literal(true),
  latestProfiles: z.array(profileListItemSchema),
  latestConcepts: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      type: z.string(),
      parentProfile: z.object({ uuid: z.string(), name: z.string() }),
    }),
  ),
});
export type Home = z.infer<typeof homeSchema>;

export const verificationRequestSchema = z.object({
  versionUuid: z.string(),
  name: z.string(),
  version: z.number().int(),
  organization: z.object({ uuid: z.string(), name: z.string() }),
  parentProfile: z.object({ uuid: z.string() }),
  requestedBy: z.string().nullable(),
  verificationRequest: z.string(),
});
export const verificationRequestListSchema = z.object({
  success: z.literal(true),
  requests: z.array(verificationRequestSchema),
});
export type VerificationRequestList = z.infer<typeof verificationRequestListSchema>;

export const rootIriSchema = z.object({ success: z.literal(true), iri: z.string() });
export const resolveIriSchema = z.object({
  success: z.literal(true),
  profileUuid: z.string(),
  versionUuid: z.string(),
  organizationUuid: z.string(),
  /** Present when the IRI names a concept, template or pattern of that version. */
  item: z.object({ uuid: z.string(), kind: z.enum(['concept', 'template', 'pattern']) }).optional(),
});
