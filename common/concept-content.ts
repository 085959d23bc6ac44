import {
  conceptTypeOf,
  INTERACTION_COMPONENT_KEYS,
  type ConceptInput,
  type ConceptType,
  type ConceptValues,
  type RelationType,
} from './concepts';
import type { Translation } from './profiles';

type Json = Record<string, unknown>;

export const ACTIVITY_CONTEXT = 'https://w3id.org/xapi/profiles/activity-context';

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const langMap = (v: unknown): Record<string, string> =>
  isJson(v)
    ? Object.fromEntries(
        Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    : {};

/** Name, description and translations as language maps: English (or the first language) first. */
export function toLanguageMaps(values: {
  name: string;
  description: string;
  translations: Translation[];
}) {
  const prefLabel: Record<string, string> = { en: values.name };
  const definition: Record<string, string> = { en: values.description };
  for (const t of values.translations) {
    if (t.translationName) prefLabel[t.language] = t.translationName;
    if (t.translationDesc) definition[t.language] = t.translationDesc;
  }
  return { prefLabel, definition };
}

function fromLanguageMaps(names: Record<string, string>, descriptions: Record<string, string>) {
  const languages = [...new Set([...Object.keys(names), ...Object.keys(descriptions)])];
  const main = 'en' in names ? 'en' : (languages[0] ?? 'en');
  return {
    name: names[main] ?? '',
    description: descriptions[main] ?? '',
    translations: languages
      .filter((l) => l !== main)
      .map((l) => ({
        language: l,
        translationName: names[l] ?? '',
        translationDesc: descriptions[l] ?? '',
      })),
  };
}

/** Related terms in the same profile use the SKOS relation; across profiles its *Match form. */
const localRelation: Record<RelationType, string> = {
  related: 'related',
  broader: 'broader',
  narrower: 'narrower',
  // No SKOS term says "the same meaning" inside one version: written as it was chosen, the
  // validator's finding (E4) tells the author to pick another relation.
  exact: 'exactMatch',
};
const matchRelation: Record<RelationType, string> = {
  related: 'relatedMatch',
  broader: 'broadMatch',
  narrower: 'narrowMatch',
  exact: 'exactMatch',
};
const RELATION_KEYS = [
  'related',
  'broader',
  'narrower',
  'relatedMatch',
  'broadMatch',
  'narrowMatch',
  'exactMatch',
];

/** The interaction components each interaction type uses (xAPI 1.0.3, Interaction Components). */
const componentsOf: Record<string, ReadonlyArray<(typeof INTERACTION_COMPONENT_KEYS)[number]>> = {
  'true-false': [],
  choice: ['choices'],
  'fill-in': [],
  'long-fill-in': [],
  matching: ['source', 'target'],
  performance: ['steps'],
  sequencing: ['choices'],
  likert: ['scale'],
  numeric: [],
  other: [],
};

export interface ContentContext {
  iri: string;
  /** The version the concept was defined in. */
  inScheme: string;
  /** Whether an IRI is a concept of the same profile. */
  isLocal: (iri: string) => boolean;
  /** The stored content, whose properties the form does not manage are kept (exactMatch, …). */
  previous?: Json | undefined;
}

function schemaFields(values: { schemaType: string; inlineSchema: string; schemaString: string }) {
  return values.schemaType === 'inlineSchema'
    ? { inlineSchema: values.inlineSchema }
    : { schema: values.schemaString };
}

/**
 * The concept as a profile document carries it (xAPI Profiles §7), from the authoring form.
 * Anything of the stored content the form does not manage stays as it was.
 */
export function conceptContent(values: ConceptValues, ctx: ContentContext): Json {
  const kept: Json = {};
  const managed = new Set([
    'id',
    'type',
    'inScheme',
    'prefLabel',
    'definition',
    'deprecated',
    ...RELATION_KEYS,
    'recommendedActivityTypes',
    'recommendedVerbs',
    'context',
    'schema',
    'inlineSchema',
    'contentType',
    'activityDefinition',
  ]);
  for (const [key, value] of Object.entries(ctx.previous ?? {}))
    if (!managed.has(key)) kept[key] = value;
  const deprecated = ctx.previous?.deprecated === true ? { deprecated: true } : {};
  const head = { id: ctx.iri };
  const maps = toLanguageMaps(values);

  switch (values.conceptType) {
    case 'Verb':
    case 'ActivityType':
    case 'AttachmentUsageType': {
      const relations: Record<string, string[]> = {};
      for (const term of values.similarTerms) {
        if (term.relationType === '') continue;
        const key = (ctx.isLocal(term.iri) ? localRelation : matchRelation)[term.relationType];
        (relations[key] ??= []).push(term.iri);
      }
      return {
        ...head,
        type: values.conceptType,
        inScheme: ctx.inScheme,
        ...maps,
        ...deprecated,
        ...relations,
        ...kept,
      };
    }
    case 'Document':
      return {
        ...head,
        type: values.type,
        inScheme: ctx.inScheme,
        ...maps,
        ...deprecated,
        contentType: values.mediaType,
        ...(values.contextIri ? { context: values.contextIri } : {}),
        ...schemaFields(values),
        ...kept,
      };
    case 'Extension': {
      const recommended =
        values.recommendedTerms.length === 0
          ? {}
          : values.type === 'ActivityExtension'
            ? { recommendedActivityTypes: values.recommendedTerms }
            : { recommendedVerbs: values.recommendedTerms };
      return {
        ...head,
        type: values.type,
        inScheme: ctx.inScheme,
        ...maps,
        ...deprecated,
        ...(values.contextIri ? { context: values.contextIri } : {}),
        ...recommended,
        ...schemaFields(values),
        ...kept,
      };
    }
    case 'Activity': {
      const previousDefinition = isJson(ctx.previous?.activityDefinition)
        ? ctx.previous.activityDefinition
        : {};
      const definition: Json = {
        ...previousDefinition,
        '@context': ACTIVITY_CONTEXT,
        name: maps.prefLabel,
        description: maps.definition,
        type: values.activityType,
      };
      for (const key of [
        'moreInfo',
        'interactionType',
        'correctResponsesPattern',
        'extensions',
        ...INTERACTION_COMPONENT_KEYS,
      ])
        delete definition[key];
      if (values.moreInfo) definition.moreInfo = values.moreInfo;
      if (values.interactionType) {
        definition.interactionType = values.interactionType;
        if (values.correctResponsesPattern.length > 0)
          definition.correctResponsesPattern = values.correctResponsesPattern;
        for (const key of componentsOf[values.interactionType] ?? []) {
          const list = values[key];
          if (list.length > 0)
            definition[key] = list.map((c) => ({
              id: c.id,
              ...(c.description ? { description: { en: c.description } } : {}),
            }));
        }
      }
      if (values.extensions.trim() !== '')
        definition.extensions = JSON.parse(values.extensions) as Json;
      return {
        ...head,
        type: 'Activity',
        inScheme: ctx.inScheme,
        ...deprecated,
        activityDefinition: definition,
        ...kept,
      };
    }
  }
}

/** Name, description and translations of stored content (Activity keeps them in its definition). */
export function contentLabels(content: Json) {
  const definition = isJson(content.activityDefinition) ? content.activityDefinition : null;
  return fromLanguageMaps(
    langMap(definition ? definition.name : content.prefLabel),
    langMap(definition ? definition.description : content.definition),
  );
}

export interface TermRef {
  iri: string;
  relationType: RelationType;
}

/** Similar terms of stored content, each with the relation the form shows. */
export function similarTermsOf(content: Json): TermRef[] {
  const terms: TermRef[] = [];
  const pairs: Array<[string, RelationType]> = [
    ['related', 'related'],
    ['relatedMatch', 'related'],
    ['broader', 'broader'],
    ['broadMatch', 'broader'],
    ['narrower', 'narrower'],
    ['narrowMatch', 'narrower'],
    ['exactMatch', 'exact'],
  ];
  for (const [key, relationType] of pairs)
    for (const iri of strings(content[key])) terms.push({ iri, relationType });
  return terms;
}

export function recommendedTermsOf(content: Json): string[] {
  return [...strings(content.recommendedActivityTypes), ...strings(content.recommendedVerbs)];
}

/** The form values of stored content, for editing (without the IRI choice: it is permanent). */
export function conceptForm(
  content: Json,
  names: (iri: string) => string = () => '',
): ConceptInput | null {
  const conceptType: ConceptType | null = conceptTypeOf(
    typeof content.type === 'string' ? content.type : '',
  );
  if (!conceptType) return null;
  const labels = contentLabels(content);
  const schema = {
    schemaType:
      typeof content.inlineSchema === 'string'
        ? ('inlineSchema' as const)
        : ('schemaString' as const),
    inlineSchema: typeof content.inlineSchema === 'string' ? content.inlineSchema : '',
    schemaString: typeof content.schema === 'string' ? content.schema : '',
  };
  const contextIri = typeof content.context === 'string' ? content.context : '';
  switch (conceptType) {
    case 'Verb':
    case 'ActivityType':
    case 'AttachmentUsageType':
      return {
        conceptType,
        ...labels,
        similarTerms: similarTermsOf(content).map((t) => ({ ...t, name: names(t.iri) })),
      };
    case 'Document':
      return {
        conceptType,
        ...labels,
        type: content.type as 'StateResource',
        mediaType: typeof content.contentType === 'string' ? content.contentType : '',
        contextIri,
        ...schema,
      };
    case 'Extension':
      return {
        conceptType,
        ...labels,
        type: content.type as 'ContextExtension',
        recommendedTerms: recommendedTermsOf(content),
        contextIri,
        ...schema,
      };
    case 'Activity': {
      const definition = isJson(content.activityDefinition) ? content.activityDefinition : {};
      const components = (key: string) =>
        (Array.isArray(definition[key]) ? (definition[key] as unknown[]) : [])
          .filter(isJson)
          .map((c) => ({
            id: typeof c.id === 'string' ? c.id : '',
            description: Object.values(langMap(c.description))[0] ?? '',
          }));
      return {
        conceptType,
        ...labels,
        activityType: typeof definition.type === 'string' ? definition.type : '',
        moreInfo: typeof definition.moreInfo === 'string' ? definition.moreInfo : '',
        interactionType: (typeof definition.interactionType === 'string'
          ? definition.interactionType
          : '') as '',
        correctResponsesPattern: strings(definition.correctResponsesPattern),
        choices: components('choices'),
        scale: components('scale'),
        source: components('source'),
        target: components('target'),
        steps: components('steps'),
        extensions: isJson(definition.extensions)
          ? JSON.stringify(definition.extensions, null, 2)
          : '',
      };
    }
  }
}
