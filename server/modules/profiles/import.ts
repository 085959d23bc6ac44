import { ErrorCode } from '../../../common/errors';
import type { Translation } from '../../../common/profiles';
import {
  iriLengthProblem,
  parse,
  serialize,
  validate,
  type Finding,
  type JsonObject,
} from '../../../xapi/index';
import type { Db } from '../../db/client';
import type {
  ItemRow,
  OrganizationRow,
  ProfileRow,
  ProfileVersionRow,
  VersionEntry,
} from '../../db/schema';
import {
  deleteUnlistedItems,
  findItemsByIris,
  nameDraftInScheme,
  settleRevisions,
  insertItems,
  replaceItems,
  setVersionItems,
  type ImportedItem,
  type ItemCounts,
  type ItemKind,
} from '../item-store/repo';
import { recordEvents, type DomainEvent } from '../events/outbox';
import { AppError, badRequest, conflict } from '../errors';
import { checkImportDocument } from './document';
import { freezeVersion } from './publishing';
import {
  findImportTarget,
  findProfileByIri,
  findVersion,
  findVersionByIri,
  versionIriOwner,
  insertProfile,
  insertVersion,
  nextVersionNumber,
  updateProfile,
  updateVersion,
} from './repo';

type Json = Record<string, unknown>;

/** A profile document taken apart into what is stored about a version and its items. */
export interface DecomposedDocument {
  iri: string;
  versions: VersionEntry[];
  header: {
    name: string;
    description: string;
    language: string;
    translations: Translation[];
    moreInformation: string;
    author: Json | null;
    /** Top-level properties the model does not know, kept verbatim (custom IRIs and others). */
    extras: Json;
  };
  components: Array<{
    kind: ItemKind;
    type: string;
    iri: string;
    name: string;
    content: Json;
  }>;
}

/**
 * Checks a document as an import (rules A1–L2) and returns it in the normal form `serialize`
 * writes. Errors answer 400 with every finding: rule id, JSON Pointer and message.
 */
/** 400 with every finding: rule id, JSON Pointer and message. */
export function invalidProfile(errors: Finding[]): AppError {
  return new AppError(
    400,
    ErrorCode.ValidationFailed,
    `The profile is not valid: ${errors.length} error${errors.length === 1 ? '' : 's'} found.`,
    { findings: errors },
  );
}

/** The import check (rules A1–L2) of a document, split into what blocks and what only warns. */
export function checkImport(input: unknown): { errors: Finding[]; warnings: Finding[] } {
  const findings = validate(input, { mode: 'import' });
  return {
    errors: findings.filter((f) => f.severity === 'error'),
    warnings: findings.filter((f) => f.severity === 'warning'),
  };
}

/**
 * Checks a document as an import and returns it in the normal form `serialize` writes, with the
 * warnings of the check.
 */
export async function readCheckedImport(
  input: unknown,
): Promise<{ document: JsonObject; warnings: Finding[] }> {
  const { document, errors, warnings } = await checkImportDocument(input);
  if (errors.length > 0) throw invalidProfile(errors);
  if (!document) throw badRequest('The profile must be a JSON object.');
  return { document, warnings };
}

/** The lists a profile document keeps its items in, with the kind each one holds. */
const ITEM_LISTS: Array<[ItemKind, 'concepts' | 'templates' | 'patterns']> = [
  ['concept', 'concepts'],
  ['template', 'templates'],
  ['pattern', 'patterns'],
];

/**
 * A document to keep as a draft, broken MUSTs and all, as long as it can be stored: a JSON
 * object with a profile IRI and a first version IRI, and items that are objects with a string
 * id. Anything else is refused with a 400 naming what to fix. An item listed again after its
 * first entry is left out of the draft and reported as a finding: the first one is kept.
 */
export function readDraftDocument(input: unknown): { document: JsonObject; dropped: Finding[] } {
  const { model } = parse(input);
  const refuse = (message: string) =>
    new AppError(400, ErrorCode.ValidationFailed, message, {
      findings: checkImport(input).errors,
    });
  if (!model) throw refuse('The profile must be a JSON object.');
  const document = serialize(model);
  if (typeof document.id !== 'string' || document.id.trim() === '')
    throw refuse('The profile needs its IRI in "id" before it can be kept as a draft.');
  const versions = document.versions;
  const first: unknown = Array.isArray(versions) ? versions[0] : undefined;
  if (!isJson(first) || typeof first.id !== 'string' || first.id.trim() === '')
    throw refuse(
      'The profile needs "versions" with the IRI of the version it describes first (versions[0].id) before it can be kept as a draft.',
    );
  // A draft keeps what the check finds, but an identifier it cannot index or serve is refused.
  const ids: Array<[string, unknown]> = [
    ['/id', document.id],
    ...(Array.isArray(versions) ? versions : []).map((v, i): [string, unknown] => [
      `/versions/${i}/id`,
      isJson(v) ? v.id : undefined,
    ]),
    ...ITEM_LISTS.flatMap(([, key]) =>
      (Array.isArray(document[key]) ? (document[key] as unknown[]) : []).map(
        (entry, i): [string, unknown] => [`/${key}/${i}/id`, isJson(entry) ? entry.id : undefined],
      ),
    ),
  ];
  for (const [at, id] of ids) {
    const tooLong = typeof id === 'string' ? iriLengthProblem(id) : undefined;
    if (tooLong) throw refuse(`The IRI at ${at} is too long to keep: ${tooLong}.`);
  }
  const seen = new Map<string, string>();
  const dropped: Finding[] = [];
  for (const [, key] of ITEM_LISTS) {
    const list = document[key];
    if (list === undefined) continue;
    // The model reads a lone value as a list of one; the file's own shape is what to name.
    const sent = isJson(input) ? input[key] : list;
    if (!Array.isArray(list) || !Array.isArray(sent))
      throw refuse(`"${key}" must be a list of ${key} to keep the profile as a draft.`);
    const kept: JsonObject[] = [];
    list.forEach((entry, index) => {
      const at = `/${key}/${index}`;
      if (!isJson(entry) || typeof entry.id !== 'string' || entry.id.trim() === '')
        throw refuse(
          `${at} has no IRI in "id": every entry of "${key}" must be an object with its IRI before the profile can be kept as a draft.`,
        );
      const earlier = seen.get(entry.id);
      if (earlier === undefined) {
        seen.set(entry.id, at);
        kept.push(entry);
        return;
      }
      dropped.push({
        ruleId: 'L1',
        severity: 'warning',
        path: at,
        message: `${entry.id} is listed again at ${at} of the file; the draft keeps its first entry (${earlier}) and leaves this one out.`,
      });
    });
    document[key] = kept;
  }
  return { document, dropped };
}

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const languageMapOf = (value: unknown): Record<string, string> =>
  isJson(value)
    ? Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    : {};

function displayName(item: Json, fallback: string): string {
  const definition = isJson(item.activityDefinition) ? item.activityDefinition : undefined;
  const labels = languageMapOf(definition ? definition.name : item.prefLabel);
  return (labels.en ?? Object.values(labels)[0] ?? fallback).slice(0, 1000);
}

/**
 * The top-level properties a version stores in columns of its own (or assembles again: the
 * context, type and conformsTo are the same for every document); any other is one of its extras.
 */
const TOP_LEVEL_KEYS = new Set([
  '@context',
  'id',
  'type',
  'conformsTo',
  'prefLabel',
  'definition',
  'seeAlso',
  'versions',
  'author',
  'concepts',
  'templates',
  'patterns',
]);

export function decomposeDocument(document: JsonObject): DecomposedDocument {
  const names = languageMapOf(document.prefLabel);
  const descriptions = languageMapOf(document.definition);
  const languages = [...new Set([...Object.keys(names), ...Object.keys(descriptions)])];
  const language = 'en' in names ? 'en' : (languages[0] ?? 'en');
  const listed: unknown[] = Array.isArray(document.versions) ? document.versions : [];
  const versions = listed.filter(isJson).map((v) => ({
    id: String(v.id),
    ...(typeof v.generatedAtTime === 'string' ? { generatedAtTime: v.generatedAtTime } : {}),
    ...(Array.isArray(v.wasRevisionOf) ? { wasRevisionOf: v.wasRevisionOf.map(String) } : {}),
  }));
  const components: DecomposedDocument['components'] = [];
  const kinds: Array<[ItemKind, string]> = [
    ['concept', 'concepts'],
    ['template', 'templates'],
    ['pattern', 'patterns'],
  ];
  for (const [kind, key] of kinds) {
    const list = document[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (!isJson(item) || typeof item.id !== 'string') continue;
      components.push({
        kind,
        type: typeof item.type === 'string' ? item.type : kind,
        iri: item.id,
        name: displayName(item, item.id),
        content: item,
      });
    }
  }
  return {
    iri: typeof document.id === 'string' ? document.id : '',
    versions,
    header: {
      name: names[language] ?? '',
      description: descriptions[language] ?? '',
      language,
      translations: languages
        .filter((l) => l !== language)
        .map((l) => ({
          language: l,
          translationName: names[l] ?? '',
          translationDesc: descriptions[l] ?? '',
        })),
      moreInformation: typeof document.seeAlso === 'string' ? document.seeAlso : '',
      author: isJson(document.author) ? document.author : null,
      extras: Object.fromEntries(
        Object.entries(document).filter(([key]) => !TOP_LEVEL_KEYS.has(key)),
      ),
    },
    components,
  };
}

const kindLabel: Record<ItemKind, string> = {
  concept: 'concept',
  template: 'statement template',
  pattern: 'pattern',
};

/**
 * Stores a document's items for a version of `profile` and makes the version list them. An item
 * another profile defines is refused; one this profile defined before (or an orphan) takes the
 * imported content.
 */
async function storeComponents(
  tx: Db,
  profile: ProfileRow,
  versionId: string,
  components: DecomposedDocument['components'],
  userId: string | null,
  freshVersion: boolean,
): Promise<void> {
  const existing = new Map<string, ItemRow>(
    (
      await findItemsByIris(
        tx,
        components.map((c) => c.iri),
      )
    ).map((c) => [c.iri, c]),
  );
  const fresh: Array<{ position: number; item: ImportedItem }> = [];
  const kept: Array<{ position: number; id: string; item: ImportedItem }> = [];
  const seen = new Set<string>();
  for (const [position, component] of components.entries()) {
    if (seen.has(component.iri))
      throw badRequest(`The document lists ${component.iri} more than once.`);
    seen.add(component.iri);
    const found = existing.get(component.iri);
    if (found && found.profileId !== null && found.profileId !== profile.id) {
      throw conflict(
        `The ${kindLabel[found.kind]} ${component.iri} belongs to another profile: remove it from the document, or give it an IRI of this profile.`,
      );
    }
    if (found && found.kind !== component.kind) {
      throw conflict(`${component.iri} is already a ${kindLabel[found.kind]} on this server.`);
    }
    const item: ImportedItem = {
      kind: component.kind,
      type: component.type,
      iri: component.iri,
      name: component.name,
      content: component.content,
      profileId: profile.id,
      userId,
    };
    if (found) kept.push({ position, id: found.id, item });
    else fresh.push({ position, item });
  }
  // One statement per batch for new items and one for items the profile had before: an import
  // writes hundreds of items, and a statement per item was most of its cost.
  // Each item the import lists gets a new revision: the versions that listed the old ones keep
  // them as they were.
  const keptRevisions = await replaceItems(
    tx,
    kept.map((k) => k.id),
    kept.map((k) => k.item),
    versionId,
  );
  const created = await insertItems(
    tx,
    fresh.map((f) => f.item),
    versionId,
  );
  const entries: Array<{
    componentId: string;
    revisionId: string;
    position: number;
    linked: boolean;
  }> = [];
  kept.forEach((k, i) => {
    entries[k.position] = {
      componentId: k.id,
      revisionId: keptRevisions[i] as string,
      position: k.position,
      linked: false,
    };
  });
  fresh.forEach((f, i) => {
    entries[f.position] = {
      componentId: created.ids[i] as string,
      revisionId: created.revisionIds[i] as string,
      position: f.position,
      linked: false,
    };
  });
  await setVersionItems(tx, versionId, entries, { freshVersion });
}

export interface ImportRequest {
  document: JsonObject;
  organization: OrganizationRow;
  userId: string | null;
  published: boolean;
  verificationRequest: Date | null;
  /**
   * The events the import records besides a publication's, once its profile and version exist:
   * written with it in one statement.
   */
  events?: (stored: { profile: ProfileRow; version: ProfileVersionRow }) => DomainEvent[];
}

/**
 * An IRI held by a profile of another group: one answer whatever holds it (a published profile,
 * a draft the caller cannot see, a version of either), so a refusal says no more than that the
 * IRI is not free (see docs/decisions/an-iri-held-by-another-group-gets-one-answer.md).
 */
const takenElsewhere = (iri: string) =>
  conflict(
    `The IRI ${iri} is taken on this server by a profile your working group does not own; choose another IRI.`,
  );

/** How many items of each kind an imported version lists: all its own, none linked. */
function countsOf(components: DecomposedDocument['components']): ItemCounts {
  const of = (kind: ItemKind) => components.filter((c) => c.kind === kind).length;
  return {
    concepts: of('concept'),
    templates: of('template'),
    patterns: of('pattern'),
    ownConcepts: of('concept'),
  };
}

/**
 * Imports a checked document into the key's group: a new IRI makes a new profile, an IRI the
 * group owns gets its next version. Callers run it in one transaction so a refusal leaves nothing.
 */
export async function importDocument(
  tx: Db,
  request: ImportRequest,
  now: Date,
): Promise<{
  profile: ProfileRow;
  version: ProfileVersionRow;
  /** Warnings about how the document's `versions` continue the stored history. */
  historyFindings: Finding[];
  counts: ItemCounts;
}> {
  const parts = decomposeDocument(request.document);
  const [self, ...older] = parts.versions;
  if (!self) throw badRequest('The profile document must list its versions.');
  const historyFindings: Finding[] = [];
  const target = await findImportTarget(tx, parts.iri, self.id);
  if (target.versionOrganizationId !== null) {
    if (target.versionOrganizationId !== request.organization.id) throw takenElsewhere(self.id);
    throw conflict(`A profile version with the IRI ${self.id} already exists.`);
  }

  // A profile the import continues is locked until the transaction ends.
  let profile = target.profileId ? await findProfileByIri(tx, parts.iri, true) : null;
  const newProfile = profile === null;
  if (profile) {
    if (profile.organizationId !== request.organization.id) throw takenElsewhere(parts.iri);
    if (profile.currentDraftVersionId)
      throw conflict(
        'This profile already has a draft: update it with PUT, or publish or delete it first.',
      );
    const current = await findVersion(tx, profile.currentPublishedVersionId ?? '');
    if (current) historyFindings.push(...continuesHistory(self, older, current.iri));
  } else {
    profile = await insertProfile(tx, {
      iri: parts.iri,
      iriType: 'external-iri',
      organizationId: request.organization.id,
      createdBy: request.userId,
      priorVersions: older,
    });
  }

  const version = await insertVersion(tx, {
    profileId: profile.id,
    // A profile made here has no version yet.
    version: newProfile ? 1 : await nextVersionNumber(tx, profile.id),
    iri: self.id,
    ...parts.header,
    generatedAt: self.generatedAtTime ?? null,
    revisionOf: self.wasRevisionOf ?? null,
    createdBy: request.userId,
    verificationRequestedAt: request.verificationRequest,
    verificationRequestedBy: request.verificationRequest ? request.userId : null,
  });
  await storeComponents(tx, profile, version.id, parts.components, request.userId, true);
  const counts = countsOf(parts.components);
  const events = request.events?.({ profile, version }) ?? [];
  if (!request.published) {
    profile = await updateProfile(tx, profile.id, { currentDraftVersionId: version.id });
    await recordEvents(tx, events);
    return { profile, version, historyFindings, counts };
  }
  // Published at once, the version is never the profile's draft: publication sets the profile's
  // pointers in one update.
  const frozen = await freezeVersion(
    tx,
    {
      profile,
      version,
      organization: request.organization,
      components: parts.components,
      // A profile made here has nothing published before this version.
      ...(newProfile ? { history: [] } : {}),
      alsoRecord: events,
    },
    now,
    'import',
  );
  return { ...frozen, historyFindings, counts };
}

/**
 * Whether a document's first version continues the stored history: its `wasRevisionOf` names
 * the latest stored version (or, without `wasRevisionOf`, `versions[1]` is that version). A
 * document whose `versions` leaves out older entries still continues it (a warning: the server
 * keeps the history it has); one revising anything else is a fork, refused.
 */
function continuesHistory(self: VersionEntry, older: VersionEntry[], latest: string): Finding[] {
  const continues = self.wasRevisionOf
    ? self.wasRevisionOf.includes(latest)
    : older[0]?.id === latest;
  if (!continues)
    throw conflict(
      `A new version must continue the stored history: versions[0].wasRevisionOf must name the latest stored version ${latest}${
        self.wasRevisionOf ? `, but it names ${self.wasRevisionOf.join(', ')}` : ''
      }.`,
    );
  if (older[0]?.id === latest) return [];
  return [
    {
      ruleId: 'history',
      severity: 'warning',
      path: '/versions',
      message: `"versions" does not list ${latest}, which ${self.id} revises; the server keeps the history it stores, so the document of this version lists every stored version before it.`,
    },
  ];
}

/** Replaces a draft's content with a checked document; publishes it when asked. */
export async function replaceDraft(
  tx: Db,
  target: { profile: ProfileRow; draft: ProfileVersionRow; organization: OrganizationRow },
  request: Omit<ImportRequest, 'organization'> & {
    /** Keep the draft's own IRI when the document's version IRI is stored already. */
    renameTakenVersion?: boolean;
  },
  now: Date,
): Promise<{ profile: ProfileRow; version: ProfileVersionRow }> {
  const parts = decomposeDocument(request.document);
  if (parts.iri !== target.profile.iri)
    throw conflict(
      `The document describes ${parts.iri}, but this profile's IRI is ${target.profile.iri}.`,
    );
  const [self] = parts.versions;
  if (!self) throw badRequest('The profile document must list its versions.');
  const owner = await findVersionByIri(tx, self.id);
  const taken = owner !== null && owner.id !== target.draft.id;
  if (taken && !request.renameTakenVersion) {
    if ((await versionIriOwner(tx, self.id)) !== target.organization.id)
      throw takenElsewhere(self.id);
    throw conflict(`A profile version with the IRI ${self.id} already exists.`);
  }
  // A version stored already (a published one uploaded again to edit it) keeps its IRI; the
  // draft keeps the IRI it has, and its place in the history follows the stored versions.
  let version = await updateVersion(tx, target.draft.id, {
    ...(taken ? {} : { iri: self.id }),
    ...parts.header,
    generatedAt: taken ? null : (self.generatedAtTime ?? null),
    revisionOf: taken ? null : (self.wasRevisionOf ?? null),
    updatedBy: request.userId,
    ...(request.verificationRequest
      ? {
          verificationRequestedAt: request.verificationRequest,
          verificationRequestedBy: request.userId,
        }
      : {}),
  });
  await storeComponents(tx, target.profile, version.id, parts.components, request.userId, false);
  // The document's items named the version it described, which the draft now is under its own
  // IRI: they name that IRI. Anything else they name stays as uploaded.
  if (taken) await nameDraftInScheme(tx, version.id, version.iri, { from: self.id });
  await deleteUnlistedItems(tx, target.profile.id);
  await settleRevisions(tx, target.profile.id);
  if (!request.published) return { profile: target.profile, version };
  version = (await findVersion(tx, version.id)) as ProfileVersionRow;
  return freezeVersion(
    tx,
    {
      profile: target.profile,
      version,
      organization: target.organization,
      components: parts.components,
    },
    now,
    'import',
  );
}
