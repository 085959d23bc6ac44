import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ACCOUNT_LIMITS, confirmEmailRequestSchema } from '../../../common/accounts';
import { useConfirmEmail } from '../../api/accounts';
import { feedback } from '../../lib/feedback-store';
import { errorMessage } from './AccountCard';

/** A changed e-mail address takes effect once its owner enters the code mailed to it. */
export function ConfirmEmailForm({
  pendingEmail,
  onDone,
}: {
  pendingEmail: string;
  onDone: () => void;
}) {
  const confirm = useConfirmEmail();
  const form = useForm({
    resolver: zodResolver(confirmEmailRequestSchema),
    defaultValues: { code: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    confirm.mutate(body, {
      onSuccess: ({ user }) => {
        feedback.showSuccess({
          subject: 'E-mail changed',
          message: `Your e-mail address is now ${user.email}.`,
        });
        onDone();
      },
    });
  });

  return (
    <Alert color="blue" variant="light" title="Confirm your new e-mail address">
      <Stack gap="sm">
        <Text size="sm">
          We sent a code to <strong>{pendingEmail}</strong>. Your account keeps its current address
          until you enter that code here, with your current password.
        </Text>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Confirm e-mail">
          <Group align="flex-start" gap="sm">
            <TextInput
              {...form.register('code')}
              aria-label="Confirmation code"
              placeholder="Confirmation code"
              autoComplete="one-time-code"
              maxLength={ACCOUNT_LIMITS.tokenMax}
              disabled={confirm.isPending}
              error={
                errors.code?.message ?? (confirm.error ? errorMessage(confirm.error) : undefined)
              }
              style={{ flex: 1 }}
            />
            <PasswordInput
              {...form.register('password')}
              aria-label="Current password"
              placeholder="Current password"
              autoComplete="current-password"
              maxLength={ACCOUNT_LIMITS.passwordMax}
              disabled={confirm.isPending}
              error={errors.password?.message}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={confirm.isPending}>
              Confirm E-mail
            </Button>
          </Group>
        </form>
      </Stack>
    </Alert>
  );
}
