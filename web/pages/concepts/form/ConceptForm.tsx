import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Fieldset, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  conceptInputSchema,
  DOCUMENT_TYPES,
  EXTENSION_TYPES,
  generatedConceptIri,
  INTERACTION_TYPES,
  LIMITED_EDIT_MESSAGE,
  type ConceptRow,
  type ConceptType,
  type ConceptValues,
} from '../../../../common/concepts';
import { ACTIVITY_CONTEXT } from '../../../../common/concept-content';
import { PROFILE_LIMITS } from '../../../../common/profiles';
import {
  DescriptionInput,
  NameInput,
  registerNameWithSuffix,
  TranslationsInput,
} from '../../../components/items/DetailsInputs';
import { FormActions } from '../../../components/FormActions';
import { ErrorAlert } from '../../../components/parts';
import { CONCEPT_TYPE_LABELS } from '../../../components/items/concept-format';
import { ConceptIriField, FixedIri } from '../../../components/items/ConceptIriField';
import { ComponentListField, MediaTypeField, ResponsesField, SchemaField } from './fields';
import { useLiveFindings } from './live-check';
import { LiveFindings } from './LiveFindings';
import { RecommendedTermsField, SimilarTermsField } from './TermFields';
import {
  DOCUMENT_TYPE_LABELS,
  EXTENSION_TYPE_LABELS,
  INTERACTION_COMPONENTS,
  INTERACTION_TYPE_LABELS,
  withoutUnusedFields,
  type ConceptFormValues,
} from '../../../lib/concept-values';

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const COMPONENT_LABELS = {
  choices: { label: 'Choices', item: 'Choice' },
  scale: { label: 'Scale', item: 'Scale item' },
  source: { label: 'Source', item: 'Source item' },
  target: { label: 'Target', item: 'Target item' },
  steps: { label: 'Steps', item: 'Step' },
} as const;

/** The related concepts a form knows to be of the same profile, by IRI, with their kind. */
export type LocalTerms = ReadonlyArray<{ iri: string; type: string }>;

export interface ConceptFormProps {
  mode: 'create' | 'edit';
  conceptType: ConceptType;
  initial: ConceptFormValues;
  profileId: string;
  versionId: string;
  /** The profile's IRI: generated concept IRIs live under it. */
  profileIri: string;
  /** The concept's IRI when editing: it is permanent. */
  iri?: string | undefined;
  /** Published in the profile: only translations and similar or recommended terms change. */
  limited?: boolean;
  /** Similar and recommended terms defined by the same profile. */
  localTerms?: LocalTerms;
  /** Names of the recommended terms, by IRI. */
  termNames?: Readonly<Record<string, string>>;
  /** The stored document form of the concept being edited. */
  previous?: Record<string, unknown> | undefined;
  busy: boolean;
  error: unknown;
  onSubmit: (values: ConceptValues) => void;
  onCancel: () => void;
  onDeprecate?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** Why the form offers no Delete (a concept a published version lists). */
  noDelete?: string | undefined;
}

const resolver = zodResolver(conceptInputSchema) as unknown as Resolver<
  ConceptFormValues,
  unknown,
  ConceptValues
>;

/**
 * The concept form of every kind: the IRI (new concepts only), name, description and
 * translations, then the fields of the kind. The contract's schema gives the messages under the
 * fields; the xAPI Profiles validator checks the concept as it is typed.
 */
/** The labels of the fields, as the reason a disabled submit button names them. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  translations: 'Translations',
  iriType: 'IRI',
  geniri: 'IRI',
  extiri: 'External IRI',
  type: 'Type',
  activityType: 'Activity Type',
  moreInfo: 'More Information',
  interactionType: 'Interaction Type',
  correctResponsesPattern: 'Correct Responses Pattern',
  choices: 'Choices',
  scale: 'Scale',
  source: 'Source',
  target: 'Target',
  steps: 'Steps',
  extensions: 'Extensions',
  mediaType: 'Media Type',
  contextIri: 'Context IRI',
  schemaType: 'Schema',
  inlineSchema: 'Inline Schema',
  schemaString: 'Schema IRI',
  similarTerms: 'Similar Terms',
  recommendedTerms: 'Recommended Terms',
};

/** Why the submit button is disabled: the fields still in error, by their labels. */
export function blockedMessage(fields: string[]): string {
  const labels = [...new Set(fields.map((f) => FIELD_LABELS[f] ?? f))];
  return `Correct ${labels.length === 1 ? 'this field' : 'these fields'} first: ${labels.join(', ')}.`;
}

export function ConceptForm({
  mode,
  conceptType,
  initial,
  profileId,
  versionId,
  profileIri,
  iri,
  limited = false,
  localTerms = [],
  termNames = {},
  previous,
  busy,
  error,
  onSubmit,
  onCancel,
  onDeprecate,
  onDelete,
  noDelete,
}: ConceptFormProps) {
  const form = useForm<ConceptFormValues, unknown, ConceptValues>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  const blockedId = useId();
  const watched = useWatch({ control: form.control });
  const values = { ...initial, ...watched } as ConceptFormValues;
  const [suffixEdited, setSuffixEdited] = useState(initial.geniri !== '');
  const [picked, setPicked] = useState<{ local: LocalTerms; names: Record<string, string> }>({
    local: localTerms,
    names: { ...termNames },
  });
  const remember = (row: ConceptRow) =>
    setPicked((was) => ({
      local:
        row.parentProfile?.uuid === profileId
          ? [...was.local, { iri: row.iri, type: row.type }]
          : was.local,
      names: { ...was.names, [row.iri]: row.name },
    }));

  const isNew = mode === 'create';
  const kind = CONCEPT_TYPE_LABELS[conceptType];
  const readOnly = limited;
  const conceptIri = isNew
    ? values.iriType === 'external-iri'
      ? values.extiri.trim()
      : values.geniri.trim() === ''
        ? ''
        : generatedConceptIri(profileIri, conceptType, values.geniri)
    : (iri ?? '');
  const findings = useLiveFindings(values, {
    profileIri,
    conceptIri,
    localTerms: picked.local,
    previous,
  });
  const submit = form.handleSubmit((output) => onSubmit(withoutUnusedFields(output)));
  const filled = readOnly ? ('filled' as const) : ('default' as const);
  const nameField = registerNameWithSuffix(form, isNew && !suffixEdited);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`${kind} Details`}>
      <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
        <Stack gap="lg">
          <Title order={2} size="h4">
            {kind} Details
          </Title>
          {limited && (
            <Alert color="yellow" variant="light" title="Published concept">
              {LIMITED_EDIT_MESSAGE}
            </Alert>
          )}
          <NameInput field={nameField} error={errors.name?.message} readOnly={readOnly} />
          {isNew ? (
            <ConceptIriField
              conceptType={conceptType}
              profileIri={profileIri}
              iriType={values.iriType ?? 'generated-iri'}
              onIriTypeChange={(value) => {
                form.setValue('iriType', value, { shouldDirty: true });
                form.clearErrors(value === 'generated-iri' ? 'extiri' : 'geniri');
              }}
              geniri={values.geniri}
              onGeniriChange={(value) => {
                setSuffixEdited(true);
                form.setValue('geniri', value, {
                  shouldDirty: true,
                  shouldValidate: form.getFieldState('geniri').isTouched,
                });
              }}
              onGeniriBlur={() => void form.trigger('geniri')}
              geniriError={errors.geniri?.message}
              extiri={values.extiri}
              onExtiriChange={(value) =>
                form.setValue('extiri', value, {
                  shouldDirty: true,
                  shouldValidate: form.getFieldState('extiri').isTouched,
                })
              }
              onExtiriBlur={() => {
                form.setValue('extiri', form.getValues('extiri'), { shouldTouch: true });
                void form.trigger('extiri');
              }}
              extiriError={errors.extiri?.message}
            />
          ) : (
            <FixedIri conceptType={conceptType} iri={iri ?? ''} />
          )}
          <DescriptionInput
            field={form.register('description')}
            error={errors.description?.message}
            readOnly={readOnly}
          />
          <TranslationsInput form={form} />

          {(conceptType === 'Verb' ||
            conceptType === 'ActivityType' ||
            conceptType === 'AttachmentUsageType') && (
            <Controller
              control={form.control}
              name="similarTerms"
              render={({ field }) => (
                <SimilarTermsField
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    if (form.formState.isSubmitted) void form.trigger('similarTerms');
                  }}
                  errors={errors.similarTerms as never}
                  conceptType={conceptType}
                  profileId={profileId}
                  versionId={versionId}
                  selfIri={conceptIri}
                  fixedSet={limited}
                  onPicked={remember}
                />
              )}
            />
          )}

          {conceptType === 'Activity' && (
            <Stack gap="md">
              <Title order={3} size="h5">
                Activity Definition
              </Title>
              <TextInput
                {...form.register('activityType')}
                label="Activity Type"
                description="The IRI of the kind of activity, e.g. an Activity Type concept's IRI."
                placeholder={
                  readOnly ? undefined : 'http://adlnet.gov/expapi/activities/assessment'
                }
                required
                readOnly={readOnly}
                variant={filled}
                maxLength={PROFILE_LIMITS.iriMax}
                error={errors.activityType?.message}
              />
              <TextInput
                label="Activity definition context"
                description="Written into the definition on every save, as the xAPI Profiles specification requires."
                value={ACTIVITY_CONTEXT}
                readOnly
                variant="filled"
                styles={mono}
              />
              <TextInput
                {...form.register('moreInfo')}
                label="More Information"
                description="An IRI where a person finds more about the activity."
                placeholder={readOnly ? undefined : 'https://'}
                readOnly={readOnly}
                variant={filled}
                maxLength={PROFILE_LIMITS.iriMax}
                error={errors.moreInfo?.message}
              />
              <Controller
                control={form.control}
                name="interactionType"
                render={({ field }) => (
                  <Select
                    label="Interaction Type"
                    description="For an interaction (a question or task): its type, components and correct responses."
                    placeholder="Not an interaction"
                    clearable={!readOnly}
                    readOnly={readOnly}
                    variant={filled}
                    data={INTERACTION_TYPES.map((t) => ({
                      value: t,
                      label: INTERACTION_TYPE_LABELS[t] ?? t,
                    }))}
                    value={field.value === '' ? null : field.value}
                    onChange={(next) => field.onChange(next ?? '')}
                    onBlur={field.onBlur}
                    error={errors.interactionType?.message}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              {values.interactionType !== '' && (
                <>
                  {(INTERACTION_COMPONENTS[values.interactionType] ?? []).map((key) => (
                    <Controller
                      key={key}
                      control={form.control}
                      name={key}
                      render={({ field }) => (
                        <ComponentListField
                          label={COMPONENT_LABELS[key].label}
                          itemLabel={COMPONENT_LABELS[key].item}
                          value={field.value}
                          onChange={field.onChange}
                          errors={errors[key] as never}
                          readOnly={readOnly}
                        />
                      )}
                    />
                  ))}
                  <Controller
                    control={form.control}
                    name="correctResponsesPattern"
                    render={({ field }) => (
                      <ResponsesField
                        value={field.value}
                        onChange={field.onChange}
                        readOnly={readOnly}
                      />
                    )}
                  />
                </>
              )}
              <Textarea
                {...form.register('extensions')}
                label="Extensions"
                description="The activity definition's extensions as a JSON object keyed by extension IRI; leave empty for none."
                placeholder={readOnly ? undefined : '{ "https://example.org/extensions/level": 3 }'}
                readOnly={readOnly}
                variant={filled}
                autosize
                minRows={3}
                maxRows={16}
                styles={mono}
                spellCheck={false}
                error={errors.extensions?.message}
              />
            </Stack>
          )}

          {(conceptType === 'Document' || conceptType === 'Extension') && (
            <Stack gap="md">
              <Title order={3} size="h5">
                {conceptType === 'Document' ? 'Document Resource' : 'Extension'}
              </Title>
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <Select
                    label={conceptType === 'Document' ? 'Document Type' : 'Extension Type'}
                    placeholder="Choose a type"
                    required
                    readOnly={readOnly}
                    variant={filled}
                    data={
                      conceptType === 'Document'
                        ? DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))
                        : EXTENSION_TYPES.map((t) => ({
                            value: t,
                            label: EXTENSION_TYPE_LABELS[t],
                          }))
                    }
                    value={field.value === '' ? null : field.value}
                    onChange={(next) => {
                      const was = field.value;
                      field.onChange(next ?? '');
                      // Activity extensions recommend activity types, the others verbs.
                      if (
                        conceptType === 'Extension' &&
                        (was === 'ActivityExtension') !== (next === 'ActivityExtension')
                      )
                        form.setValue('recommendedTerms', []);
                    }}
                    onBlur={field.onBlur}
                    error={errors.type?.message}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              {conceptType === 'Document' && (
                <Controller
                  control={form.control}
                  name="mediaType"
                  render={({ field }) => (
                    <MediaTypeField
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.mediaType?.message}
                      readOnly={readOnly}
                    />
                  )}
                />
              )}
              {conceptType === 'Extension' && (
                <Controller
                  control={form.control}
                  name="recommendedTerms"
                  render={({ field }) => (
                    <RecommendedTermsField
                      extensionType={values.type}
                      value={field.value}
                      names={picked.names}
                      onChange={field.onChange}
                      profileId={profileId}
                      versionId={versionId}
                      onPicked={remember}
                    />
                  )}
                />
              )}
              <TextInput
                {...form.register('contextIri')}
                label="Context IRI"
                description="A JSON-LD context for the values, if they are JSON-LD."
                placeholder={readOnly ? undefined : 'https://'}
                readOnly={readOnly}
                variant={filled}
                maxLength={PROFILE_LIMITS.iriMax}
                error={errors.contextIri?.message}
              />
              <SchemaField
                schemaType={values.schemaType}
                onSchemaTypeChange={(value) => {
                  form.setValue('schemaType', value, {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  });
                  // The other field is hidden now, and its error with it: it no longer counts.
                  form.clearErrors(value === 'inlineSchema' ? 'schemaString' : 'inlineSchema');
                }}
                schemaTypeError={errors.schemaType?.message}
                inlineSchema={values.inlineSchema}
                onInlineSchemaChange={(value) =>
                  form.setValue('inlineSchema', value, {
                    shouldDirty: true,
                    shouldValidate: form.getFieldState('inlineSchema').isTouched,
                  })
                }
                onInlineSchemaBlur={() => {
                  form.setValue('inlineSchema', form.getValues('inlineSchema'), {
                    shouldTouch: true,
                  });
                  void form.trigger('inlineSchema');
                }}
                inlineSchemaError={errors.inlineSchema?.message}
                schemaString={values.schemaString}
                onSchemaStringChange={(value) =>
                  form.setValue('schemaString', value, {
                    shouldDirty: true,
                    shouldValidate: form.getFieldState('schemaString').isTouched,
                  })
                }
                onSchemaStringBlur={() => {
                  form.setValue('schemaString', form.getValues('schemaString'), {
                    shouldTouch: true,
                  });
                  void form.trigger('schemaString');
                }}
                schemaStringError={errors.schemaString?.message}
                readOnly={readOnly}
              />
            </Stack>
          )}

          <LiveFindings findings={findings} />
          <ErrorAlert error={error} title="Concept Not Saved" />
          <FormActions
            onDeprecate={onDeprecate}
            onDelete={onDelete}
            noDelete={noDelete}
            dirty={isDirty}
            subject="concept"
            onCancel={onCancel}
            submitLabel={isNew ? `Create ${kind}` : 'Save Changes'}
            busy={busy}
            blocked={hasErrors}
            describedBy={hasErrors ? blockedId : undefined}
          />
          {hasErrors && (
            <Text id={blockedId} size="sm" c="red.8" ta="right">
              {blockedMessage(Object.keys(errors))}
            </Text>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
