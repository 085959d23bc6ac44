import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Captcha } from '../../components/Captcha';

/**
 * The captcha as a form field named `captcha`: its solved payload is the field's value, and
 * bumping `resetSignal` (after a refused submit) makes the widget ask for a new solution.
 */
export function CaptchaField<T extends FieldValues & { captcha: string }>({
  control,
  resetSignal,
}: {
  control: Control<T>;
  resetSignal: number;
}) {
  return (
    <Controller
      control={control}
      name={'captcha' as Path<T>}
      render={({ field, fieldState }) => (
        <Captcha
          onChange={field.onChange}
          resetSignal={resetSignal}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
