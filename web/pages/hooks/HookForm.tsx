import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  EVENT_LABELS,
  SIGNATURE_METHODS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  webhookCreateSchema,
  type WebhookCreate,
  type WebhookSubject,
} from '../../../common/webhooks';
import { ErrorAlert } from '../../components/parts';
import { CheckboxField } from '../../components/CheckboxField';

/** The form's values: the server's rules, with the subject required and the secret as typed. */
const hookFormSchema = z.object({
  ...webhookCreateSchema.shape,
  subject: z.string({ error: 'Required' }).min(1, 'Required'),
  clientSecret: z.string().max(WEBHOOK_LIMITS.secretMax),
  removeSecret: z.boolean(),
});
export type HookFormValues = z.input<typeof hookFormSchema>;

/** A new hook: profilePublished, no signature, enabled (spec 1 §9). */
export const NEW_HOOK_DEFAULTS: HookFormValues = {
  target: '',
  description: '',
  subject: 'myGroups',
  signatureMethod: 'none',
  isEnabled: true,
  event: 'profilePublished',
  clientSecret: '',
  removeSecret: false,
};

const SIGNATURE_LABELS: Record<(typeof SIGNATURE_METHODS)[number], string> = {
  none: 'None',
  sha1: 'HMAC SHA-1 (X-Hub-Signature)',
  sha256: 'HMAC SHA-256 (X-Hub-Signature-256)',
};

/** What is sent: the secret only when typed (left empty, a stored one is kept), or '' to remove. */
export function toRequest(values: z.output<typeof hookFormSchema>): WebhookCreate {
  const { removeSecret, clientSecret, ...rest } = values;
  if (removeSecret) return { ...rest, clientSecret: '' };
  return clientSecret === '' ? rest : { ...rest, clientSecret };
}

export function HookForm({
  initial = NEW_HOOK_DEFAULTS,
  secretSet = false,
  subjects,
  submitLabel,
  busy,
  error,
  onSubmit,
  cancel,
}: {
  initial?: HookFormValues;
  /** A secret is stored already: an empty field keeps it. */
  secretSet?: boolean;
  subjects: WebhookSubject[];
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (input: WebhookCreate) => void;
  cancel: ReactNode;
}) {
  const form = useForm({ resolver: zodResolver(hookFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(toRequest(values)));
  const byValue = new Map(subjects.map((s) => [s.value, s]));
  const subjectData = subjects.map((s) => ({
    value: s.value,
    label: s.organization ? `${s.name} — ${s.organization}` : s.name,
  }));
  // A hook whose profile left the list (the person left its group) still shows what it follows.
  if (initial.subject && !byValue.has(initial.subject))
    subjectData.push({ value: initial.subject, label: initial.subject });
  const removeSecret = useWatch({ control: form.control, name: 'removeSecret' });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <TextInput
          {...form.register('target')}
          label="Target URL"
          description="Where each event is posted (http:// or https://)."
          placeholder="https://mirror.example.org/xapi-hooks"
          required
          maxLength={WEBHOOK_LIMITS.targetMax}
          error={errors.target?.message}
          disabled={busy}
        />
        <TextInput
          {...form.register('description')}
          label="Description"
          description="What receives these events."
          required
          maxLength={WEBHOOK_LIMITS.descriptionMax}
          error={errors.description?.message}
          disabled={busy}
        />
        <Controller
          control={form.control}
          name="event"
          render={({ field }) => (
            <Select
              label="Event"
              data={WEBHOOK_EVENTS.map((e) => ({ value: e, label: EVENT_LABELS[e] }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'profilePublished')}
              allowDeselect={false}
              error={errors.event?.message}
              disabled={busy}
            />
          )}
        />
        <Controller
          control={form.control}
          name="subject"
          render={({ field }) => (
            <Select
              label="Profile"
              description="The profile whose events are sent, or every profile of your working groups. Drafts are sent only to members of the profile's group."
              data={subjectData}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              searchable
              required
              allowDeselect={false}
              nothingFoundMessage="No such profile"
              renderOption={({ option }) => {
                const subject = byValue.get(option.value);
                return (
                  <Stack gap={0}>
                    <Text size="sm">{subject?.name ?? option.label}</Text>
                    {subject?.parentProfile && (
                      <Text size="xs" c="dimmed">
                        {subject.organization} · profile {subject.parentProfile}
                      </Text>
                    )}
                  </Stack>
                );
              }}
              error={errors.subject?.message}
              disabled={busy}
            />
          )}
        />
        <Controller
          control={form.control}
          name="signatureMethod"
          render={({ field }) => (
            <Select
              label="Signature"
              description="HMAC SHA-256 is recommended: the receiver can check that each delivery comes from this server, unchanged."
              data={SIGNATURE_METHODS.map((m) => ({ value: m, label: SIGNATURE_LABELS[m] }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'none')}
              allowDeselect={false}
              error={errors.signatureMethod?.message}
              disabled={busy}
            />
          )}
        />
        <PasswordInput
          {...form.register('clientSecret')}
          label="Client secret"
          description={
            secretSet
              ? 'A secret is set and is never shown. Leave this empty to keep it, or type a new one.'
              : 'Signs each delivery; the receiver keeps the same secret. It is never shown again.'
          }
          placeholder={secretSet ? 'set' : undefined}
          maxLength={WEBHOOK_LIMITS.secretMax}
          error={errors.clientSecret?.message}
          disabled={busy || removeSecret}
          autoComplete="new-password"
        />
        {secretSet && (
          <CheckboxField
            control={form.control}
            name="removeSecret"
            label="Remove the client secret"
            disabled={busy}
          />
        )}
        <CheckboxField
          control={form.control}
          name="isEnabled"
          label="Enabled"
          description="A disabled hook receives nothing until it is enabled again."
          disabled={busy}
          whenUnset
        />
        <ErrorAlert error={error} title="Web Hook Not Saved" />
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
