/**
 * Harvest of the concepts a file of xAPI statements uses: verbs, activities and their types,
 * extensions by where they sit, attachment usage types. Each statement is checked as an xAPI
 * 1.0.3 statement first; a bad one is reported by its index and skipped, never failing the file.
 * A file holding more statements than allowed is refused whole, never cut.
 */
import { PROFILE_CONTEXT_IRI } from '../contexts/profile-context.js';
import type { JsonObject, JsonValue } from '../json.js';
import { isObject } from '../json.js';
import { checkStatement, normalizeStatement } from '../statement/statement-check.js';
import { HARVESTED_TYPES, type HarvestedType } from './types.js';

export { HARVESTED_TYPES, type HarvestedType };

/** One concept the statements use, merged over every statement of the file that uses it. */
export interface HarvestedConcept {
  /** Stable: the same type and IRI give the same key in every file. */
  key: string;
  type: HarvestedType;
  iri: string;
  /** Verb display or activity name, per language. */
  name: Record<string, string>;
  /** Activity description, per language. */
  description: Record<string, string>;
  /** For an activity: the type its definition names (the first one met). */
  activityType: string | null;
  /** How many accepted statements use it. */
  statementCount: number;
}

/** A statement that was skipped, by its index in the file. */
export interface HarvestProblem {
  index: number;
  message: string;
}

export type HarvestRefusal =
  /** A JSON-LD profile document: it goes to the profile import instead. */
  | 'profile-document'
  /** More statements than the bound. */
  | 'too-many-statements'
  /** Neither a statement, a list of statements nor an LRS result. */
  | 'not-statements';

export type HarvestResult =
  | {
      ok: true;
      /** Statements accepted and harvested. */
      statementCount: number;
      skippedCount: number;
      problems: HarvestProblem[];
      concepts: HarvestedConcept[];
    }
  | { ok: false; refusal: HarvestRefusal; message: string };

export interface HarvestOptions {
  maxStatements: number;
}

/** The candidate key of a concept: its type and IRI (an IRI holds no space). */
export const harvestKey = (type: HarvestedType, iri: string) => `${type} ${iri}`;

const CONTEXT_ACTIVITY_KINDS = ['parent', 'grouping', 'category', 'other'] as const;

/** Whether parsed JSON is a profile document (its type, or the profiles JSON-LD context). */
export function isProfileDocument(input: unknown): boolean {
  if (!isObject(input)) return false;
  if (input.type === 'Profile') return true;
  const context = input['@context'];
  const contexts = Array.isArray(context) ? context : [context];
  return contexts.some(
    (c) => typeof c === 'string' && c.replace(/\/+$/, '') === PROFILE_CONTEXT_IRI,
  );
}

/** The statements of a file: one statement, an array of them, or an LRS `{statements}` result. */
function statementsOf(input: unknown): unknown[] | null {
  if (Array.isArray(input)) return input as unknown[];
  if (!isObject(input)) return null;
  if (input.statements !== undefined && input.verb === undefined && input.actor === undefined)
    // An LRS result, or what claims to be one: its statements must be a list.
    return Array.isArray(input.statements) ? input.statements : null;
  return [input];
}

function problemText(problems: { path: string; message: string }[]): string {
  const [first] = problems;
  if (!first) return 'Not an xAPI statement.';
  const text = first.path && first.path !== '/' ? `${first.path}: ${first.message}` : first.message;
  return problems.length > 1 ? `${text} (and ${problems.length - 1} more problems)` : text;
}

export function harvestStatements(input: unknown, options: HarvestOptions): HarvestResult {
  if (isProfileDocument(input))
    return {
      ok: false,
      refusal: 'profile-document',
      message:
        'This file is a profile document, not xAPI statements: import it as a profile instead.',
    };
  const statements = statementsOf(input);
  if (statements === null || statements.length === 0)
    return {
      ok: false,
      refusal: 'not-statements',
      message:
        'The file holds no xAPI statements: send a statement, an array of statements, or an LRS result with "statements".',
    };
  if (statements.length > options.maxStatements)
    return {
      ok: false,
      refusal: 'too-many-statements',
      message: `The file holds ${statements.length} statements; at most ${options.maxStatements} are taken per file. Split it into smaller files.`,
    };
  const collector = new Collector();
  const problems: HarvestProblem[] = [];
  statements.forEach((statement, index) => {
    const found = checkStatement(statement);
    if (found.length > 0) {
      problems.push({ index, message: problemText(found) });
      return;
    }
    collector.statement(normalizeStatement(statement as JsonObject), index);
  });
  return {
    ok: true,
    statementCount: statements.length - problems.length,
    skippedCount: problems.length,
    problems,
    concepts: collector.concepts(),
  };
}

interface Collected extends HarvestedConcept {
  lastStatement: number;
}

/** Gathers concepts by (type, IRI), merging language maps: the first text of a language stays. */
class Collector {
  private readonly byKey = new Map<string, Collected>();

  private index = -1;

  concepts(): HarvestedConcept[] {
    return [...this.byKey.values()].map(({ lastStatement: _, ...concept }) => concept);
  }

  statement(s: JsonObject, index: number): void {
    this.index = index;
    this.parts(s);
  }

  /** The parts a statement and a sub-statement share. */
  private parts(s: JsonObject): void {
    if (isObject(s.verb) && typeof s.verb.id === 'string')
      this.add('Verb', s.verb.id, { name: s.verb.display });
    const object = s.object;
    if (isObject(object)) {
      if (object.objectType === undefined || object.objectType === 'Activity')
        this.activity(object);
      else if (object.objectType === 'SubStatement') this.parts(normalizeStatement(object));
    }
    if (isObject(s.context)) {
      const activities = s.context.contextActivities;
      if (isObject(activities))
        for (const kind of CONTEXT_ACTIVITY_KINDS) {
          const list = activities[kind];
          if (Array.isArray(list)) for (const a of list) if (isObject(a)) this.activity(a);
        }
      this.extensions('ContextExtension', s.context.extensions);
    }
    if (isObject(s.result)) this.extensions('ResultExtension', s.result.extensions);
    if (Array.isArray(s.attachments))
      for (const attachment of s.attachments)
        if (isObject(attachment) && typeof attachment.usageType === 'string')
          this.add('AttachmentUsageType', attachment.usageType, {});
  }

  private activity(a: JsonObject): void {
    if (typeof a.id !== 'string') return;
    const definition = isObject(a.definition) ? a.definition : {};
    const activityType = typeof definition.type === 'string' ? definition.type : null;
    this.add('Activity', a.id, {
      name: definition.name,
      description: definition.description,
      activityType,
    });
    if (activityType) this.add('ActivityType', activityType, {});
    this.extensions('ActivityExtension', definition.extensions);
  }

  private extensions(type: HarvestedType, value: JsonValue | undefined): void {
    if (isObject(value)) for (const iri of Object.keys(value)) this.add(type, iri, {});
  }

  private add(
    type: HarvestedType,
    iri: string,
    parts: { name?: JsonValue; description?: JsonValue; activityType?: string | null },
  ): void {
    const key = harvestKey(type, iri);
    let concept = this.byKey.get(key);
    if (!concept) {
      concept = {
        key,
        type,
        iri,
        name: {},
        description: {},
        activityType: null,
        statementCount: 0,
        lastStatement: -1,
      };
      this.byKey.set(key, concept);
    }
    if (concept.lastStatement !== this.index) {
      concept.lastStatement = this.index;
      concept.statementCount += 1;
    }
    mergeLanguageMap(concept.name, parts.name);
    mergeLanguageMap(concept.description, parts.description);
    concept.activityType ??= parts.activityType ?? null;
  }
}

function mergeLanguageMap(into: Record<string, string>, value: JsonValue | undefined): void {
  if (!isObject(value)) return;
  for (const [language, text] of Object.entries(value))
    if (typeof text === 'string' && !(language in into)) into[language] = text;
}
