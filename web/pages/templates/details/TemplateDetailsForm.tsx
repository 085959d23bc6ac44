import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { Translation } from '../../../../common/profiles';
import {
  generatedTemplateIri,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  templateDetailsSchema,
  type TemplateDetails,
} from '../../../../common/templates';
import {
  DescriptionInput,
  DescriptiveInputs,
  ItemIriInput,
  NameInput,
  registerNameWithSuffix,
} from '../../../components/items/DetailsInputs';
import { CancelButton } from '../../../components/DiscardChangesDialog';
import { ErrorAlert } from '../../../components/parts';
import { TEMPLATE_NOUN } from '../../../components/items/TemplatePanel';

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
  const [suffixEdited, setSuffixEdited] = useState((initial.geniri ?? '') !== '');
  const isNew = mode === 'create';

  const nameField = registerNameWithSuffix(form, isNew && !suffixEdited);
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
          <ItemIriInput
            form={form}
            segmentLabel={SEGMENT_LABEL}
            iriOf={(suffix) => generatedTemplateIri(profileIri, suffix)}
            profileIri={profileIri}
            iri={isNew ? undefined : (iri ?? '')}
            onSuffixTyped={() => setSuffixEdited(true)}
          />
          <NameInput field={nameField} error={errors.name?.message} readOnly={limited} />
          <DescriptionInput
            field={form.register('description')}
            error={errors.description?.message}
            readOnly={limited}
          />
          <DescriptiveInputs
            form={form}
            moreInformation="A web address where people read more about this statement template."
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
