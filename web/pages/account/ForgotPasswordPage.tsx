import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { emailWithCaptchaSchema, FORGOT_PASSWORD_NOTICE } from '../../../common/accounts';
import { useForgotPassword } from '../../api/accounts';
import { CaptchaField } from './CaptchaField';
import { AccountCard, FormFeedback, FormFields } from './AccountCard';
import { RedirectIfSignedIn } from './navigation';
import { EmailField } from './fields';

function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    resolver: zodResolver(emailWithCaptchaSchema),
    defaultValues: { email: '', captcha: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    forgot.mutate(body, {
      onError: () => {
        form.setValue('captcha', '');
        setCaptchaReset((n) => n + 1);
      },
    });
  });

  const footer = (
    <Text size="sm">
      Remembered it?{' '}
      <Anchor component={Link} to="/user/login">
        Sign in
      </Anchor>
    </Text>
  );

  if (forgot.isSuccess) {
    return (
      <AccountCard title="Forgot Password" footer={footer}>
        <Stack gap="md">
          <Alert color="blue" variant="light" title="Check your e-mail" role="status">
            {FORGOT_PASSWORD_NOTICE}
          </Alert>
        </Stack>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={footer}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Forgot password">
        <FormFields busy={forgot.isPending}>
          <EmailField field={form.register('email')} error={errors.email?.message} />
          <CaptchaField control={form.control} resetSignal={captchaReset} />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            Send Reset Link
          </Button>
          <FormFeedback kind="Forgot Password" error={forgot.error} />
        </FormFields>
      </form>
    </AccountCard>
  );
}

export function ForgotPasswordPage() {
  return (
    <RedirectIfSignedIn>
      <ForgotPasswordForm />
    </RedirectIfSignedIn>
  );
}
