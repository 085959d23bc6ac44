import type { JsonObject, JsonValue } from '../json.js';

/**
 * The profile model mirrors the JSON-LD document property for property, so a model object is
 * also a readable document. Properties the spec requires are optional here on purpose: drafts
 * being authored are incomplete, and validate() is what reports a missing required property.
 * Anything the model cannot type (unknown keys, values of the wrong type) is kept verbatim in
 * `extra` so that serializing never loses data.
 */
export type Iri = string;
export type LanguageMap = Record<string, string>;

export interface Extensible {
  extra?: Record<string, JsonValue>;
}

/** An array member that is not an object of the expected kind, kept as found. */
export interface Unrecognized {
  unrecognized: JsonValue;
}

export type ContextValue = string | JsonValue[];

export interface Profile extends Extensible {
  '@context'?: ContextValue;
  id?: Iri;
  type?: 'Profile';
  conformsTo?: Iri;
  prefLabel?: LanguageMap;
  definition?: LanguageMap;
  seeAlso?: Iri;
  versions?: (ProfileVersion | Unrecognized)[];
  author?: Author;
  concepts?: (Concept | Unrecognized)[];
  templates?: (StatementTemplate | Unrecognized)[];
  patterns?: (Pattern | Unrecognized)[];
}

export interface ProfileVersion extends Extensible {
  id?: Iri;
  wasRevisionOf?: Iri[];
  generatedAtTime?: string;
}

export interface Author extends Extensible {
  type?: 'Organization' | 'Person';
  name?: string;
  url?: Iri;
}

interface ConceptBase extends Extensible {
  id?: Iri;
  inScheme?: Iri;
  deprecated?: boolean;
}

interface DescribedConcept extends ConceptBase {
  prefLabel?: LanguageMap;
  definition?: LanguageMap;
}

export type SemanticConceptType = 'Verb' | 'ActivityType' | 'AttachmentUsageType';
export type ExtensionType = 'ContextExtension' | 'ResultExtension' | 'ActivityExtension';
export type DocumentResourceType =
  'StateResource' | 'AgentProfileResource' | 'ActivityProfileResource';
export type ConceptType = SemanticConceptType | ExtensionType | DocumentResourceType | 'Activity';

/** Verb, ActivityType and AttachmentUsageType (§7.1). */
export interface SemanticConcept extends DescribedConcept {
  type: SemanticConceptType;
  broader?: Iri[];
  broadMatch?: Iri[];
  narrower?: Iri[];
  narrowMatch?: Iri[];
  related?: Iri[];
  relatedMatch?: Iri[];
  exactMatch?: Iri[];
}
export interface Verb extends SemanticConcept {
  type: 'Verb';
}
export interface ActivityType extends SemanticConcept {
  type: 'ActivityType';
}
export interface AttachmentUsageType extends SemanticConcept {
  type: 'AttachmentUsageType';
}

/** ContextExtension, ResultExtension and ActivityExtension (§7.2). */
export interface Extension extends DescribedConcept {
  type: ExtensionType;
  recommendedActivityTypes?: Iri[];
  recommendedVerbs?: Iri[];
  context?: Iri;
  schema?: Iri;
  /** A JSON Schema serialized as a string (an object is kept as given). */
  inlineSchema?: string | JsonObject;
}
export interface ContextExtension extends Extension {
  type: 'ContextExtension';
}
export interface ResultExtension extends Extension {
  type: 'ResultExtension';
}
export interface ActivityExtension extends Extension {
  type: 'ActivityExtension';
}

/** StateResource, AgentProfileResource and ActivityProfileResource (§7.3). */
export interface DocumentResource extends DescribedConcept {
  type: DocumentResourceType;
  contentType?: string;
  context?: Iri;
  schema?: Iri;
  inlineSchema?: string | JsonObject;
}
export interface StateResource extends DocumentResource {
  type: 'StateResource';
}
export interface AgentProfileResource extends DocumentResource {
  type: 'AgentProfileResource';
}
export interface ActivityProfileResource extends DocumentResource {
  type: 'ActivityProfileResource';
}

/** Activity (§7.4): an xAPI activity definition the profile publishes. */
export interface Activity extends ConceptBase {
  type: 'Activity';
  activityDefinition?: ActivityDefinition;
}

export type InteractionType =
  | 'true-false'
  | 'choice'
  | 'fill-in'
  | 'long-fill-in'
  | 'matching'
  | 'performance'
  | 'sequencing'
  | 'likert'
  | 'numeric'
  | 'other';

export interface InteractionComponent extends Extensible {
  id?: string;
  description?: LanguageMap;
}

/** xAPI 1.0.3 Activity Definition plus the JSON-LD `@context` the profile spec adds. */
export interface ActivityDefinition extends Extensible {
  '@context'?: ContextValue;
  type?: Iri;
  name?: LanguageMap;
  description?: LanguageMap;
  moreInfo?: Iri;
  interactionType?: InteractionType;
  correctResponsesPattern?: string[];
  choices?: (InteractionComponent | Unrecognized)[];
  scale?: (InteractionComponent | Unrecognized)[];
  source?: (InteractionComponent | Unrecognized)[];
  target?: (InteractionComponent | Unrecognized)[];
  steps?: (InteractionComponent | Unrecognized)[];
  extensions?: JsonObject;
}

export type Concept =
  | Verb
  | ActivityType
  | AttachmentUsageType
  | ContextExtension
  | ResultExtension
  | ActivityExtension
  | StateResource
  | AgentProfileResource
  | ActivityProfileResource
  | Activity;

export type Presence = 'included' | 'excluded' | 'recommended';

export interface Rule extends Extensible {
  location?: string;
  selector?: string;
  presence?: Presence;
  any?: JsonValue[];
  all?: JsonValue[];
  none?: JsonValue[];
  scopeNote?: LanguageMap;
}

export interface StatementTemplate extends Extensible {
  id?: Iri;
  type: 'StatementTemplate';
  inScheme?: Iri;
  prefLabel?: LanguageMap;
  definition?: LanguageMap;
  deprecated?: boolean;
  verb?: Iri;
  objectActivityType?: Iri;
  contextGroupingActivityType?: Iri[];
  contextParentActivityType?: Iri[];
  contextOtherActivityType?: Iri[];
  contextCategoryActivityType?: Iri[];
  attachmentUsageType?: Iri[];
  objectStatementRefTemplate?: Iri[];
  contextStatementRefTemplate?: Iri[];
  rules?: (Rule | Unrecognized)[];
}

export interface Pattern extends Extensible {
  id?: Iri;
  type: 'Pattern';
  primary?: boolean;
  inScheme?: Iri;
  prefLabel?: LanguageMap;
  definition?: LanguageMap;
  deprecated?: boolean;
  alternates?: Iri[];
  optional?: Iri;
  oneOrMore?: Iri;
  sequence?: Iri[];
  zeroOrMore?: Iri;
}

export function isUnrecognized(value: object): value is Unrecognized {
  return 'unrecognized' in value;
}
