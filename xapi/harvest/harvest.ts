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
import { iriLengthProblem } from '../iri.js';
import { HARVEST_LIMITS, HARVESTED_TYPES, type HarvestedType } from './types.js';
import { runToEnd } from '../steps.js';

export { HARVEST_LIMITS, HARVESTED_TYPES, type HarvestedType };

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
  /** More distinct concepts than one file may bring. */
  | 'too-many-concepts'
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

/** Every problem of a statement, each at its path, in one text. */
export function problemText(problems: { path: string; message: string }[]): string {
  if (problems.length === 0) return 'Not an xAPI statement.';
  return problems
    .map(({ path, message }) => (path && path !== '/' ? `${path}: ${message}` : message))
    .join(' ');
}

export function harvestStatements(input: unknown, options: HarvestOptions): HarvestResult {
  return runToEnd(harvestSteps(input, options));
}

/**
 * `harvestStatements` one statement at a time: yields after each statement, so a caller can
 * spread a large file over several turns of its event loop. Answers the same result.
 */
export function* harvestSteps(
  input: unknown,
  options: HarvestOptions,
): Generator<number, HarvestResult, void> {
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
  for (let index = 0; index < statements.length; index++) {
    const statement = statements[index];
    const found = checkStatement(statement);
    const problem =
      found.length > 0
        ? problemText(found)
        : collector.statement(normalizeStatement(statement as JsonObject), index);
    if (problem !== null) problems.push({ index, message: problem });
    if (collector.size > HARVEST_LIMITS.conceptsMax)
      return {
        ok: false,
        refusal: 'too-many-concepts',
        message: `The statements of this file name more than ${HARVEST_LIMITS.conceptsMax.toLocaleString('en-US')} distinct concepts (verbs, activities, activity types, extensions, attachment usage types); one file may bring at most that many. Split it into smaller files.`,
      };
    yield index;
  }
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

/** A concept as one statement names it, before it is merged. */
interface Found {
  type: HarvestedType;
  iri: string;
  name?: JsonValue;
  description?: JsonValue;
  activityType?: string | null;
}

/** Why a language map of a statement is past the bounds, or null. */
function languageMapProblem(where: string, value: JsonValue | undefined): string | null {
  if (!isObject(value)) return null;
  const entries = Object.entries(value);
  if (entries.length > HARVEST_LIMITS.languagesMax)
    return `${where}: ${entries.length} languages; a statement brought to the queue may give at most ${HARVEST_LIMITS.languagesMax}.`;
  for (const [language, text] of entries)
    if (typeof text === 'string' && text.length > HARVEST_LIMITS.textMax)
      return `${where}.${language}: ${text.length.toLocaleString('en-US')} characters; at most ${HARVEST_LIMITS.textMax.toLocaleString('en-US')} are taken.`;
  return null;
}

/**
 * Gathers concepts by (type, IRI), merging language maps: the first text of a language stays.
 * A statement is read whole before anything of it is kept, so one past the bounds leaves nothing.
 */
class Collector {
  private readonly byKey = new Map<string, Collected>();

  private found: Found[] = [];

  private problem: string | null = null;

  get size(): number {
    return this.byKey.size;
  }

  concepts(): HarvestedConcept[] {
    return [...this.byKey.values()].map(({ lastStatement: _, ...concept }) => concept);
  }

  /** Keeps what the statement names; answers why it was skipped instead, or null. */
  statement(s: JsonObject, index: number): string | null {
    this.found = [];
    this.problem = null;
    this.parts(s, '');
    if (this.problem !== null) return this.problem;
    for (const found of this.found) this.keep(found, index);
    return null;
  }

  /** The parts a statement and a sub-statement share. */
  private parts(s: JsonObject, at: string): void {
    if (isObject(s.verb) && typeof s.verb.id === 'string') {
      this.check(languageMapProblem(`${at}verb.display`, s.verb.display));
      this.add({ type: 'Verb', iri: s.verb.id, name: s.verb.display }, `${at}verb.id`);
    }
    const object = s.object;
    if (isObject(object)) {
      if (object.objectType === undefined || object.objectType === 'Activity')
        this.activity(object, `${at}object`);
      else if (object.objectType === 'SubStatement')
        this.parts(normalizeStatement(object), `${at}object.`);
    }
    if (isObject(s.context)) {
      const activities = s.context.contextActivities;
      if (isObject(activities))
        for (const kind of CONTEXT_ACTIVITY_KINDS) {
          const list = activities[kind];
          if (Array.isArray(list))
            list.forEach((a, i) => {
              if (isObject(a)) this.activity(a, `${at}context.contextActivities.${kind}.${i}`);
            });
        }
      this.extensions('ContextExtension', s.context.extensions, `${at}context.extensions`);
    }
    if (isObject(s.result))
      this.extensions('ResultExtension', s.result.extensions, `${at}result.extensions`);
    if (Array.isArray(s.attachments))
      s.attachments.forEach((attachment, i) => {
        if (isObject(attachment) && typeof attachment.usageType === 'string')
          this.add(
            { type: 'AttachmentUsageType', iri: attachment.usageType },
            `${at}attachments.${i}.usageType`,
          );
      });
  }

  private activity(a: JsonObject, where: string): void {
    if (typeof a.id !== 'string') return;
    const definition = isObject(a.definition) ? a.definition : {};
    const activityType = typeof definition.type === 'string' ? definition.type : null;
    this.check(languageMapProblem(`${where}.definition.name`, definition.name));
    this.check(languageMapProblem(`${where}.definition.description`, definition.description));
    this.add(
      {
        type: 'Activity',
        iri: a.id,
        name: definition.name,
        description: definition.description,
        activityType,
      },
      `${where}.id`,
    );
    if (activityType)
      this.add({ type: 'ActivityType', iri: activityType }, `${where}.definition.type`);
    this.extensions('ActivityExtension', definition.extensions, `${where}.definition.extensions`);
  }

  private extensions(type: HarvestedType, value: JsonValue | undefined, where: string): void {
    if (!isObject(value)) return;
    const iris = Object.keys(value);
    if (iris.length > HARVEST_LIMITS.extensionsMax)
      this.check(
        `${where}: ${iris.length} extensions; a statement brought to the queue may carry at most ${HARVEST_LIMITS.extensionsMax} in one place.`,
      );
    else for (const iri of iris) this.add({ type, iri }, `${where}.${iri}`);
  }

  private check(problem: string | null): void {
    this.problem ??= problem;
  }

  private add(found: Found, where: string): void {
    const tooLong = iriLengthProblem(found.iri);
    if (tooLong) this.check(`${where.slice(0, 200)}: this IRI is too long: ${tooLong}.`);
    else this.found.push(found);
  }

  private keep(found: Found, index: number): void {
    const key = harvestKey(found.type, found.iri);
    let concept = this.byKey.get(key);
    if (!concept) {
      concept = {
        key,
        type: found.type,
        iri: found.iri,
        name: {},
        description: {},
        activityType: null,
        statementCount: 0,
        lastStatement: -1,
      };
      this.byKey.set(key, concept);
    }
    if (concept.lastStatement !== index) {
      concept.lastStatement = index;
      concept.statementCount += 1;
    }
    mergeLanguageMap(concept.name, found.name);
    mergeLanguageMap(concept.description, found.description);
    concept.activityType ??= found.activityType ?? null;
  }
}

function mergeLanguageMap(into: Record<string, string>, value: JsonValue | undefined): void {
  if (!isObject(value)) return;
  for (const [language, text] of Object.entries(value))
    if (typeof text === 'string' && !(language in into)) into[language] = text;
}
