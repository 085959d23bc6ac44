import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Input, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiKeyInputSchema, CHECK_AT_LEAST_ONE, type ApiKeyInput } from '../../../common/api-keys';
import { ErrorAlert } from '../../components/parts';
import { CheckboxField } from '../../components/CheckboxField';

/**
 * The server's rules for a key, with the read-or-write check run even while the description is
 * still missing, so both problems show at once.
 */
const apiKeyFormSchema = z
  .object(apiKeyInputSchema.shape)
  .refine((v) => v.readPermission || v.writePermission, {
    message: CHECK_AT_LEAST_ONE,
    path: ['readPermission'],
    when: (payload) => {
      const value = payload.value as { readPermission?: unknown; writePermission?: unknown };
      return (
        typeof value.readPermission === 'boolean' && typeof value.writePermission === 'boolean'
      );
    },
  });

/** A new key is enabled, with neither permission ticked (spec §9). */
export const NEW_KEY_DEFAULTS = {
  description: '',
  readPermission: false,
  writePermission: false,
  isEnabled: true,
} satisfies ApiKeyInput;

export function ApiKeyForm({
  initial = NEW_KEY_DEFAULTS,
  submitLabel,
  busy,
  error,
  onSubmit,
  cancel,
}: {
  initial?: ApiKeyInput;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (input: z.output<typeof apiKeyFormSchema>) => void;
  cancel: ReactNode;
}) {
  const form = useForm({ resolver: zodResolver(apiKeyFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(values));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <TextInput
          {...form.register('description')}
          label="Description"
          description="A name that says who or what uses this key."
          required
          maxLength={200}
          error={errors.description?.message}
          disabled={busy}
        />
        <Input.Wrapper
          label="Permissions"
          description="What a program holding this key may do with the group's profiles."
          required
          error={errors.readPermission?.message}
        >
          <Group gap="xl" mt="xs">
            <CheckboxField
              control={form.control}
              name="readPermission"
              label="Read"
              disabled={busy}
            />
            <CheckboxField
              control={form.control}
              name="writePermission"
              label="Write"
              disabled={busy}
              deps={['readPermission']}
            />
          </Group>
        </Input.Wrapper>
        <CheckboxField
          control={form.control}
          name="isEnabled"
          label="Enabled"
          description="A disabled key is refused until it is enabled again."
          disabled={busy}
          whenUnset
        />
        <ErrorAlert error={error} title="API Key Not Saved" />
        <Group justify="flex-end" gap="sm">
          {cancel}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
