import { createHash } from 'node:crypto';
import {
  jsonEqualSteps,
  parse,
  parseSteps,
  serialize,
  serializeSteps,
  validateSteps,
  type Finding,
  type JsonObject,
  type JsonValue,
  type Profile as ProfileDocument,
} from '../../../xapi/index';
import type {
  ItemRow,
  OrganizationRow,
  ProfileRow,
  ProfileVersionRow,
  VersionEntry,
} from '../../db/schema';
import { runInSlices } from '../slices';

export const PROFILE_CONTEXT = 'https://w3id.org/xapi/profiles/context';
export const PROFILES_SPEC = 'https://w3id.org/xapi/profiles#1.0';

/** The language map of a version's name or description: its own language, then translations. */
function languageMap(
  version: ProfileVersionRow,
  pick: (t: ProfileVersionRow['translations'][number]) => string,
  main: string,
): Record<string, string> {
  const entries: Array<[string, string]> = [[version.language, main]];
  for (const t of version.translations) entries.push([t.language, pick(t)]);
  // A language imported with only a name (or only a description) has an empty other half.
  return Object.fromEntries(entries.filter(([, text]) => text !== ''));
}

function entryOf(version: ProfileVersionRow, fallbackTime: string) {
  return {
    id: version.iri,
    generatedAtTime: version.generatedAt ?? (version.publishedAt?.toISOString() || fallbackTime),
    wasRevisionOf: version.revisionOf ?? undefined,
  };
}

/**
 * The `versions` list of a version's document: the version itself, the versions published
 * before it here, newest first, then versions an import named that never lived here. An entry
 * without a recorded wasRevisionOf revises the entry after it.
 */
export function versionChain(
  profile: ProfileRow,
  version: ProfileVersionRow,
  history: ProfileVersionRow[],
  generatedAt: string,
): VersionEntry[] {
  const raw: Array<{ id: string; generatedAtTime?: string; wasRevisionOf?: string[] }> = [
    entryOf(version, generatedAt),
    ...history.map((h) => entryOf(h, h.createdAt.toISOString())),
    ...profile.priorVersions,
  ];
  return raw.map((entry, index) => {
    const next = raw[index + 1];
    const wasRevisionOf = entry.wasRevisionOf ?? (next ? [next.id] : undefined);
    return {
      id: entry.id,
      ...(entry.generatedAtTime ? { generatedAtTime: entry.generatedAtTime } : {}),
      ...(wasRevisionOf ? { wasRevisionOf } : {}),
    };
  });
}

export interface DocumentParts {
  profile: ProfileRow;
  version: ProfileVersionRow;
  organization: OrganizationRow;
  /** Versions published before this one, newest first. */
  history: ProfileVersionRow[];
  /** The items the version defines, concepts then templates then patterns, in order. */
  components: Array<Pick<ItemRow, 'kind' | 'content'>>;
  /** generatedAtTime for a version that has none recorded yet (a draft being shown). */
  generatedAt: string;
  /**
   * The components are in the normal form `serialize` writes (an import's, taken from its
   * normalized document) rather than read back from the database, which sorts their keys.
   */
  componentsNormal?: boolean | undefined;
}

/** The header properties, all of which the spec's order puts before concepts. */
const HEADER_KEYS = new Set([
  '@context',
  'id',
  'type',
  'conformsTo',
  'prefLabel',
  'definition',
  'seeAlso',
  'versions',
  'author',
]);

/** The xAPI Profile document of a version, assembled from what is stored about it. */
export function assembleDocument(parts: DocumentParts): JsonObject {
  const { profile, version, organization } = parts;
  const author = version.author ?? {
    type: 'Organization',
    name: organization.name,
    ...(/^https?:\/\//.test(organization.collaborationLink)
      ? { url: organization.collaborationLink }
      : {}),
  };
  const header: ProfileDocument = {
    '@context': PROFILE_CONTEXT,
    id: profile.iri,
    type: 'Profile',
    conformsTo: PROFILES_SPEC,
    prefLabel: languageMap(version, (t) => t.translationName, version.name),
    definition: languageMap(version, (t) => t.translationDesc, version.description),
    ...(version.moreInformation ? { seeAlso: version.moreInformation } : {}),
    versions: versionChain(profile, version, parts.history, parts.generatedAt),
    // What the document brought at its top level that the model does not know: `serialize`
    // writes it after the properties it knows, as it does for an item's.
    ...(Object.keys(version.extras).length > 0
      ? { extra: version.extras as Record<string, JsonValue> }
      : {}),
  };
  const of = (kind: ItemRow['kind']) =>
    parts.components.filter((c) => c.kind === kind).map((c) => c.content as JsonObject);
  const lists: JsonObject = {};
  const concepts = of('concept');
  const templates = of('template');
  const patterns = of('pattern');
  if (concepts.length > 0) lists.concepts = concepts;
  if (templates.length > 0) lists.templates = templates;
  if (patterns.length > 0) lists.patterns = patterns;
  const document: JsonObject = { ...serialize(header), author: author as JsonObject };
  if (!parts.componentsNormal) return normalizeDocument({ ...document, ...lists });
  // Components already in normal form need not be parsed and written again (thousands of them in
  // a large import): the header alone is, and the lists follow it as `serialize` would place them,
  // unless the header kept a property the model does not know, which `serialize` writes last.
  const head = normalizeDocument(document);
  if (!Object.keys(head).every((key) => HEADER_KEYS.has(key)))
    return normalizeDocument({ ...document, ...lists });
  return { ...head, ...lists };
}

/**
 * A document in the spec's property order. The database keeps JSON objects with their keys
 * sorted its own way, so whatever is read back passes through here before anyone sees it.
 */
export function normalizeDocument(document: JsonObject): JsonObject {
  const { model } = parse(document);
  return model ? serialize(model) : document;
}

/**
 * The strong ETag of a document's JSON answer (`JSON.stringify` of it, uncompressed): what the
 * public API sends and what webhooks announce, from one place.
 */
export function documentEtag(document: JsonObject | Buffer): string {
  const body = Buffer.isBuffer(document) ? document : Buffer.from(JSON.stringify(document));
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * Documents that passed the check lately, by a hash of everything the outcome depends on: the
 * mode, the known profiles and the document's bytes. The validator is a pure function of those,
 * so the same bytes under the same mode and known profiles pass again; an import checks its
 * document once and then publishes exactly those bytes, which would otherwise be validated twice.
 * Only passes are kept (a refusal costs its full check each time), and only a few.
 */
const passedChecks = new Map<string, Finding[]>();
const PASSED_CHECKS_KEPT = 32;

function* checkKeySteps(
  document: Record<string, unknown>,
  mode: 'authoring' | 'import',
  knownProfiles: readonly unknown[],
): Generator<void, string, void> {
  const hash = createHash('sha256').update(`${mode}\n${JSON.stringify(knownProfiles)}\n`);
  // JSON text of the document, its top-level lists a member a step (a profile's concepts,
  // templates and patterns): the whole of a large document written at once holds the thread
  // for milliseconds. Each member's JSON ends where it ends, so the text read this way still
  // names one document only.
  for (const [key, value] of Object.entries(document)) {
    hash.update(JSON.stringify(key));
    if (Array.isArray(value)) {
      hash.update('[');
      for (const member of value) {
        hash.update(`${JSON.stringify(member) ?? 'null'},`);
        yield;
      }
      hash.update(']');
    } else hash.update(JSON.stringify(value) ?? '');
  }
  return hash.digest('base64');
}

/**
 * Errors that stop a publication; warnings travel along but do not block. The check runs in
 * slices of the thread (`runInSlices`): a document of a thousand items takes over a hundred
 * milliseconds to check, which no other request should wait for in one piece.
 */
export function checkDocument(
  document: Record<string, unknown>,
  mode: 'authoring' | 'import' = 'authoring',
  knownProfiles: readonly unknown[] = [],
): Promise<{
  errors: Finding[];
  warnings: Finding[];
}> {
  return runInSlices(checkDocumentSteps(document, mode, knownProfiles));
}

function* checkDocumentSteps(
  document: Record<string, unknown>,
  mode: 'authoring' | 'import',
  knownProfiles: readonly unknown[],
): Generator<void, { errors: Finding[]; warnings: Finding[] }, void> {
  const key = yield* checkKeySteps(document, mode, knownProfiles);
  const passed = passedChecks.get(key);
  if (passed) return { errors: [], warnings: [...passed] };
  yield;
  const findings = yield* validateSteps(document, { mode, knownProfiles });
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  if (errors.length === 0) {
    if (passedChecks.size >= PASSED_CHECKS_KEPT)
      passedChecks.delete(passedChecks.keys().next().value as string);
    passedChecks.set(key, warnings);
  }
  return { errors, warnings: [...warnings] };
}

/**
 * The import check of a document, made on the normal form `serialize` writes: the bytes that are
 * stored and published, so that publishing them finds the pass (see checkDocument). Where the
 * normal form reads a value differently from the input (a lone IRI where the spec wants an array,
 * say), the input as sent is checked first, so it is refused for what it says, at its own paths.
 * In slices, as checkDocument.
 */
export function checkImportDocument(input: unknown): Promise<{
  document: JsonObject | undefined;
  errors: Finding[];
  warnings: Finding[];
}> {
  return runInSlices(checkImportDocumentSteps(input));
}

function* checkImportDocumentSteps(input: unknown): Generator<
  void,
  {
    document: JsonObject | undefined;
    errors: Finding[];
    warnings: Finding[];
  },
  void
> {
  const { model } = yield* parseSteps(input);
  yield;
  const document = model ? yield* serializeSteps(model) : undefined;
  yield;
  if (!document || !(yield* jsonEqualSteps(input, document))) {
    const findings = yield* validateSteps(input, { mode: 'import' });
    const errors = findings.filter((f) => f.severity === 'error');
    if (errors.length > 0 || !document)
      return { document, errors, warnings: findings.filter((f) => f.severity === 'warning') };
  }
  yield;
  return { document, ...(yield* checkDocumentSteps(document, 'import', [])) };
}
