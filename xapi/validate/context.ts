import type { Finding, Severity } from '../findings.js';
import { pointer } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { describe, isObject, jsonEqual } from '../json.js';
import { iriLengthProblem, iriProblem } from '../iri.js';
import { isIri, isLanguageTag } from '../values.js';

export type ValidationMode = 'import' | 'authoring';

export interface ValidateOptions {
  /**
   * Other profiles (documents or parsed models) to resolve cross-profile references against:
   * relations to other profiles' concepts (E3, E4), determining properties (I5), pattern members
   * (K11), concepts defined twice (D2) and, for earlier versions of the same profile, identifier
   * changes (I6, K12).
   */
  knownProfiles?: readonly unknown[];
  /**
   * `import` (default) keeps real, already-published data importable by reporting debatable
   * problems as warnings; `authoring` reports them as errors.
   */
  mode?: ValidationMode;
}

export type EntryKind = 'profile' | 'version' | 'concept' | 'template' | 'pattern';

export interface Entry {
  kind: EntryKind;
  /** The object's `type` value as found (for concepts, which concept type). */
  type: unknown;
  path: string;
  value: JsonObject;
}

export interface KnownEntry {
  kind: EntryKind;
  type: unknown;
  profileId: string | undefined;
  value: JsonObject;
}

export class ValidationContext {
  readonly findings: Finding[] = [];
  readonly mode: ValidationMode;
  readonly profileId: string | undefined;
  readonly versionIds = new Set<string>();
  /** Ids of this document's concepts, templates and patterns, first occurrence wins. */
  readonly byId = new Map<string, Entry>();
  /** Every occurrence of each id: a document carrying several versions repeats objects. */
  readonly allById = new Map<string, Entry[]>();
  readonly known = new Map<string, KnownEntry>();
  /** Known profiles sharing this document's profile IRI: earlier versions of the same profile. */
  readonly otherVersions: JsonObject[] = [];
  /** Known documents claiming this profile and exactly these versions, with other content. */
  readonly sameVersionsOtherContent: JsonObject[] = [];
  readonly concepts: Entry[] = [];
  readonly templates: Entry[] = [];
  readonly patterns: Entry[] = [];

  constructor(
    readonly doc: JsonObject,
    options: ValidateOptions,
  ) {
    this.mode = options.mode ?? 'import';
    this.profileId = typeof doc.id === 'string' ? doc.id : undefined;
    for (const version of arrayOf(doc.versions)) {
      if (isObject(version) && typeof version.id === 'string') this.versionIds.add(version.id);
    }
    this.collect('concepts', 'concept', this.concepts);
    this.collect('templates', 'template', this.templates);
    this.collect('patterns', 'pattern', this.patterns);
    for (const other of options.knownProfiles ?? []) this.addKnown(other);
  }

  report(ruleId: string, severity: Severity, path: string, message: string): void {
    this.findings.push({ ruleId, severity, path, message });
  }

  error(ruleId: string, path: string, message: string): void {
    this.report(ruleId, 'error', path, message);
  }

  warning(ruleId: string, path: string, message: string): void {
    this.report(ruleId, 'warning', path, message);
  }

  /** Error when authoring, warning on import: for rules real published data often breaks. */
  strict(ruleId: string, path: string, message: string): void {
    this.report(ruleId, this.mode === 'authoring' ? 'error' : 'warning', path, message);
  }

  private collect(key: string, kind: EntryKind, into: Entry[]): void {
    const list = this.doc[key];
    if (!Array.isArray(list)) return;
    list.forEach((value, i) => {
      if (!isObject(value)) return;
      const entry: Entry = { kind, type: value.type, path: pointer('', key, i), value };
      into.push(entry);
      if (typeof value.id === 'string') {
        if (!this.byId.has(value.id)) this.byId.set(value.id, entry);
        const all = this.allById.get(value.id);
        if (all) all.push(entry);
        else this.allById.set(value.id, [entry]);
      }
    });
  }

  private addKnown(other: unknown): void {
    if (!isObject(other) || other === this.doc) return;
    const profileId = typeof other.id === 'string' ? other.id : undefined;
    if (profileId !== undefined && profileId === this.profileId) {
      if (sameVersions(other, this.versionIds)) {
        // The same document again is no news; another one with these very version ids is.
        if (!jsonEqual(other, this.doc)) this.sameVersionsOtherContent.push(other);
        return;
      }
      this.otherVersions.push(other);
    }
    const add = (key: string, kind: EntryKind) => {
      for (const value of arrayOf(other[key])) {
        if (isObject(value) && typeof value.id === 'string' && !this.known.has(value.id)) {
          this.known.set(value.id, { kind, type: value.type, profileId, value });
        }
      }
    };
    add('concepts', 'concept');
    add('templates', 'template');
    add('patterns', 'pattern');
  }

  /**
   * The listed version a local target lives in when it is not the referring object's own:
   * `broader`, `narrower`, `related` and the StatementRef templates name objects "from this
   * Profile version" (structure §4.1.1, §7), so in a document carrying several versions a target
   * only another version holds is not one. Undefined when the target is in the same version, not
   * here at all, or either side names no listed version.
   */
  otherVersionOf(source: JsonObject, iri: string): string | undefined {
    const scheme = source.inScheme;
    if (typeof scheme !== 'string' || !this.versionIds.has(scheme)) return undefined;
    const entries = this.allById.get(iri);
    if (!entries) return undefined;
    let other: string | undefined;
    for (const e of entries) {
      const theirs = e.value.inScheme;
      if (typeof theirs !== 'string' || !this.versionIds.has(theirs) || theirs === scheme) {
        return undefined;
      }
      other ??= theirs;
    }
    return other;
  }

  /** Looks an IRI up in this document first, then in the known profiles. */
  resolve(iri: string): { local: Entry } | { known: KnownEntry } | undefined {
    const local = this.byId.get(iri);
    if (local) return { local };
    const known = this.known.get(iri);
    return known ? { known } : undefined;
  }
}

function sameVersions(other: JsonObject, ours: Set<string>): boolean {
  const theirs = arrayOf(other.versions)
    .map((v) => (isObject(v) ? v.id : undefined))
    .filter((id): id is string => typeof id === 'string');
  return theirs.length > 0 && theirs.length === ours.size && theirs.every((id) => ours.has(id));
}

export function arrayOf(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

export function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Checks a single-IRI property; returns the IRI when it is one. */
export function checkIri(
  ctx: ValidationContext,
  obj: JsonObject,
  key: string,
  path: string,
  ruleId: string,
  what: string,
  required: boolean,
): string | undefined {
  if (!has(obj, key)) {
    if (required) ctx.error(ruleId, path, `Missing "${key}": ${what} is required.`);
    return undefined;
  }
  const value = obj[key];
  if (isIri(value)) {
    checkIriSyntax(ctx, value, pointer(path, key));
    return value;
  }
  ctx.error(
    ruleId,
    pointer(path, key),
    `"${key}" must be an absolute IRI (${what}), such as "https://example.org/...", but it is ${describe(value)}.`,
  );
  return undefined;
}

/**
 * L3: an IRI-valued property holds an IRI per RFC 3987. The looser shape checks of each property's
 * own rule come first; this catches what they let through (bad percent escapes, control and
 * bidirectional formatting characters, characters outside RFC 3987), which RDF writers refuse.
 */
export function checkIriSyntax(
  ctx: ValidationContext,
  iri: string,
  at: string | { readonly path: string },
): void {
  let problem = iriCache.get(iri);
  if (problem === undefined) {
    problem = iriProblem(iri) ?? null;
    if (iriCache.size > 10_000) iriCache.clear();
    iriCache.set(iri, problem);
  }
  if (problem === null) return;
  const where = typeof at === 'string' ? at : at.path;
  if (iriLengthProblem(iri)) {
    // L4: the server's own bound, not the specification's; the IRI itself is not quoted whole.
    ctx.error(
      'L4',
      where,
      `The IRI starting ${JSON.stringify(iri.slice(0, 60))} is too long: ${problem}.`,
    );
    return;
  }
  ctx.error('L3', where, `${JSON.stringify(iri)} is not a valid IRI (RFC 3987): ${problem}.`);
}

// The same IRIs (inScheme, verbs, activity types) recur thousands of times in one profile.
const iriCache = new Map<string, string | null>();

/** An IRI found in the document; its JSON Pointer is only built if something is reported. */
export class IriRef {
  constructor(
    readonly iri: string,
    private readonly base: string,
    private readonly index?: number,
  ) {}

  get path(): string {
    return this.index === undefined ? this.base : pointer(this.base, this.index);
  }
}

/** Checks an array-of-IRIs property; returns the valid IRIs with their paths. */
export function checkIriArray(
  ctx: ValidationContext,
  obj: JsonObject,
  key: string,
  path: string,
  ruleId: string,
  what: string,
): IriRef[] {
  if (!has(obj, key)) return [];
  const value = obj[key];
  const at = pointer(path, key);
  if (!Array.isArray(value)) {
    if (isIri(value)) {
      checkIriSyntax(ctx, value, at);
      ctx.error(ruleId, at, `"${key}" must be an array of IRIs; write ["${value}"] instead.`);
      return [new IriRef(value, at)];
    }
    ctx.error(
      ruleId,
      at,
      `"${key}" must be an array of IRIs (${what}), but it is ${describe(value)}.`,
    );
    return [];
  }
  const out: IriRef[] = [];
  value.forEach((item, i) => {
    if (isIri(item)) {
      const ref = new IriRef(item, at, i);
      checkIriSyntax(ctx, item, ref);
      out.push(ref);
    } else {
      ctx.error(
        ruleId,
        pointer(at, i),
        `Every member of "${key}" must be an absolute IRI (${what}), but this one is ${describe(item)}.`,
      );
    }
  });
  return out;
}

export function checkLanguageMap(
  ctx: ValidationContext,
  obj: JsonObject,
  key: string,
  path: string,
  ruleId: string,
  required: boolean,
): void {
  if (!has(obj, key)) {
    if (required) {
      ctx.error(
        ruleId,
        path,
        `Missing "${key}": a language map such as {"en": "..."} is required.`,
      );
    }
    return;
  }
  languageMapProblems(ctx, obj[key], pointer(path, key), ruleId, key);
}

export function languageMapProblems(
  ctx: ValidationContext,
  value: JsonValue | undefined,
  at: string,
  ruleId: string,
  key: string,
): void {
  if (!isObject(value)) {
    const hint =
      typeof value === 'string' && value !== ''
        ? ` Write {"en": ${JSON.stringify(value)}} instead.`
        : '';
    ctx.error(
      ruleId,
      at,
      `"${key}" must be a language map such as {"en": "..."}, but it is ${describe(value)}.${hint}`,
    );
    return;
  }
  for (const [tag, text] of Object.entries(value)) {
    if (!knownTag(tag)) {
      ctx.error(
        ruleId,
        pointer(at, tag),
        `"${tag}" is not a BCP 47 language tag; use tags such as "en" or "fr-CA".`,
      );
    }
    if (typeof text !== 'string') {
      ctx.error(
        ruleId,
        pointer(at, tag),
        `Language map values must be strings, but this is ${describe(text)}.`,
      );
    }
  }
}

// Profiles use a handful of language tags thousands of times; the BCP 47 pattern is not cheap.
const tagCache = new Map<string, boolean>();
function knownTag(tag: string): boolean {
  let ok = tagCache.get(tag);
  if (ok === undefined) {
    ok = isLanguageTag(tag);
    if (tagCache.size > 10_000) tagCache.clear();
    tagCache.set(tag, ok);
  }
  return ok;
}
