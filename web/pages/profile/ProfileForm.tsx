import { zodResolver } from '@hookform/resolvers/zod';
import { Code, Fieldset, Input, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { updateVersionSchema } from '../../../common/profiles';
import {
  DescriptionInput,
  MoreInformationInput,
  NameInput,
  TagsInput,
  TranslationsInput,
} from '../../components/items/DetailsInputs';
import { FormActions } from '../../components/FormActions';
import { IriChoice } from './IriChoice';
import { ErrorAlert } from '../../components/parts';

export type ProfileFormValues = z.input<typeof updateVersionSchema>;
export type ProfileFormOutput = z.output<typeof updateVersionSchema>;

/** The IRI part of the form: a choice while never published, afterwards the fixed IRI. */
export type IriField =
  { fixed: false; generatedIri: string | undefined } | { fixed: true; value: string };

export { DISCARD_TITLE } from '../../components/DiscardChangesDialog';

/**
 * Profile Details: IRI, name, description, translations, more information and tags, checked by
 * the server's own schema. The submit button stays disabled while any field shows an error.
 */
export function ProfileForm({
  mode,
  initial,
  iri,
  lockedTags = [],
  busy,
  error,
  onSubmit,
  onCancel,
  onDelete,
  deleteLabel,
  heading = 'Profile Details',
}: {
  mode: 'create' | 'edit';
  initial: ProfileFormValues;
  iri: IriField;
  lockedTags?: string[];
  busy: boolean;
  error: unknown;
  onSubmit: (values: ProfileFormOutput) => void;
  onCancel: () => void;
  onDelete?: () => void;
  /** What the delete button destroys: the draft alone, or the whole profile. */
  deleteLabel?: string;
  /** The form's section heading. */
  heading?: string;
}) {
  const form = useForm({
    resolver: zodResolver(updateVersionSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  const iriType = useWatch({ control: form.control, name: 'iriType' });
  const submitLabel = mode === 'create' ? 'Create Profile' : 'Save Changes';
  const submit = form.handleSubmit((values) => onSubmit(values));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile Details">
      <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
        <Stack gap="lg">
          <Title order={2} size="h4">
            {heading}
          </Title>
          {iri.fixed ? (
            <Stack gap={2}>
              <Input.Label>Profile IRI</Input.Label>
              <Code
                block
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                aria-label="Profile IRI"
              >
                {iri.value}
              </Code>
              <Text size="xs" c="dimmed">
                The IRI was fixed when the profile was first published.
              </Text>
            </Stack>
          ) : (
            <Controller
              control={form.control}
              name="extiri"
              render={({ field }) => (
                <IriChoice
                  iriType={iriType ?? 'generated-iri'}
                  onIriTypeChange={(value) => {
                    form.setValue('iriType', value, { shouldDirty: true });
                    if (value === 'generated-iri') form.clearErrors('extiri');
                  }}
                  extiri={field.value ?? ''}
                  onExtiriChange={field.onChange}
                  onExtiriBlur={field.onBlur}
                  extiriError={errors.extiri?.message}
                  generatedIri={iri.generatedIri}
                />
              )}
            />
          )}
          <NameInput field={form.register('name')} error={errors.name?.message} />
          <DescriptionInput
            field={form.register('description')}
            error={errors.description?.message}
            minRows={4}
            maxRows={14}
          />
          <TranslationsInput form={form} />
          <MoreInformationInput
            field={form.register('moreInformation')}
            error={errors.moreInformation?.message}
            description="A web page with documentation about the profile."
            type="url"
          />
          <TagsInput form={form} locked={lockedTags} />
          <ErrorAlert error={error} title="Profile Not Saved" />
          <FormActions
            onDelete={onDelete}
            deleteLabel={deleteLabel}
            dirty={isDirty}
            subject="profile"
            onCancel={onCancel}
            submitLabel={submitLabel}
            busy={busy}
            blocked={hasErrors}
          />
        </Stack>
      </Fieldset>
    </form>
  );
}
