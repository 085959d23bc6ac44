import { Radio, Stack } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { generatedPatternIri } from '../../../../common/patterns';
import {
  DescriptionInput,
  DescriptiveInputs,
  ItemIriInput,
  NameInput,
  registerNameWithSuffix,
} from '../../../components/items/DetailsInputs';
import type { DetailsValues } from './values';

export const PRIMARY_LABEL = 'Primary or Secondary';

/** Translations, tags and more information: what may still change once a pattern is published. */
export function DescriptiveFields({ form }: { form: UseFormReturn<DetailsValues> }) {
  return (
    <DescriptiveInputs form={form} moreInformation="A web page with more about the pattern." />
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
  const nameField = registerNameWithSuffix(form, iri === undefined && autoSuffix);
  return (
    <Stack gap="lg">
      <NameInput field={nameField} error={errors.name?.message} />
      <ItemIriInput
        form={form}
        segmentLabel="Pattern"
        iriOf={(suffix) => generatedPatternIri(profileIri, suffix)}
        profileIri={profileIri}
        iri={iri}
        onSuffixTyped={() => onSuffixTyped?.()}
      />
      <DescriptionInput field={form.register('description')} error={errors.description?.message} />
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
