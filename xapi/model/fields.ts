/**
 * Which properties each kind of profile object has, how their values are typed, and the order
 * serialize() writes them in. parse() and serialize() are both driven by these tables so the two
 * cannot drift apart.
 */
export type ObjectKind =
  | 'profile'
  | 'version'
  | 'author'
  | 'semanticConcept'
  | 'extension'
  | 'documentResource'
  | 'activity'
  | 'activityDefinition'
  | 'component'
  | 'template'
  | 'rule'
  | 'pattern';

export type FieldKind =
  | { kind: 'string' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'langmap' }
  | { kind: 'bool' }
  /** `@set`/`@list` of strings; a lone string is accepted and written back as a one-item array. */
  | { kind: 'stringArray' }
  | { kind: 'context' }
  /** Any JSON value but null; used where the spec allows a string or an object. */
  | { kind: 'stringOrObject' }
  | { kind: 'valueSet' }
  | { kind: 'jsonObject' }
  | { kind: 'object'; of: ObjectKind }
  | { kind: 'objects'; of: ObjectKind | 'concept' };

const str = { kind: 'string' } as const;
const langmap = { kind: 'langmap' } as const;
const bool = { kind: 'bool' } as const;
const strings = { kind: 'stringArray' } as const;
const context = { kind: 'context' } as const;
const stringOrObject = { kind: 'stringOrObject' } as const;
const valueSet = { kind: 'valueSet' } as const;
const components = { kind: 'objects', of: 'component' } as const;

export const semanticTypes = ['Verb', 'ActivityType', 'AttachmentUsageType'] as const;
export const extensionTypes = ['ContextExtension', 'ResultExtension', 'ActivityExtension'] as const;
export const documentResourceTypes = [
  'StateResource',
  'AgentProfileResource',
  'ActivityProfileResource',
] as const;
export const conceptTypes = [
  ...semanticTypes,
  ...extensionTypes,
  ...documentResourceTypes,
  'Activity',
] as const;
export const interactionTypes = [
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
] as const;

const conceptHead = {
  id: str,
  type: { kind: 'enum', values: conceptTypes },
  inScheme: str,
} as const;

export const fieldsOf: Record<ObjectKind, Readonly<Record<string, FieldKind>>> = {
  profile: {
    '@context': context,
    id: str,
    type: { kind: 'enum', values: ['Profile'] },
    conformsTo: str,
    prefLabel: langmap,
    definition: langmap,
    seeAlso: str,
    versions: { kind: 'objects', of: 'version' },
    author: { kind: 'object', of: 'author' },
    concepts: { kind: 'objects', of: 'concept' },
    templates: { kind: 'objects', of: 'template' },
    patterns: { kind: 'objects', of: 'pattern' },
  },
  version: { id: str, wasRevisionOf: strings, generatedAtTime: str },
  author: { type: { kind: 'enum', values: ['Organization', 'Person'] }, name: str, url: str },
  semanticConcept: {
    ...conceptHead,
    prefLabel: langmap,
    definition: langmap,
    deprecated: bool,
    broader: strings,
    broadMatch: strings,
    narrower: strings,
    narrowMatch: strings,
    related: strings,
    relatedMatch: strings,
    exactMatch: strings,
  },
  extension: {
    ...conceptHead,
    prefLabel: langmap,
    definition: langmap,
    deprecated: bool,
    recommendedActivityTypes: strings,
    recommendedVerbs: strings,
    context: str,
    schema: str,
    inlineSchema: stringOrObject,
  },
  documentResource: {
    ...conceptHead,
    prefLabel: langmap,
    definition: langmap,
    contentType: str,
    deprecated: bool,
    context: str,
    schema: str,
    inlineSchema: stringOrObject,
  },
  activity: {
    ...conceptHead,
    deprecated: bool,
    activityDefinition: { kind: 'object', of: 'activityDefinition' },
  },
  activityDefinition: {
    '@context': context,
    type: str,
    name: langmap,
    description: langmap,
    moreInfo: str,
    interactionType: { kind: 'enum', values: interactionTypes },
    correctResponsesPattern: strings,
    choices: components,
    scale: components,
    source: components,
    target: components,
    steps: components,
    extensions: { kind: 'jsonObject' },
  },
  component: { id: str, description: langmap },
  template: {
    id: str,
    type: { kind: 'enum', values: ['StatementTemplate'] },
    inScheme: str,
    prefLabel: langmap,
    definition: langmap,
    deprecated: bool,
    verb: str,
    objectActivityType: str,
    contextGroupingActivityType: strings,
    contextParentActivityType: strings,
    contextOtherActivityType: strings,
    contextCategoryActivityType: strings,
    attachmentUsageType: strings,
    objectStatementRefTemplate: strings,
    contextStatementRefTemplate: strings,
    rules: { kind: 'objects', of: 'rule' },
  },
  rule: {
    location: str,
    selector: str,
    presence: { kind: 'enum', values: ['included', 'excluded', 'recommended'] },
    any: valueSet,
    all: valueSet,
    none: valueSet,
    scopeNote: langmap,
  },
  pattern: {
    id: str,
    type: { kind: 'enum', values: ['Pattern'] },
    primary: bool,
    inScheme: str,
    prefLabel: langmap,
    definition: langmap,
    deprecated: bool,
    alternates: strings,
    optional: str,
    oneOrMore: str,
    sequence: strings,
    zeroOrMore: str,
  },
};

/** Which field table applies to a concept, decided by its `type`. */
export function conceptKind(type: unknown): ObjectKind | undefined {
  if ((semanticTypes as readonly unknown[]).includes(type)) return 'semanticConcept';
  if ((extensionTypes as readonly unknown[]).includes(type)) return 'extension';
  if ((documentResourceTypes as readonly unknown[]).includes(type)) return 'documentResource';
  if (type === 'Activity') return 'activity';
  return undefined;
}

/** Objects whose `type` must have a given value to be recognized at all. */
export const requiredType: Partial<Record<ObjectKind, string>> = {
  template: 'StatementTemplate',
  pattern: 'Pattern',
};
