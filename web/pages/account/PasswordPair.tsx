import { Checkbox, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCOUNT_LIMITS } from '../../../common/accounts';

/** A new password typed twice, with one toggle that shows or hides both. */
export function PasswordPair({
  password,
  repeat,
  passwordError,
  repeatError,
  label = 'Password',
  repeatLabel = 'Re-enter Password',
  toggleLabel = 'Show password',
}: {
  password: UseFormRegisterReturn;
  repeat: UseFormRegisterReturn;
  passwordError: string | undefined;
  repeatError: string | undefined;
  label?: string;
  repeatLabel?: string;
  toggleLabel?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap="md">
      <PasswordInput
        {...password}
        label={label}
        description={`At least ${ACCOUNT_LIMITS.passwordMin} characters; avoid common passwords.`}
        autoComplete="new-password"
        maxLength={ACCOUNT_LIMITS.passwordMax}
        required
        visible={visible}
        onVisibilityChange={setVisible}
        error={passwordError}
      />
      <PasswordInput
        {...repeat}
        label={repeatLabel}
        autoComplete="new-password"
        maxLength={ACCOUNT_LIMITS.passwordMax}
        required
        visible={visible}
        onVisibilityChange={setVisible}
        error={repeatError}
      />
      <Checkbox
        label={toggleLabel}
        checked={visible}
        onChange={(event) => setVisible(event.currentTarget.checked)}
      />
    </Stack>
  );
}
