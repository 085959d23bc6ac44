import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RESET_KEY_INVALID, resetPasswordRequestSchema } from '../../../common/accounts';
import { useCheckResetKey, useResetPassword } from '../../api/accounts';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { AccountCard, FormFeedback, FormFields } from './AccountCard';
import { RedirectIfSignedIn } from './navigation';
import { PasswordPair } from './PasswordPair';
import { forgotPasswordPath, loginPath } from '../../lib/paths';

/** Shown instead of the form when the mailed link can no longer be used. */
export const RESET_KEY_ERROR = `There was an error with ${RESET_KEY_INVALID}.`;

function InvalidResetKey() {
  return (
    <Container size={460} px={0} py="md">
      <PageHeading>Reset Password</PageHeading>
      <Alert color="red" variant="light" title="Reset Password Error" role="alert">
        <Stack gap="xs">
          <Text size="sm">{RESET_KEY_ERROR}</Text>
          <Text size="sm">
            Reset links work once and expire after a while.{' '}
            <Anchor component={Link} to={forgotPasswordPath()} size="sm">
              Request a new link
            </Anchor>
          </Text>
        </Stack>
      </Alert>
    </Container>
  );
}

function ResetPasswordForm({ resetKey }: { resetKey: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { key: resetKey, password: '', password2: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    reset.mutate(body, {
      onSuccess: () => {
        feedback.showSuccess({
          subject: 'Password changed',
          message: 'Sign in with your new password.',
        });
        void navigate(loginPath(), { replace: true });
      },
    });
  });

  return (
    <AccountCard title="Reset Password" intro="Choose a new password for your account.">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset password">
        <FormFields busy={reset.isPending}>
          <PasswordPair
            password={form.register('password')}
            repeat={form.register('password2')}
            passwordError={errors.password?.message}
            repeatError={errors.password2?.message}
            label="New Password"
            repeatLabel="Re-enter New Password"
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset Password
          </Button>
          <FormFeedback kind="Reset Password" error={reset.error} />
        </FormFields>
      </form>
    </AccountCard>
  );
}

function ResetPassword() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const check = useCheckResetKey(key);
  if (key === '') return <InvalidResetKey />;
  if (check.isPending) {
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Checking the reset link" />
      </Center>
    );
  }
  if (check.isError || !check.data.success) return <InvalidResetKey />;
  return <ResetPasswordForm resetKey={key} />;
}

export function ResetPasswordPage() {
  return (
    <RedirectIfSignedIn>
      <ResetPassword />
    </RedirectIfSignedIn>
  );
}
