/** Statements and a small profile for the statement-validation tests, the CLI tests and the benchmark. */
import type { JsonObject } from '../json.js';
import type { Pattern, Profile, StatementTemplate } from '../model/types.js';

export const EX = 'https://example.org/xapi';
export const VERSION = `${EX}/profile/v1`;
export const verb = (name: string) => `${EX}/verbs/${name}`;
export const activityType = (name: string) => `${EX}/activity-types/${name}`;
export const templateId = (name: string) => `${EX}/templates/${name}`;
export const patternId = (name: string) => `${EX}/patterns/${name}`;

let counter = 0;
/** A deterministic UUID (version 4 layout) from a number. */
export function uuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

export interface StatementParts {
  verb?: string;
  objectType?: string;
  registration?: string;
  timestamp?: string;
  extra?: JsonObject;
  context?: JsonObject;
  /** Adds the profile version to the category context activities (default true). */
  category?: boolean;
}

/** A valid statement with the given verb and object activity type. */
export function statement(parts: StatementParts = {}): JsonObject {
  const context: JsonObject = { ...(parts.context ?? {}) };
  if (parts.registration !== undefined) context.registration = parts.registration;
  if (parts.category !== false) {
    const activities = (context.contextActivities as JsonObject | undefined) ?? {};
    context.contextActivities = {
      ...activities,
      category: [{ id: VERSION, definition: { type: `${EX}/activity-types/profile` } }],
    };
  }
  return {
    id: uuid(++counter),
    actor: { objectType: 'Agent', mbox: 'mailto:learner@example.org' },
    verb: { id: parts.verb ?? verb('did'), display: { en: 'did' } },
    object: {
      objectType: 'Activity',
      id: `${EX}/activities/1`,
      definition: { type: parts.objectType ?? activityType('lesson') },
    },
    ...(Object.keys(context).length > 0 ? { context } : {}),
    ...(parts.timestamp !== undefined ? { timestamp: parts.timestamp } : {}),
    ...(parts.extra ?? {}),
  };
}

/** A template keyed on one verb, with the given rules. */
export function template(name: string, extra: Partial<StatementTemplate> = {}): StatementTemplate {
  return {
    id: templateId(name),
    type: 'StatementTemplate',
    inScheme: VERSION,
    prefLabel: { en: name },
    definition: { en: `The ${name} statement.` },
    verb: verb(name),
    ...extra,
  };
}

/** A profile whose templates are `verb(name)` statements and whose patterns are given as is. */
export function profileWith(
  templates: StatementTemplate[],
  patterns: Profile['patterns'] = [],
): Profile {
  return {
    id: `${EX}/profile`,
    type: 'Profile',
    conformsTo: 'https://w3id.org/xapi/profiles#1.0',
    prefLabel: { en: 'Example' },
    definition: { en: 'Example profile.' },
    versions: [{ id: VERSION, generatedAtTime: '2026-01-01T00:00:00Z' }],
    author: { type: 'Organization', name: 'Example' },
    templates,
    patterns,
  };
}

/** A pattern named `name` (its IRI `patternId(name)`), primary or not. */
export function pattern(name: string, body: Partial<Pattern>, primary = false): Pattern {
  return {
    id: patternId(name),
    type: 'Pattern',
    inScheme: VERSION,
    prefLabel: { en: name },
    definition: { en: `The ${name} pattern.` },
    ...(primary ? { primary: true } : {}),
    ...body,
  };
}

/**
 * A profile that can be simulated: the templates and patterns, and a verb concept (with its
 * `prefLabel`) for each template's verb.
 */
export function simulableProfile(templates: StatementTemplate[], patterns: Pattern[]): Profile {
  return {
    ...profileWith(templates, patterns),
    concepts: templates.map((t) => ({
      id: t.verb!,
      type: 'Verb' as const,
      inScheme: VERSION,
      prefLabel: { en: t.prefLabel!.en! },
      definition: { en: 'A verb.' },
    })),
  };
}

/** A simulable profile whose one primary pattern is the templates in sequence. */
export function sequenceProfile(templates: StatementTemplate[]): Profile {
  return simulableProfile(templates, [
    pattern('main', { sequence: templates.map((t) => t.id!) }, true),
  ]);
}
