import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import {
  CONCEPT_IRI_SEGMENT,
  type ConceptType,
  type ConceptValues,
} from '../../../../common/concepts';
import { conceptContent } from '../../../../common/concept-content';
import { isValidIri } from '../../../../common/profiles';
import { PROFILE_CONTEXT_IRI, validate, type Finding } from '../../../../xapi/index';
import { withoutUnusedFields, type ConceptFormValues } from '../../../lib/concept-values';

/** How long typing pauses before the form is checked again. */
export const LIVE_CHECK_DELAY_MS = 300;

type ActivityValues = Extract<ConceptValues, { conceptType: 'Activity' }>;

const PLACEHOLDER_PROFILE = 'https://example.org/profile-being-edited';
const SPEC = 'https://w3id.org/xapi/profiles#1.0';
const CONCEPT_PATH = '/concepts/0';

export interface LiveCheckContext {
  /** The profile's IRI ('' while it is unknown). */
  profileIri: string;
  /** The IRI the concept has or will get ('' while none is chosen). */
  conceptIri: string;
  /** Related terms defined by the same profile, with their concept type. */
  localTerms: ReadonlyArray<{ iri: string; type: string }>;
  /** The stored document form of the concept being edited. */
  previous?: Record<string, unknown> | undefined;
}

function parsesAsObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The form as the validator should see it. A blank required field is the form's own 'Required'
 * to report, so a stand-in takes its place and the check speaks only about what was typed.
 */
function checkedValues(typed: ConceptFormValues): ConceptValues {
  const values = withoutUnusedFields(typed);
  const name = values.name.trim() || 'Name';
  const description = values.description.trim() || 'Description';
  const translations = values.translations.filter(
    (t) => t.language.trim() !== '' && t.translationName.trim() !== '',
  );
  const common = { name, description, translations };
  const schema = {
    schemaType:
      values.schemaType === 'inlineSchema' ? ('inlineSchema' as const) : ('schemaString' as const),
    inlineSchema: values.inlineSchema,
    schemaString: values.schemaString.trim(),
  };
  switch (values.conceptType) {
    case 'Verb':
    case 'ActivityType':
    case 'AttachmentUsageType':
      return {
        conceptType: values.conceptType,
        ...common,
        similarTerms: values.similarTerms.filter((t) => t.iri.trim() !== ''),
      };
    case 'Activity':
      return {
        conceptType: 'Activity',
        ...common,
        activityType: values.activityType.trim() || 'https://example.org/activity-type',
        moreInfo: values.moreInfo.trim(),
        interactionType: values.interactionType as ActivityValues['interactionType'],
        correctResponsesPattern: values.correctResponsesPattern,
        choices: values.choices,
        scale: values.scale,
        source: values.source,
        target: values.target,
        steps: values.steps,
        extensions: parsesAsObject(values.extensions) ? values.extensions : '',
      };
    case 'Document':
      return {
        conceptType: 'Document',
        ...common,
        type: (values.type || 'StateResource') as 'StateResource',
        mediaType: values.mediaType.trim() || 'application/json',
        contextIri: values.contextIri.trim(),
        ...schema,
      };
    case 'Extension':
      return {
        conceptType: 'Extension',
        ...common,
        type: (values.type || 'ContextExtension') as 'ContextExtension',
        recommendedTerms: values.recommendedTerms,
        contextIri: values.contextIri.trim(),
        ...schema,
      };
  }
}

/** A concept of the same profile a relation points at, just enough for the relation checks. */
const stub = (iri: string, type: string, inScheme: string) => ({
  id: iri,
  type,
  inScheme,
  prefLabel: { en: 'Related concept' },
  definition: { en: 'A concept of this profile.' },
});

/** A placeholder IRI for a concept that has none yet. */
export const placeholderConceptIri = (profileIri: string, type: ConceptType) =>
  `${isValidIri(profileIri) ? profileIri : PLACEHOLDER_PROFILE}/${CONCEPT_IRI_SEGMENT[type]}/concept-being-edited`;

/**
 * What the xAPI Profiles validator says about the concept in the form: the concept is put in a
 * minimal profile document (with placeholder version IRIs) and only its own findings are kept.
 */
export function liveFindings(values: ConceptFormValues, ctx: LiveCheckContext): Finding[] {
  const profileIri = isValidIri(ctx.profileIri) ? ctx.profileIri : PLACEHOLDER_PROFILE;
  const versionIri = `${profileIri}/version-being-edited`;
  const conceptIri =
    ctx.conceptIri.trim() !== ''
      ? ctx.conceptIri.trim()
      : placeholderConceptIri(profileIri, values.conceptType);
  const local = new Map(ctx.localTerms.map((t) => [t.iri, t.type]));
  let content: Record<string, unknown>;
  try {
    content = conceptContent(checkedValues(values), {
      iri: conceptIri,
      inScheme: versionIri,
      isLocal: (iri) => local.has(iri),
      previous: ctx.previous,
    });
  } catch {
    return [];
  }
  // Fields left blank are not the validator's to report.
  if (content.schema === '') delete content.schema;
  // The validator checks an inline schema with Ajv, which compiles code at run time: the site's
  // Content-Security-Policy forbids that in the browser. The form's own rules check that the
  // schema is a JSON object, and the server checks the rest when the concept is saved.
  delete content.inlineSchema;
  const related = [
    ...values.similarTerms.map((t) => t.iri),
    ...(values.conceptType === 'Extension' ? values.recommendedTerms : []),
  ];
  const stubs = [...new Set(related)]
    .filter((iri) => local.has(iri) && iri !== conceptIri)
    .map((iri) => stub(iri, local.get(iri) ?? values.conceptType, versionIri));
  const document = {
    '@context': PROFILE_CONTEXT_IRI,
    id: profileIri,
    type: 'Profile',
    conformsTo: SPEC,
    prefLabel: { en: 'Profile' },
    definition: { en: 'The profile the concept belongs to.' },
    versions: [{ id: versionIri, generatedAtTime: '2024-01-01T00:00:00Z' }],
    author: { type: 'Organization', name: 'Working group' },
    concepts: [content, ...stubs],
  };
  return validate(document, { mode: 'authoring' }).filter(
    (f) => f.path === CONCEPT_PATH || f.path.startsWith(`${CONCEPT_PATH}/`),
  );
}

/** Where in the concept a finding points, without the document around it. */
export const findingPlace = (finding: Finding) => finding.path.slice(CONCEPT_PATH.length + 1);

/** liveFindings() of the form as it is typed, once typing pauses. */
export function useLiveFindings(values: ConceptFormValues, ctx: LiveCheckContext): Finding[] {
  const snapshot = JSON.stringify({ values, ctx });
  const [settled] = useDebouncedValue(snapshot, LIVE_CHECK_DELAY_MS);
  return useMemo(() => {
    const parsed = JSON.parse(settled) as { values: ConceptFormValues; ctx: LiveCheckContext };
    return liveFindings(parsed.values, parsed.ctx);
  }, [settled]);
}
