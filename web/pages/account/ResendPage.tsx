import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RESEND_NOTICE } from '../../../common/accounts';
import { useResendValidation } from '../../api/accounts';
import { EmailRequestForm } from './EmailRequestForm';
import { RedirectIfSignedIn } from './navigation';
import { validateAccountPath } from '../../lib/paths';

function ResendForm() {
  const resend = useResendValidation();
  return (
    <EmailRequestForm
      mutation={resend}
      title="Resend Validation"
      intro="Enter the e-mail address you signed up with and we will send you a new validation code."
      footer={
        <Text size="sm">
          Already have a code?{' '}
          <Anchor component={Link} to={validateAccountPath()}>
            Enter it here
          </Anchor>
        </Text>
      }
      formLabel="Resend validation"
      submitLabel="Resend Validation Code"
      feedbackKind="Account Validation"
      notice={(message) => message || RESEND_NOTICE}
      footerOnNotice={false}
      afterNotice={
        <Button component={Link} to={validateAccountPath()} fullWidth>
          Enter validation code
        </Button>
      }
    />
  );
}

export function ResendPage() {
  return (
    <RedirectIfSignedIn>
      <ResendForm />
    </RedirectIfSignedIn>
  );
}
