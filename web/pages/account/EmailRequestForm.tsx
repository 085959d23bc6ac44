import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { emailWithCaptchaSchema, type EmailWithCaptcha } from '../../../common/accounts';
import { CaptchaField } from './CaptchaField';
import { AccountCard, FormFeedback, FormFields } from './AccountCard';
import { EmailField } from './fields';

/**
 * An e-mail address and a captcha sent to ask for a mail (a reset link, a validation code). The
 * answer never says whether the address has an account, so success always shows the same notice.
 * A refused captcha is cleared and asked again.
 */
export function EmailRequestForm({
  mutation,
  title,
  intro,
  footer,
  formLabel,
  submitLabel,
  feedbackKind,
  notice,
  afterNotice,
  footerOnNotice = true,
}: {
  mutation: UseMutationResult<{ message?: string }, Error, EmailWithCaptcha>;
  title: string;
  intro: string;
  footer: ReactNode;
  formLabel: string;
  submitLabel: string;
  feedbackKind: string;
  /** The notice shown once sent, given the server's message. */
  notice: (message: string | undefined) => string;
  afterNotice?: ReactNode;
  /** Whether the footer stays under the notice (not when `afterNotice` already leads on). */
  footerOnNotice?: boolean;
}) {
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    resolver: zodResolver(emailWithCaptchaSchema),
    defaultValues: { email: '', captcha: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    mutation.mutate(body, {
      onError: () => {
        form.setValue('captcha', '');
        setCaptchaReset((n) => n + 1);
      },
    });
  });

  if (mutation.isSuccess) {
    return (
      <AccountCard title={title} footer={footerOnNotice ? footer : undefined}>
        <Stack gap="md">
          <Alert color="blue" variant="light" title="Check your e-mail" role="status">
            {notice(mutation.data.message)}
          </Alert>
          {afterNotice}
        </Stack>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={title} intro={intro} footer={footer}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={formLabel}>
        <FormFields busy={mutation.isPending}>
          <EmailField field={form.register('email')} error={errors.email?.message} />
          <CaptchaField control={form.control} resetSignal={captchaReset} />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {submitLabel}
          </Button>
          <FormFeedback kind={feedbackKind} error={mutation.error} />
        </FormFields>
      </form>
    </AccountCard>
  );
}
