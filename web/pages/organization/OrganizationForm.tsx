import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  ORGANIZATION_LIMITS,
  organizationInputSchema,
  type OrganizationInput,
} from '../../../common/organizations';
import { ErrorAlert } from '../../components/parts';

/** Name, collaboration link and description, checked by the same rules as the server. */
export function OrganizationForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  cancel,
}: {
  initial?: OrganizationInput;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (input: OrganizationInput) => void;
  cancel?: ReactNode;
}) {
  const form = useForm({
    resolver: zodResolver(organizationInputSchema),
    defaultValues: initial ?? { name: '', collaborationLink: '', description: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(values));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={submitLabel}>
      <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
        <Stack gap="md">
          <TextInput
            {...form.register('name')}
            label="Name"
            required
            maxLength={ORGANIZATION_LIMITS.nameMax}
            error={errors.name?.message}
          />
          <TextInput
            {...form.register('collaborationLink')}
            label="Collaboration Link"
            description="Where the group works together, such as a repository or a discussion board."
            placeholder="https://"
            required
            type="url"
            maxLength={ORGANIZATION_LIMITS.linkMax}
            error={errors.collaborationLink?.message}
          />
          <Textarea
            {...form.register('description')}
            label="Description"
            autosize
            minRows={4}
            maxRows={12}
            maxLength={ORGANIZATION_LIMITS.descriptionMax}
            error={errors.description?.message}
          />
          <ErrorAlert error={error} title="Working Group Not Saved" />
          <Group justify="flex-end" gap="sm">
            {cancel}
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
