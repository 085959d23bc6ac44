import { Textarea, TextInput } from '@mantine/core';
import {
  Controller,
  useWatch,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { PROFILE_LIMITS, type Translation } from '../../../common/profiles';
import { ConceptIriField, FixedIri, type ConceptIriType } from './ConceptIriField';
import { suffixFromName } from '../../lib/concept-values';
import { TagsField } from '../TagsField';
import { TranslationsField } from '../TranslationsField';

/**
 * The inputs of the details that a profile and every kind of item share: name, description,
 * translations, tags, more information and a new item's IRI, each with its label, limit and the
 * message the form's schema gives under it.
 */

/** The details as the inputs below read and write them, by name, in any form that holds them. */
interface DetailsValues {
  name: string;
  translations?: Translation[] | undefined;
  tags?: string[] | undefined;
  moreInformation?: string | undefined;
  iriType?: ConceptIriType | undefined;
  geniri?: string | undefined;
  extiri?: string | undefined;
}

/**
 * A form seen through the details it holds. React Hook Form cannot narrow a generic form to some
 * of its fields, so it is cast: the type parameter proves the fields are there with these types,
 * and the inputs read and write no other.
 */
function detailsForm<T extends DetailsValues, O>(form: UseFormReturn<T, unknown, O>) {
  return form as unknown as UseFormReturn<DetailsValues>;
}

/** A published item's details are shown filled and cannot be typed in. */
const fixed = (readOnly: boolean) =>
  readOnly ? { readOnly: true, variant: 'filled' as const } : { readOnly: false };

export function NameInput({
  field,
  error,
  readOnly = false,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
  readOnly?: boolean;
}) {
  return (
    <TextInput
      {...field}
      label="Name"
      required
      {...fixed(readOnly)}
      maxLength={PROFILE_LIMITS.nameMax}
      error={error}
    />
  );
}

/**
 * The name registered so that, while `follows` holds, a new item's IRI suffix is made from it as
 * it is typed (validated as it changes once the suffix has been left).
 */
export function registerNameWithSuffix<T extends DetailsValues, O>(
  form: UseFormReturn<T, unknown, O>,
  follows: boolean,
): UseFormRegisterReturn {
  const details = detailsForm(form);
  return details.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (follows) {
        details.setValue('geniri', suffixFromName(event.target.value), {
          shouldValidate: details.getFieldState('geniri').isTouched,
        });
      }
    },
  });
}

export function DescriptionInput({
  field,
  error,
  readOnly = false,
  minRows = 3,
  maxRows = 12,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
  readOnly?: boolean;
  minRows?: number;
  maxRows?: number;
}) {
  return (
    <Textarea
      {...field}
      label="Description"
      required
      {...fixed(readOnly)}
      autosize
      minRows={minRows}
      maxRows={maxRows}
      maxLength={PROFILE_LIMITS.descriptionMax}
      error={error}
    />
  );
}

/** The translations of the name and description; a list error stands under the list. */
export function TranslationsInput<T extends DetailsValues, O>({
  form,
}: {
  form: UseFormReturn<T, unknown, O>;
}) {
  const details = detailsForm(form);
  const error = details.formState.errors.translations;
  return (
    <Controller
      control={details.control}
      name="translations"
      render={({ field }) => (
        <TranslationsField
          value={field.value ?? []}
          onChange={field.onChange}
          error={error?.message ?? error?.root?.message}
        />
      )}
    />
  );
}

/** The tags; those in `locked` (a published version's) cannot be removed. */
export function TagsInput<T extends DetailsValues, O>({
  form,
  locked = [],
}: {
  form: UseFormReturn<T, unknown, O>;
  locked?: readonly string[];
}) {
  const details = detailsForm(form);
  const error = details.formState.errors.tags;
  return (
    <Controller
      control={details.control}
      name="tags"
      render={({ field }) => (
        <TagsField
          value={field.value ?? []}
          onChange={field.onChange}
          locked={locked}
          error={error?.message}
        />
      )}
    />
  );
}

/** A web address where people read more, said in `description`. */
export function MoreInformationInput({
  field,
  error,
  description,
  type,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
  description: string;
  type?: 'url';
}) {
  return (
    <TextInput
      {...field}
      label="More Information"
      description={description}
      placeholder="https://"
      type={type}
      maxLength={PROFILE_LIMITS.iriMax}
      error={error}
    />
  );
}

/**
 * Translations, tags and more information (said in `moreInformation`): what may still change once
 * a statement template or pattern is published.
 */
export function DescriptiveInputs<T extends DetailsValues & { moreInformation: string }, O>({
  form,
  moreInformation,
}: {
  form: UseFormReturn<T, unknown, O>;
  moreInformation: string;
}) {
  const details = detailsForm(form);
  return (
    <>
      <TranslationsInput form={form} />
      <TagsInput form={form} />
      <MoreInformationInput
        field={details.register('moreInformation')}
        error={details.formState.errors.moreInformation?.message}
        description={moreInformation}
      />
    </>
  );
}

/**
 * A statement template's or pattern's IRI: chosen while the item is new (`iri` undefined), fixed
 * afterwards. The suffix and the external IRI are checked once left, then as they change;
 * `onSuffixTyped` says the suffix was typed, so that it stops following the name.
 */
export function ItemIriInput<T extends DetailsValues, O>({
  form,
  segmentLabel,
  iriOf,
  profileIri,
  iri,
  onSuffixTyped,
}: {
  form: UseFormReturn<T, unknown, O>;
  /** The kind of item, as in 'Statement Template IRI'. */
  segmentLabel: string;
  /** The generated IRI of a suffix. */
  iriOf: (suffix: string) => string;
  profileIri: string;
  iri: string | undefined;
  onSuffixTyped: () => void;
}) {
  const details = detailsForm(form);
  const { errors } = details.formState;
  const [iriType, geniri, extiri] = useWatch({
    control: details.control,
    name: ['iriType', 'geniri', 'extiri'],
  });
  if (iri !== undefined) return <FixedIri segmentLabel={segmentLabel} iri={iri} />;
  const typed = (name: 'geniri' | 'extiri', value: string) =>
    details.setValue(name, value, {
      shouldDirty: true,
      shouldValidate: details.getFieldState(name).isTouched,
    });
  const left = (name: 'geniri' | 'extiri') => {
    details.setValue(name, details.getValues(name), { shouldTouch: true });
    void details.trigger(name);
  };
  return (
    <ConceptIriField
      segmentLabel={segmentLabel}
      iriOf={iriOf}
      profileIri={profileIri}
      iriType={iriType ?? 'generated-iri'}
      onIriTypeChange={(value) => {
        details.setValue('iriType', value, { shouldDirty: true });
        details.clearErrors(value === 'generated-iri' ? 'extiri' : 'geniri');
      }}
      geniri={geniri ?? ''}
      onGeniriChange={(value) => {
        onSuffixTyped();
        typed('geniri', value);
      }}
      onGeniriBlur={() => left('geniri')}
      geniriError={errors.geniri?.message}
      extiri={extiri ?? ''}
      onExtiriChange={(value) => typed('extiri', value)}
      onExtiriBlur={() => left('extiri')}
      extiriError={errors.extiri?.message}
    />
  );
}
