import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FORGOT_PASSWORD_NOTICE } from '../../../common/accounts';
import { useForgotPassword } from '../../api/accounts';
import { EmailRequestForm } from './EmailRequestForm';
import { RedirectIfSignedIn } from './navigation';
import { loginPath } from '../../lib/paths';

function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  return (
    <EmailRequestForm
      mutation={forgot}
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Text size="sm">
          Remembered it?{' '}
          <Anchor component={Link} to={loginPath()}>
            Sign in
          </Anchor>
        </Text>
      }
      formLabel="Forgot password"
      submitLabel="Send Reset Link"
      feedbackKind="Forgot Password"
      notice={() => FORGOT_PASSWORD_NOTICE}
    />
  );
}

export function ForgotPasswordPage() {
  return (
    <RedirectIfSignedIn>
      <ForgotPasswordForm />
    </RedirectIfSignedIn>
  );
}
