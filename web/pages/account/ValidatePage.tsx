import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_LIMITS, validateRequestSchema } from '../../../common/accounts';
import { useValidateAccount } from '../../api/accounts';
import { feedback } from '../../lib/feedback-store';
import { AccountCard, FormFeedback, FormFields } from './AccountCard';
import { RedirectIfSignedIn } from './navigation';
import { homePath, resendValidationPath } from '../../lib/paths';

/** What sign-up hands to this screen: the sentence the server answered. */
export interface ValidateState {
  notice?: string;
}

function ValidateForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const notice = (location.state as ValidateState | null)?.notice;
  const validate = useValidateAccount();
  const form = useForm({
    resolver: zodResolver(validateRequestSchema),
    defaultValues: { validationCode: params.get('code') ?? '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    validate.mutate(body, {
      onSuccess: () => {
        feedback.showSuccess({
          subject: 'Account validated',
          message: 'Welcome! Your account is active and you are signed in.',
        });
        void navigate(homePath(), { replace: true });
      },
    });
  });

  return (
    <AccountCard
      title="Validate Account"
      intro="Enter the validation code from the e-mail we sent you to activate your account."
      footer={
        <Text size="sm">
          No code, or did it expire?{' '}
          <Anchor component={Link} to={resendValidationPath()}>
            Resend the validation e-mail
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Validate account">
        <FormFields busy={validate.isPending}>
          {notice && (
            <Alert color="blue" variant="light" title="Check your e-mail">
              {notice}
            </Alert>
          )}
          <TextInput
            {...form.register('validationCode')}
            label="Validation Code"
            placeholder="XXXX-XXXX"
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={ACCOUNT_LIMITS.tokenMax}
            required
            error={errors.validationCode?.message}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button type="submit" fullWidth loading={validate.isPending}>
            Submit Validation Code
          </Button>
          <FormFeedback kind="Validate Account" error={validate.error} />
        </FormFields>
      </form>
    </AccountCard>
  );
}

export function ValidatePage() {
  return (
    <RedirectIfSignedIn>
      <ValidateForm />
    </RedirectIfSignedIn>
  );
}
