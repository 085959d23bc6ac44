import type { DOCUMENT_TYPES, EXTENSION_TYPES } from '../../common/concepts';
import { CONCEPT_TYPES, type ConceptType, type SimilarTerm } from '../../common/concepts';
import type { Translation } from '../../common/profiles';
import {
  DOCUMENT_TYPE_LABELS as XAPI_DOCUMENT_TYPE_LABELS,
  EXTENSION_TYPE_LABELS as XAPI_EXTENSION_TYPE_LABELS,
  typeLabel,
} from '../../xapi/changes/words';

export interface InteractionComponent {
  id: string;
  description: string;
}

/**
 * What the concept form holds: every field of every kind, so one form serves all six. The
 * schema (`conceptInputSchema`) reads the fields of the kind in `conceptType` and drops the rest.
 */
export interface ConceptFormValues {
  conceptType: ConceptType;
  iriType: 'generated-iri' | 'external-iri' | undefined;
  extiri: string;
  geniri: string;
  name: string;
  description: string;
  translations: Translation[];
  // Verb, ActivityType, AttachmentUsageType
  similarTerms: SimilarTerm[];
  // Activity
  activityType: string;
  moreInfo: string;
  interactionType: string;
  correctResponsesPattern: string[];
  choices: InteractionComponent[];
  scale: InteractionComponent[];
  source: InteractionComponent[];
  target: InteractionComponent[];
  steps: InteractionComponent[];
  extensions: string;
  // Document and Extension
  type: string;
  mediaType: string;
  recommendedTerms: string[];
  contextIri: string;
  schemaType: '' | 'inlineSchema' | 'schemaString';
  inlineSchema: string;
  schemaString: string;
}

/** An empty form of one kind; a new concept starts with a generated IRI. */
export function blankConceptValues(conceptType: ConceptType, isNew: boolean): ConceptFormValues {
  return {
    conceptType,
    iriType: isNew ? 'generated-iri' : undefined,
    extiri: '',
    geniri: '',
    name: '',
    description: '',
    translations: [],
    similarTerms: [],
    activityType: '',
    moreInfo: '',
    interactionType: '',
    correctResponsesPattern: [],
    choices: [],
    scale: [],
    source: [],
    target: [],
    steps: [],
    extensions: '',
    type: '',
    mediaType: '',
    recommendedTerms: [],
    contextIri: '',
    schemaType: '',
    inlineSchema: '',
    schemaString: '',
  };
}

/**
 * The form of a stored concept from the values the server gives for editing (`conceptForm`);
 * fields it leaves out keep their blanks, and the IRI choice is gone: the IRI is permanent.
 */
export function editValues(
  conceptType: ConceptType,
  form: Record<string, unknown>,
): ConceptFormValues {
  const blank = blankConceptValues(conceptType, false);
  const known = Object.fromEntries(
    Object.entries(form).filter(
      ([key, value]) =>
        key in blank &&
        value !== undefined &&
        value !== null &&
        !['conceptType', 'iriType', 'extiri', 'geniri'].includes(key),
    ),
  );
  return { ...blank, ...known };
}

/** The components an interaction type describes (xAPI 1.0.3 §2.4.4.1.1). */
export const INTERACTION_COMPONENTS: Record<
  string,
  ReadonlyArray<'choices' | 'scale' | 'source' | 'target' | 'steps'>
> = {
  choice: ['choices'],
  sequencing: ['choices'],
  likert: ['scale'],
  matching: ['source', 'target'],
  performance: ['steps'],
};

const COMPONENT_KEYS = ['choices', 'scale', 'source', 'target', 'steps'] as const;

/**
 * What the form hides is not saved: the schema field not chosen, and the interaction
 * components (and correct responses) the interaction type does not use.
 */
export function withoutUnusedFields<
  V extends Pick<ConceptFormValues, 'conceptType'> & Partial<ConceptFormValues>,
>(values: V): V {
  if (values.conceptType === 'Document' || values.conceptType === 'Extension') {
    return values.schemaType === 'inlineSchema'
      ? { ...values, schemaString: '' }
      : { ...values, inlineSchema: '' };
  }
  if (values.conceptType === 'Activity') {
    const kept = INTERACTION_COMPONENTS[values.interactionType ?? ''] ?? [];
    const cleared: Partial<ConceptFormValues> = {};
    for (const key of COMPONENT_KEYS) if (!kept.includes(key)) cleared[key] = [];
    if (!values.interactionType) cleared.correctResponsesPattern = [];
    return { ...values, ...cleared };
  }
  return values;
}

/** One sentence per kind for the chooser. */
export const CONCEPT_TYPE_SENTENCES: Record<ConceptType, string> = {
  Verb: 'An action a statement reports, such as “completed” or “paused”.',
  ActivityType: 'A kind of activity, such as a course, a video or an assessment.',
  AttachmentUsageType: 'What an attachment of a statement is for, such as a certificate.',
  Activity: 'One activity every profile user refers to, with its xAPI activity definition.',
  Document:
    'A state, agent profile or activity profile document a learning record store keeps, with its media type and schema.',
  Extension:
    'An extension key of a statement’s context or result, or of an activity definition, with its schema.',
};

/** The words for each document and extension kind: the changelog's table, the screens' words. */
export const DOCUMENT_TYPE_LABELS: Record<(typeof DOCUMENT_TYPES)[number], string> =
  XAPI_DOCUMENT_TYPE_LABELS;
export const EXTENSION_TYPE_LABELS: Record<(typeof EXTENSION_TYPES)[number], string> =
  XAPI_EXTENSION_TYPE_LABELS;

/** The kind a route's `{type}` names, in any letter case; null for anything else. */
export function conceptTypeOfParam(param: string | undefined): ConceptType | null {
  const wanted = (param ?? '').toLowerCase();
  return CONCEPT_TYPES.find((type) => type.toLowerCase() === wanted) ?? null;
}

/** The edit sub-route of each kind: document, extension, activity, or the kind itself. */
export function editSubRoute(conceptType: ConceptType): string {
  return conceptType.toLowerCase();
}

export const INTERACTION_TYPE_LABELS: Record<string, string> = {
  'true-false': 'True / False',
  choice: 'Choice',
  'fill-in': 'Fill In',
  'long-fill-in': 'Long Fill In',
  matching: 'Matching',
  performance: 'Performance',
  sequencing: 'Sequencing',
  likert: 'Likert',
  numeric: 'Numeric',
  other: 'Other',
};

/** A suffix for a generated IRI from a name: lower case, words joined by dashes. */
export function suffixFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** A type name of the specification in the words the screens and the changelog use. */
export { typeLabel };
