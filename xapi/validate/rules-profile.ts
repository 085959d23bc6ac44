import { PROFILE_CONTEXT_IRI } from '../contexts/profile-context.js';
import { pointer } from '../findings.js';
import type { JsonValue } from '../json.js';
import { describe, isObject } from '../json.js';
import { isTimestamp, isUrl } from '../values.js';
import type { ValidationContext } from './context.js';
import { checkIri, checkIriArray, checkIriSyntax, checkLanguageMap, has } from './context.js';

export const SPEC_VERSION = 'https://w3id.org/xapi/profiles#1.0';

/** B1–B10: the Profile object itself. */
export function checkProfile(ctx: ValidationContext): void {
  const doc = ctx.doc;
  checkIri(ctx, doc, 'id', '', 'B1', 'the profile IRI, not a version IRI', true);
  checkContext(ctx, doc['@context']);
  if (doc.type !== 'Profile') {
    ctx.error(
      'B3',
      has(doc, 'type') ? '/type' : '',
      has(doc, 'type')
        ? `"type" must be "Profile", but it is ${describe(doc.type)}.`
        : 'Missing "type": a profile document needs "type": "Profile".',
    );
  }
  checkConformsTo(ctx);
  checkLanguageMap(ctx, doc, 'prefLabel', '', 'B5', true);
  checkLanguageMap(ctx, doc, 'definition', '', 'B6', true);
  if (has(doc, 'seeAlso') && !isUrl(doc.seeAlso)) {
    ctx.error(
      'B7',
      '/seeAlso',
      `"seeAlso" must be a URL where readers find more about the profile (for example "https://example.org/profile-guide"), but it is ${describe(doc.seeAlso)}.`,
    );
  }
  if (isUrl(doc.seeAlso)) checkIriSyntax(ctx, doc.seeAlso, '/seeAlso');
  checkAuthor(ctx, doc.author);
  for (const key of ['concepts', 'templates', 'patterns']) {
    if (has(doc, key) && !Array.isArray(doc[key])) {
      ctx.error(
        'B10',
        pointer('', key),
        `"${key}" must be an array, but it is ${describe(doc[key])}.`,
      );
    }
  }
  checkVersions(ctx);
}

function checkContext(ctx: ValidationContext, context: JsonValue | undefined): void {
  if (context === undefined) {
    ctx.error('B2', '', `Missing "@context": set it to "${PROFILE_CONTEXT_IRI}".`);
  } else if (Array.isArray(context)) {
    if (!context.includes(PROFILE_CONTEXT_IRI)) {
      ctx.error('B2', '/@context', `An array "@context" must contain "${PROFILE_CONTEXT_IRI}".`);
    } else if (context.length > 1) {
      ctx.warning(
        'B2',
        '/@context',
        `"@context" should be exactly "${PROFILE_CONTEXT_IRI}"; extra contexts are allowed but make the profile harder to process.`,
      );
    }
  } else if (context !== PROFILE_CONTEXT_IRI) {
    ctx.error(
      'B2',
      '/@context',
      `"@context" must be "${PROFILE_CONTEXT_IRI}" (or an array containing it), but it is ${describe(context)}.`,
    );
  }
}

function checkConformsTo(ctx: ValidationContext): void {
  const value = checkIri(ctx, ctx.doc, 'conformsTo', '', 'B4', 'the specification version', true);
  if (value === undefined || value === SPEC_VERSION) return;
  if (value === `${SPEC_VERSION}.0`) {
    ctx.warning(
      'B4',
      '/conformsTo',
      `"conformsTo" should be "${SPEC_VERSION}", the canonical URI of this specification version; "${value}" is a common variant.`,
    );
  } else {
    ctx.warning(
      'B4',
      '/conformsTo',
      `"conformsTo" is "${value}", which is not a known specification version; expected "${SPEC_VERSION}".`,
    );
  }
}

function checkAuthor(ctx: ValidationContext, author: JsonValue | undefined): void {
  if (author === undefined) {
    ctx.error(
      'B9',
      '',
      'Missing "author": give {"type": "Organization" or "Person", "name": "..."}.',
    );
    return;
  }
  if (!isObject(author)) {
    ctx.error('B9', '/author', `"author" must be an object, but it is ${describe(author)}.`);
    return;
  }
  if (author.type !== 'Organization' && author.type !== 'Person') {
    ctx.error(
      'B9',
      has(author, 'type') ? '/author/type' : '/author',
      `The author's "type" must be "Organization" or "Person", but it is ${describe(author.type)}.`,
    );
  }
  if (typeof author.name !== 'string' || author.name.trim() === '') {
    ctx.error(
      'B9',
      has(author, 'name') ? '/author/name' : '/author',
      `The author needs a "name" (a non-empty string); it is ${describe(author.name)}.`,
    );
  }
  if (has(author, 'url') && !isUrl(author.url)) {
    ctx.error(
      'B9',
      '/author/url',
      `The author's "url" must be a URL, but it is ${describe(author.url)}.`,
    );
  }
  if (isUrl(author.url)) checkIriSyntax(ctx, author.url, '/author/url');
}

/** C1–C6 on the version objects, plus B8 for the array itself. */
function checkVersions(ctx: ValidationContext): void {
  const versions = ctx.doc.versions;
  if (versions === undefined) {
    ctx.error(
      'B8',
      '',
      'Missing "versions": list at least the current version as {"id", "generatedAtTime"}.',
    );
    return;
  }
  if (!Array.isArray(versions) || versions.length === 0) {
    ctx.error(
      'B8',
      '/versions',
      `"versions" must be a non-empty array of version objects, but it is ${describe(versions)}.`,
    );
    return;
  }
  const seen = new Set<string>();
  const dated: { time: number; revises: boolean; path: string }[] = [];
  versions.forEach((version, i) => {
    const path = pointer('', 'versions', i);
    if (!isObject(version)) {
      ctx.error(
        'B8',
        path,
        `Each version must be an object with "id" and "generatedAtTime", but this is ${describe(version)}.`,
      );
      return;
    }
    const id = checkIri(ctx, version, 'id', path, 'C1', 'the version IRI', true);
    if (id !== undefined) {
      if (id === ctx.profileId) {
        ctx.error(
          'C5',
          pointer(path, 'id'),
          'A version id must differ from the profile id; give the version its own IRI (for example the profile IRI plus "/v1.0").',
        );
      } else if (seen.has(id)) {
        ctx.error(
          'C5',
          pointer(path, 'id'),
          `Version id "${id}" is used by more than one version; every version needs a unique IRI.`,
        );
      }
      seen.add(id);
    }
    if (!has(version, 'generatedAtTime')) {
      ctx.error(
        'C2',
        path,
        'Missing "generatedAtTime": give the creation time such as "2024-05-01T12:00:00Z".',
      );
    } else if (!isTimestamp(version.generatedAtTime)) {
      ctx.error(
        'C2',
        pointer(path, 'generatedAtTime'),
        `"generatedAtTime" must be an ISO 8601 date-time with a time zone, such as "2024-05-01T12:00:00Z", but it is ${describe(version.generatedAtTime)}.`,
      );
    } else {
      dated.push({
        time: Date.parse(version.generatedAtTime),
        revises: has(version, 'wasRevisionOf'),
        path,
      });
    }
    for (const ref of checkIriArray(
      ctx,
      version,
      'wasRevisionOf',
      path,
      'C3',
      'earlier version IRIs',
    )) {
      if (ref.iri === id) {
        ctx.error('C3', ref.path, 'A version cannot be a revision of itself.');
      } else if (ref.iri === ctx.profileId) {
        ctx.warning(
          'C6',
          ref.path,
          '"wasRevisionOf" names the profile IRI; it should name the IRI of the earlier version this one revises.',
        );
      }
    }
  });
  checkRevisionChain(ctx, dated);
}

/** C4: every version but the first one must say which version it revises. */
function checkRevisionChain(
  ctx: ValidationContext,
  dated: { time: number; revises: boolean; path: string }[],
): void {
  if (dated.length === 0) return;
  const oldest = Math.min(...dated.map((d) => d.time));
  const earlierElsewhere = ctx.otherVersions.some((other) =>
    (Array.isArray(other.versions) ? other.versions : []).some(
      (v) =>
        isObject(v) && isTimestamp(v.generatedAtTime) && Date.parse(v.generatedAtTime) < oldest,
    ),
  );
  for (const d of dated) {
    if (d.revises || (d.time === oldest && !earlierElsewhere)) continue;
    ctx.error(
      'C4',
      d.path,
      'This version succeeds an earlier version, so it must list that version\'s IRI in "wasRevisionOf".',
    );
  }
}
