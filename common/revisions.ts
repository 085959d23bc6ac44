import { z } from 'zod';
import { ErrorCode } from './errors';
import { IF_MATCH_HEADER } from './if-match';

export { IF_MATCH_HEADER, ifMatch } from './if-match';

/**
 * Optimistic concurrency for the site's saves. Every answer showing something editable (an item
 * in a version, a version's details) carries its `revision`; a save sends the revision its form
 * was filled from back as `If-Match`, and the server refuses it (409 EDIT_CONFLICT) when someone
 * saved in between, instead of overwriting their work.
 */
export const revisionSchema = z.string();

const REVISION_PATTERN = /^[0-9A-Za-z.-]{1,100}$/;

/** The headers of a save: the revision it is based on, when it names one. */
export const basedOnHeadersSchema = z.looseObject({
  [IF_MATCH_HEADER]: z
    .string()
    .transform((raw) =>
      raw
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .pipe(
      z
        .string()
        .regex(
          REVISION_PATTERN,
          'must be the revision of the last answer, as in If-Match: "<revision>"',
        ),
    )
    .optional(),
});

/** The body of a 409 EDIT_CONFLICT: who saved last, when, and the revision they made. */
export const editConflictSchema = z.object({
  success: z.literal(false),
  code: z.literal(ErrorCode.EditConflict),
  message: z.string(),
  /** The public name of whoever saved last; null when unknown (e.g. an import). */
  savedBy: z.string().nullable(),
  savedAt: z.string(),
  revision: revisionSchema,
});
export type EditConflict = z.infer<typeof editConflictSchema>;

/** Whether a 409 body is an edit conflict. */
export const isEditConflict = (body: unknown): body is EditConflict =>
  editConflictSchema.safeParse(body).success;
