import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_LIMITS, loginRequestSchema, typedPasswordField } from '../../../common/accounts';
import { useLogin } from '../../api/accounts';
import { AccountCard, errorCode, FormFeedback, FormFields } from './AccountCard';
import { afterSignIn, RedirectIfSignedIn, useReturnLocation, useReturnState } from './navigation';
import { EmailField } from './fields';
import {
  createAccountPath,
  forgotPasswordPath,
  resendValidationPath,
  validateAccountPath,
} from '../../lib/paths';

/** The sign-in request, with the typed password in place of the key derived from it. */
const signInFormSchema = loginRequestSchema.extend({ password: typedPasswordField });

function SignInForm() {
  const navigate = useNavigate();
  const returnState = useReturnState();
  const from = useReturnLocation();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: (status) => {
        if (status.user) void navigate(afterSignIn(status.user, from), { replace: true });
      },
    });
  });

  return (
    <AccountCard
      title="Sign In"
      intro="Sign in to author profiles with your working groups."
      footer={
        <>
          <Text size="sm">
            New here?{' '}
            <Anchor component={Link} to={createAccountPath()} state={returnState}>
              Create an account
            </Anchor>
          </Text>
          <Group gap="lg" justify="center">
            <Anchor component={Link} to={forgotPasswordPath()} size="sm">
              Forgot your password?
            </Anchor>
            <Anchor component={Link} to={resendValidationPath()} size="sm">
              Resend e-mail validation
            </Anchor>
          </Group>
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
        <FormFields busy={login.isPending}>
          <EmailField field={form.register('email')} error={errors.email?.message} />
          <PasswordInput
            {...form.register('password')}
            label="Password"
            autoComplete="current-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
            required
            error={errors.password?.message}
          />
          <Button type="submit" fullWidth loading={login.isPending}>
            Sign In
          </Button>
          <FormFeedback kind="Login" error={login.error}>
            {errorCode(login.error) === 'EMAIL_NOT_VALIDATED' && (
              <Group gap="md">
                <Anchor component={Link} to={validateAccountPath()} size="sm">
                  Enter your validation code
                </Anchor>
                <Anchor component={Link} to={resendValidationPath()} size="sm">
                  Send a new code
                </Anchor>
              </Group>
            )}
          </FormFeedback>
        </FormFields>
      </form>
    </AccountCard>
  );
}

export function LoginPage() {
  return (
    <RedirectIfSignedIn>
      <SignInForm />
    </RedirectIfSignedIn>
  );
}
