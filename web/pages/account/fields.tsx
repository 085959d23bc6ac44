import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCOUNT_LIMITS } from '../../../common/accounts';

/** The e-mail address of an account, as every account form asks for it. */
export function EmailField({
  field,
  error,
  description,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
  description?: string;
}) {
  return (
    <TextInput
      {...field}
      label="Email"
      type="email"
      autoComplete="email"
      maxLength={ACCOUNT_LIMITS.emailMax}
      description={description}
      required
      error={error}
    />
  );
}

/** First and last name side by side (stacked on narrow screens). */
export function NameFields({
  first,
  last,
  firstError,
  lastError,
}: {
  first: UseFormRegisterReturn;
  last: UseFormRegisterReturn;
  firstError: string | undefined;
  lastError: string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        {...first}
        label="First Name"
        autoComplete="given-name"
        maxLength={ACCOUNT_LIMITS.nameMax}
        required
        error={firstError}
      />
      <TextInput
        {...last}
        label="Last Name"
        autoComplete="family-name"
        maxLength={ACCOUNT_LIMITS.nameMax}
        required
        error={lastError}
      />
    </SimpleGrid>
  );
}
