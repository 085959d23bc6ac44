import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { emailWithCaptchaSchema, RESEND_NOTICE } from '../../../common/accounts';
import { useResendValidation } from '../../api/accounts';
import { CaptchaField } from './CaptchaField';
import { AccountCard, FormFeedback, FormFields } from './AccountCard';
import { RedirectIfSignedIn } from './navigation';
import { EmailField } from './fields';

function ResendForm() {
  const resend = useResendValidation();
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    resolver: zodResolver(emailWithCaptchaSchema),
    defaultValues: { email: '', captcha: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    resend.mutate(body, {
      onError: () => {
        form.setValue('captcha', '');
        setCaptchaReset((n) => n + 1);
      },
    });
  });

  if (resend.isSuccess) {
    return (
      <AccountCard title="Resend Validation">
        <Stack gap="md">
          <Alert color="blue" variant="light" title="Check your e-mail" role="status">
            {resend.data.message || RESEND_NOTICE}
          </Alert>
          <Button component={Link} to="/user/validate" fullWidth>
            Enter validation code
          </Button>
        </Stack>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title="Resend Validation"
      intro="Enter the e-mail address you signed up with and we will send you a new validation code."
      footer={
        <Text size="sm">
          Already have a code?{' '}
          <Anchor component={Link} to="/user/validate">
            Enter it here
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Resend validation">
        <FormFields busy={resend.isPending}>
          <EmailField field={form.register('email')} error={errors.email?.message} />
          <CaptchaField control={form.control} resetSignal={captchaReset} />
          <Button type="submit" fullWidth loading={resend.isPending}>
            Resend Validation Code
          </Button>
          <FormFeedback kind="Account Validation" error={resend.error} />
        </FormFields>
      </form>
    </AccountCard>
  );
}

export function ResendPage() {
  return (
    <RedirectIfSignedIn>
      <ResendForm />
    </RedirectIfSignedIn>
  );
}
