import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateAccountRequestSchema, type UpdateAccountRequest } from '../../../common/accounts';
import type { SessionUser } from '../../../common/user';
import { useUpdateAccount } from '../../api/accounts';
import { feedback } from '../../lib/feedback-store';
import { FormFeedback, FormFields } from './AccountCard';
import { PasswordPair } from './PasswordPair';
import { EmailField, NameFields } from './fields';

/** Stands in for the password, which the app never knows. */
const MASKED_PASSWORD = '••••••••••';

/** The Cancel confirmation: nothing typed is lost without the user saying so. */
function DiscardChangesDialog({
  opened,
  onDiscard,
  onContinue,
}: {
  opened: boolean;
  onDiscard: () => void;
  onContinue: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onContinue} title="Discard Changes" centered>
      <Stack gap="lg">
        <Text size="sm">Your changes to the account have not been saved. Discard them?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onContinue} data-autofocus>
            Continue editing
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function AccountEditForm({
  user,
  onSaved,
  onDiscard,
}: {
  user: SessionUser;
  /** Called after a save with the address still waiting for confirmation, if any. */
  onSaved: (pendingEmail: string | null) => void;
  onDiscard: () => void;
}) {
  const update = useUpdateAccount();
  const [editingPassword, setEditingPassword] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const form = useForm({
    resolver: zodResolver(updateAccountRequestSchema),
    defaultValues: {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      publicizeName: user.publicizeName,
      password: '',
      password2: '',
    },
  });
  const { errors } = form.formState;

  const keepPassword = () => {
    form.setValue('password', '');
    form.setValue('password2', '');
    form.clearErrors(['password', 'password2']);
    setEditingPassword(false);
  };

  const submit = form.handleSubmit(({ password, password2, ...details }) => {
    const body: UpdateAccountRequest =
      editingPassword && password ? { ...details, password, password2 } : details;
    update.mutate(body, {
      onSuccess: ({ pendingEmail }) => {
        feedback.showSuccess({ subject: 'Account saved', message: 'Your changes were saved.' });
        onSaved(pendingEmail);
      },
    });
  });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Title order={2} size="h4" mb="lg">
        Edit Account
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit account">
        <FormFields busy={update.isPending}>
          <TextInput
            label="Username"
            value={user.username ?? ''}
            placeholder="Not chosen yet"
            description="A username cannot be changed once chosen."
            disabled
            readOnly
          />
          <NameFields
            first={form.register('firstname')}
            last={form.register('lastname')}
            firstError={errors.firstname?.message}
            lastError={errors.lastname?.message}
          />
          <EmailField
            field={form.register('email')}
            error={errors.email?.message}
            description="A new address takes effect after you confirm the code we send to it."
          />
          <Checkbox
            {...form.register('publicizeName')}
            label="Show Your Name"
            description="When checked, your name is public and shown with the profiles you work on. Otherwise only your username is visible."
          />
          {editingPassword ? (
            <Stack gap="xs">
              <PasswordPair
                password={form.register('password')}
                repeat={form.register('password2')}
                passwordError={errors.password?.message}
                repeatError={errors.password2?.message}
                label="New Password"
                repeatLabel="Re-enter New Password"
              />
              <Group>
                <Button variant="subtle" size="compact-sm" onClick={keepPassword}>
                  Keep current password
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                label="Password"
                value={MASKED_PASSWORD}
                readOnly
                disabled
                style={{ flex: 1 }}
              />
              <Button variant="light" onClick={() => setEditingPassword(true)}>
                Edit Password
              </Button>
            </Group>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={() => setConfirmingDiscard(true)}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
          <FormFeedback kind="Account" error={update.error} />
        </FormFields>
      </form>
      <DiscardChangesDialog
        opened={confirmingDiscard}
        onContinue={() => setConfirmingDiscard(false)}
        onDiscard={() => {
          setConfirmingDiscard(false);
          onDiscard();
        }}
      />
    </Paper>
  );
}
