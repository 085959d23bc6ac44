/**
 * The profile context (`https://w3id.org/xapi/profiles/context`), assembled from the property
 * tables of the structure specification (§6–§9) so each term's container and value type can be
 * traced back to a table row. Terms are grouped by how they expand rather than listed one by one.
 *
 * `scopeNote` has no `@language` container, as in the published context: keeping the expansion
 * identical to the published one matters more than the table's "language map" wording, which the
 * validator enforces separately (see docs/xapi-validation-decisions.md).
 */
export const PROFILE_CONTEXT_IRI = 'https://w3id.org/xapi/profiles/context';

const XSD = 'http://www.w3.org/2001/XMLSchema#';

const prefixes = {
  prov: 'http://www.w3.org/ns/prov#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  xapi: 'https://w3id.org/xapi/ontology#',
  profile: 'https://w3id.org/xapi/profiles/ontology#',
  dcterms: 'http://purl.org/dc/terms/',
  schemaorg: 'http://schema.org/',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
};

/** Values of `type` (§6, §6.2, §7.1–§7.4, §8, §9) and the class each names. */
const typeNames: Record<string, string> = {
  Profile: 'profile:Profile',
  Organization: 'schemaorg:Organization',
  Person: 'schemaorg:Person',
  Verb: 'xapi:Verb',
  ActivityType: 'xapi:ActivityType',
  AttachmentUsageType: 'xapi:AttachmentUsageType',
  ContextExtension: 'xapi:ContextExtension',
  ResultExtension: 'xapi:ResultExtension',
  ActivityExtension: 'xapi:ActivityExtension',
  StateResource: 'xapi:StateResource',
  AgentProfileResource: 'xapi:AgentProfileResource',
  ActivityProfileResource: 'xapi:ActivityProfileResource',
  Activity: 'xapi:Activity',
  StatementTemplate: 'profile:StatementTemplate',
  Pattern: 'profile:Pattern',
};

type TermDefinition = Record<string, string>;

/** Plain values: strings or nested objects, no container. */
const plain: Record<string, string> = {
  author: 'schemaorg:author',
  name: 'schemaorg:name',
  url: 'schemaorg:url',
  inlineSchema: 'profile:inlineSchema',
  contentType: 'profile:contentType',
  activityDefinition: 'profile:activityDefinition',
  location: 'profile:location',
  selector: 'profile:selector',
  presence: 'profile:presence',
  scopeNote: 'skos:scopeNote',
};

/** Single IRI values ("IRI"/"URI"/"URL" in the tables). */
const singleIri: Record<string, string> = {
  conformsTo: 'dcterms:conformsTo',
  seeAlso: 'rdfs:seeAlso',
  inScheme: 'skos:inScheme',
  context: 'profile:context',
  schema: 'profile:schema',
  verb: 'profile:verb',
  objectActivityType: 'profile:objectActivityType',
  optional: 'profile:optional',
  oneOrMore: 'profile:oneOrMore',
  zeroOrMore: 'profile:zeroOrMore',
};

/** Unordered arrays of IRIs. */
const iriSets: Record<string, string> = {
  wasRevisionOf: 'prov:wasRevisionOf',
  broader: 'skos:broader',
  narrower: 'skos:narrower',
  broadMatch: 'skos:broadMatch',
  narrowMatch: 'skos:narrowMatch',
  exactMatch: 'skos:exactMatch',
  relatedMatch: 'skos:relatedMatch',
  related: 'skos:related',
  recommendedActivityTypes: 'profile:recommendedActivityTypes',
  recommendedVerbs: 'profile:recommendedVerbs',
  contextGroupingActivityType: 'profile:contextGroupingActivityType',
  contextParentActivityType: 'profile:contextParentActivityType',
  contextOtherActivityType: 'profile:contextOtherActivityType',
  contextCategoryActivityType: 'profile:contextCategoryActivityType',
  attachmentUsageType: 'profile:attachmentUsageType',
  objectStatementRefTemplate: 'profile:objectStatementRefTemplate',
  contextStatementRefTemplate: 'profile:contextStatementRefTemplate',
  alternates: 'profile:alternates',
};

/** Unordered arrays of nested objects or literals. */
const objectSets: Record<string, string> = {
  versions: 'profile:versions',
  concepts: 'profile:concepts',
  templates: 'profile:templates',
  patterns: 'profile:patterns',
  rules: 'profile:rules',
  any: 'profile:any',
  all: 'profile:all',
  none: 'profile:none',
};

const languageMaps: Record<string, string> = {
  prefLabel: 'skos:prefLabel',
  definition: 'skos:definition',
};

const typedLiterals: Record<string, string> = {
  generatedAtTime: 'prov:generatedAtTime',
  deprecated: 'profile:deprecated',
  primary: 'profile:primary',
};
const literalTypes: Record<string, string> = {
  generatedAtTime: `${XSD}dateTime`,
  deprecated: `${XSD}boolean`,
  primary: `${XSD}boolean`,
};

function build(): Record<string, string | TermDefinition> {
  const ctx: Record<string, string | TermDefinition> = { type: '@type', id: '@id', ...prefixes };
  Object.assign(ctx, typeNames);
  for (const [term, id] of Object.entries(plain)) ctx[term] = { '@id': id };
  for (const [term, id] of Object.entries(singleIri)) ctx[term] = { '@id': id, '@type': '@id' };
  for (const [term, id] of Object.entries(iriSets)) {
    ctx[term] = { '@id': id, '@type': '@id', '@container': '@set' };
  }
  for (const [term, id] of Object.entries(objectSets))
    ctx[term] = { '@id': id, '@container': '@set' };
  for (const [term, id] of Object.entries(languageMaps)) {
    ctx[term] = { '@id': id, '@container': '@language' };
  }
  for (const [term, id] of Object.entries(typedLiterals)) {
    ctx[term] = { '@id': id, '@type': literalTypes[term]! };
  }
  // `sequence` is the one ordered member list: pattern matching depends on its order.
  ctx.sequence = { '@id': 'profile:sequence', '@type': '@id', '@container': '@list' };
  return ctx;
}

export const profileContext = { '@context': build() } as const;

/** Terms a Profile author may use without a prefix (keyword aliases excluded). */
export const profileContextTerms: ReadonlySet<string> = new Set(
  Object.keys(profileContext['@context']).filter((k) => k !== 'id' && k !== 'type'),
);

export const setContainerTerms: ReadonlySet<string> = new Set([
  ...Object.keys(iriSets),
  ...Object.keys(objectSets),
]);
export const iriValuedTerms: ReadonlySet<string> = new Set([
  ...Object.keys(singleIri),
  ...Object.keys(iriSets),
  'sequence',
]);
export const languageMapTerms: ReadonlySet<string> = new Set(Object.keys(languageMaps));
