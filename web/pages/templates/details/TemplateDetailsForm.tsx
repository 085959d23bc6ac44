import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { PROFILE_LIMITS, type Translation } from '../../../../common/profiles';
import {
  generatedTemplateIri,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  templateDetailsSchema,
  type TemplateDetails,
} from '../../../../common/templates';
import { CancelButton } from '../../common/DiscardChangesDialog';
import { ConceptIriField, FixedIri } from '../../concepts/form/ConceptIriField';
import { suffixFromName } from '../../concepts/form/values';
import { ErrorAlert } from '../../profile/parts';
import { TagsField } from '../../profile/TagsField';
import { TranslationsField } from '../../profile/TranslationsField';
import { TEMPLATE_NOUN } from '../format';

/** The form's values: every field present, the IRI choice only used for a new template. */
export interface TemplateFormValues {
  name: string;
  description: string;
  translations: Translation[];
  tags: string[];
  moreInformation: string;
  iriType?: 'generated-iri' | 'external-iri' | undefined;
  extiri?: string | undefined;
  geniri?: string | undefined;
}

/** The fields a saved template's details change: no IRI, which is permanent. */
export type TemplateDetailsUpdate = Pick<
  TemplateDetails,
  'name' | 'description' | 'translations' | 'tags' | 'moreInformation'
>;

export const blankTemplateValues = (): TemplateFormValues => ({
  name: '',
  description: '',
  translations: [],
  tags: [],
  moreInformation: '',
  iriType: 'generated-iri',
  extiri: '',
  geniri: '',
});

const resolver = zodResolver(templateDetailsSchema) as unknown as Resolver<
  TemplateFormValues,
  unknown,
  TemplateDetails
>;

const SEGMENT_LABEL = 'Statement Template';

/**
 * Create Statement Template and Edit Statement Template Details: the IRI (new templates only),
 * name, description, translations, tags and more information. The contract's schema gives the
 * messages under the fields. Once published (`limited`) name and description are read-only.
 */
export function TemplateDetailsForm({
  mode,
  initial,
  profileIri,
  iri,
  limited = false,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: TemplateFormValues;
  /** The profile's IRI: generated template IRIs live under it. */
  profileIri: string;
  /** The template's IRI when editing: it is permanent. */
  iri?: string;
  limited?: boolean;
  busy: boolean;
  error: unknown;
  onSubmit: (values: TemplateDetails) => void;
  onCancel: () => void;
}) {
  const form = useForm<TemplateFormValues, unknown, TemplateDetails>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  const watched = useWatch({ control: form.control });
  const values = { ...initial, ...watched } as TemplateFormValues;
  const [suffixEdited, setSuffixEdited] = useState((initial.geniri ?? '') !== '');
  const isNew = mode === 'create';
  const filled = limited ? ('filled' as const) : ('default' as const);

  const nameField = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (isNew && !suffixEdited) {
        form.setValue('geniri', suffixFromName(event.target.value), {
          shouldValidate: form.getFieldState('geniri').isTouched,
        });
      }
    },
  });
  const submit = form.handleSubmit((output) => onSubmit(output));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Statement Template Details"
    >
      <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
        <Stack gap="lg">
          <Title order={2} size="h4">
            {isNew ? 'Create Statement Template' : 'Edit Statement Template Details'}
          </Title>
          {limited && (
            <Alert color="yellow" variant="light" title="Published statement template">
              {TEMPLATE_LIMITED_EDIT_MESSAGE}
            </Alert>
          )}
          {isNew ? (
            <ConceptIriField
              segmentLabel={SEGMENT_LABEL}
              iriOf={(suffix) => generatedTemplateIri(profileIri, suffix)}
              profileIri={profileIri}
              iriType={values.iriType ?? 'generated-iri'}
              onIriTypeChange={(value) => {
                form.setValue('iriType', value, { shouldDirty: true });
                form.clearErrors(value === 'generated-iri' ? 'extiri' : 'geniri');
              }}
              geniri={values.geniri ?? ''}
              onGeniriChange={(value) => {
                setSuffixEdited(true);
                form.setValue('geniri', value, {
                  shouldDirty: true,
                  shouldValidate: form.getFieldState('geniri').isTouched,
                });
              }}
              onGeniriBlur={() => {
                form.setValue('geniri', form.getValues('geniri'), { shouldTouch: true });
                void form.trigger('geniri');
              }}
              geniriError={errors.geniri?.message}
              extiri={values.extiri ?? ''}
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
            <FixedIri segmentLabel={SEGMENT_LABEL} iri={iri ?? ''} />
          )}
          <TextInput
            {...nameField}
            label="Name"
            required
            readOnly={limited}
            variant={filled}
            maxLength={PROFILE_LIMITS.nameMax}
            error={errors.name?.message}
          />
          <Textarea
            {...form.register('description')}
            label="Description"
            required
            readOnly={limited}
            variant={filled}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={PROFILE_LIMITS.descriptionMax}
            error={errors.description?.message}
          />
          <Controller
            control={form.control}
            name="translations"
            render={({ field }) => (
              <TranslationsField
                value={field.value}
                onChange={field.onChange}
                error={errors.translations?.message ?? errors.translations?.root?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => <TagsField value={field.value} onChange={field.onChange} />}
          />
          <TextInput
            {...form.register('moreInformation')}
            label="More Information"
            description="A web address where people read more about this statement template."
            placeholder="https://"
            maxLength={PROFILE_LIMITS.iriMax}
            error={errors.moreInformation?.message}
          />
          <ErrorAlert error={error} title="Statement Template Not Saved" />
          <Group justify="flex-end" gap="sm">
            <CancelButton dirty={isDirty} subject={TEMPLATE_NOUN} onCancel={onCancel} />
            <Button type="submit" loading={busy} disabled={hasErrors}>
              {isNew ? 'Create Statement Template' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
