import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, Container, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  ACCOUNT_LIMITS,
  USERNAME_ALREADY_CHOSEN,
  usernameRequestSchema,
} from '../../../common/accounts';
import type { SessionUser } from '../../../common/user';
import { useChooseUsername } from '../../api/accounts';
import { useSession } from '../../api/session';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { CaptchaField } from './CaptchaField';
import { AccountCard, FormFeedback, FormFields } from './AccountCard';
import { accountPath } from '../../lib/paths';

function AlreadyChosen({ user }: { user: SessionUser }) {
  return (
    <Container size={460} px={0} py="md">
      <PageHeading>{USERNAME_ALREADY_CHOSEN}</PageHeading>
      <Alert color="blue" variant="light" title="A username can be chosen only once">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Your username is {user.username ? <Code>{user.username}</Code> : 'already set'}.
            Choosing a username can only be done once, so it cannot be changed.
          </Text>
          <Button component={Link} to={accountPath()} size="sm" variant="light">
            Go to My Account
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

function UsernameForm({ choose }: { choose: ReturnType<typeof useChooseUsername> }) {
  const navigate = useNavigate();
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    resolver: zodResolver(usernameRequestSchema),
    defaultValues: { username: '', captcha: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    choose.mutate(body, {
      onSuccess: ({ user }) => {
        feedback.showSuccess({
          subject: 'Username set',
          message: `You are now known as ${user.username ?? body.username}.`,
        });
        void navigate(accountPath(), { replace: true });
      },
      onError: () => {
        form.setValue('captcha', '');
        setCaptchaReset((n) => n + 1);
      },
    });
  });

  return (
    <AccountCard
      title="Select Username"
      intro="Your username is shown with the profiles and concepts you author. It can be set only once, so choose it with care."
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Select username">
        <FormFields busy={choose.isPending}>
          <TextInput
            {...form.register('username', {
              // A refusal was about the name sent; once it changes, it no longer applies.
              onChange: () => {
                if (choose.isError) choose.reset();
              },
            })}
            label="Username"
            description={`${ACCOUNT_LIMITS.usernameMin}–${ACCOUNT_LIMITS.usernameMax} letters or digits, with - or _ between them.`}
            autoComplete="username"
            maxLength={ACCOUNT_LIMITS.usernameMax}
            required
            error={errors.username?.message}
          />
          <CaptchaField control={form.control} resetSignal={captchaReset} />
          <Button type="submit" fullWidth loading={choose.isPending}>
            Request Username
          </Button>
          <FormFeedback kind="Set Username" error={choose.error} />
        </FormFields>
      </form>
    </AccountCard>
  );
}

/** Login required (the route wraps it in RequireAuth). */
export function UsernamePage() {
  const { user } = useSession();
  const choose = useChooseUsername();
  if (!user) return null;
  // A username chosen right here keeps the form until the page moves on to My Account.
  if (user.usernameChosen && choose.isIdle) return <AlreadyChosen user={user} />;
  return <UsernameForm choose={choose} />;
}
