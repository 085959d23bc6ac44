/**
 * How a save names the revision it is based on, without the schemas of `revisions.ts`: the web
 * app's first load sends it on every save and should not carry a validation library for that.
 */

/** The header a save sends: `If-Match: "<revision>"` (quotes optional). */
export const IF_MATCH_HEADER = 'if-match';

/** The If-Match value for a revision. */
export const ifMatch = (revision: string) => `"${revision}"`;
