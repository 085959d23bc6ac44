import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_LIMITS, createAccountRequestSchema } from '../../../common/accounts';
import { useCreateAccount } from '../../api/accounts';
import { CaptchaField } from './CaptchaField';
import { AccountCard, FormFeedback, FormFields } from './AccountCard';
import { RedirectIfSignedIn, useReturnState } from './navigation';
import { PasswordPair } from './PasswordPair';
import type { ValidateState } from './ValidatePage';
import { EmailField, NameFields } from './fields';
import { loginPath, validateAccountPath } from '../../lib/paths';

function CreateAccountForm() {
  const navigate = useNavigate();
  const returnState = useReturnState();
  const create = useCreateAccount();
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    resolver: zodResolver(createAccountRequestSchema),
    defaultValues: {
      username: '',
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      password2: '',
      captcha: '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((account) => {
    create.mutate(account, {
      onSuccess: ({ message }) => {
        const state: ValidateState = { notice: message };
        void navigate(validateAccountPath(), { state });
      },
      onError: () => {
        // A solved challenge is accepted once; the next attempt needs a fresh one.
        form.setValue('captcha', '');
        setCaptchaReset((n) => n + 1);
      },
    });
  });

  return (
    <AccountCard
      title="Create Account"
      size={560}
      intro="Create an account to join working groups and author xAPI Profiles. We will e-mail you a code to activate it."
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to={loginPath()} state={returnState}>
            Sign in
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create account">
        <FormFields busy={create.isPending}>
          <TextInput
            {...form.register('username')}
            label="Username"
            description="Shown with your work. Letters and digits, with - or _ between them."
            autoComplete="username"
            maxLength={ACCOUNT_LIMITS.usernameMax}
            required
            error={errors.username?.message}
          />
          <NameFields
            first={form.register('firstname')}
            last={form.register('lastname')}
            firstError={errors.firstname?.message}
            lastError={errors.lastname?.message}
          />
          <EmailField field={form.register('email')} error={errors.email?.message} />
          <PasswordPair
            password={form.register('password')}
            repeat={form.register('password2')}
            passwordError={errors.password?.message}
            repeatError={errors.password2?.message}
          />
          <CaptchaField control={form.control} resetSignal={captchaReset} />
          <Button type="submit" fullWidth loading={create.isPending}>
            Create Account
          </Button>
          <FormFeedback kind="Create Account" error={create.error} />
        </FormFields>
      </form>
    </AccountCard>
  );
}

export function CreateAccountPage() {
  return (
    <RedirectIfSignedIn>
      <CreateAccountForm />
    </RedirectIfSignedIn>
  );
}
