import { Checkbox } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';

/**
 * A form's yes/no field: a Mantine checkbox bound to a boolean of a react-hook-form form. An unset
 * value shows as `whenUnset` (an "Enabled" box starts ticked before its value is known).
 */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  disabled,
  whenUnset = false,
  deps,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean | undefined>;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  whenUnset?: boolean;
  /** Fields checked again when this one changes. */
  deps?: RegisterOptions<T>['deps'];
}) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field }) => (
        <Checkbox
          label={label}
          description={description}
          checked={field.value ?? whenUnset}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          disabled={disabled}
        />
      )}
    />
  );
}
