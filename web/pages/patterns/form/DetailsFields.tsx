import { Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { generatedPatternIri } from '../../../../common/patterns';
import { PROFILE_LIMITS } from '../../../../common/profiles';
import { ConceptIriField, FixedIri } from '../../concepts/form/ConceptIriField';
import { suffixFromName } from '../../concepts/form/values';
import { TagsField } from '../../profile/TagsField';
import { TranslationsField } from '../../profile/TranslationsField';
import type { DetailsValues } from './values';

export const PRIMARY_LABEL = 'Primary or Secondary';

/** Translations, tags and more information: what may still change once a pattern is published. */
export function DescriptiveFields({ form }: { form: UseFormReturn<DetailsValues> }) {
  const { errors } = form.formState;
  return (
    <>
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
        render={({ field }) => (
          <TagsField value={field.value} onChange={field.onChange} error={errors.tags?.message} />
        )}
      />
      <TextInput
        {...form.register('moreInformation')}
        label="More Information"
        description="A web page with more about the pattern."
        placeholder="https://"
        maxLength={PROFILE_LIMITS.iriMax}
        error={errors.moreInformation?.message}
      />
    </>
  );
}

/**
 * A pattern's own fields: name, IRI (chosen on a new pattern, fixed afterwards), description,
 * primary or secondary, translations, tags and more information. The generated IRI's suffix
 * follows the name until it is typed (`autoSuffix`).
 */
export function DetailsFields({
  form,
  profileIri,
  iri,
  autoSuffix = false,
  onSuffixTyped,
}: {
  form: UseFormReturn<DetailsValues>;
  profileIri: string;
  /** The IRI of a saved pattern: it is permanent. Without it, the IRI is chosen here. */
  iri?: string | undefined;
  /** A new pattern's suffix follows its name until the suffix is typed (`onSuffixTyped`). */
  autoSuffix?: boolean;
  onSuffixTyped?: () => void;
}) {
  const { errors } = form.formState;
  const [iriType, geniri, extiri] = useWatch({
    control: form.control,
    name: ['iriType', 'geniri', 'extiri'],
  });
  const isNew = iri === undefined;
  const nameField = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (isNew && autoSuffix) {
        form.setValue('geniri', suffixFromName(event.target.value), {
          shouldValidate: form.getFieldState('geniri').isTouched,
        });
      }
    },
  });
  return (
    <Stack gap="lg">
      <TextInput
        {...nameField}
        label="Name"
        required
        maxLength={PROFILE_LIMITS.nameMax}
        error={errors.name?.message}
      />
      {isNew ? (
        <ConceptIriField
          segmentLabel="Pattern"
          iriOf={(suffix) => generatedPatternIri(profileIri, suffix)}
          profileIri={profileIri}
          iriType={iriType}
          onIriTypeChange={(value) => {
            form.setValue('iriType', value, { shouldDirty: true, shouldValidate: true });
            form.clearErrors(value === 'generated-iri' ? 'extiri' : 'geniri');
          }}
          geniri={geniri}
          onGeniriChange={(value) => {
            onSuffixTyped?.();
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
          extiri={extiri}
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
        <FixedIri segmentLabel="Pattern" iri={iri} />
      )}
      <Textarea
        {...form.register('description')}
        label="Description"
        required
        autosize
        minRows={3}
        maxRows={12}
        maxLength={PROFILE_LIMITS.descriptionMax}
        error={errors.description?.message}
      />
      <Controller
        control={form.control}
        name="primary"
        render={({ field }) => (
          <Radio.Group
            label={PRIMARY_LABEL}
            description="A primary pattern describes a complete flow of statements on its own; a secondary one is only used inside other patterns."
            value={field.value ? 'primary' : 'secondary'}
            onChange={(value) => field.onChange(value === 'primary')}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              <Radio value="primary" label="Primary" />
              <Radio value="secondary" label="Secondary" />
            </Stack>
          </Radio.Group>
        )}
      />
      <DescriptiveFields form={form} />
    </Stack>
  );
}
