import { Group, Input, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

/** Where the widget fetches its proof-of-work challenge. */
export const CAPTCHA_CHALLENGE_URL = '/app/captcha/challenge';

// The widget and its workers are large; only the forms that need them load them.
const CaptchaWidget = lazy(() => import('./CaptchaWidget'));

export interface CaptchaProps {
  /** Called with the solved payload, or with '' while the widget is not (or no longer) verified. */
  onChange: (payload: string) => void;
  /**
   * Change it to put the widget back to unverified. A solution is accepted only once, so every
   * failed submission of a captcha-protected form resets it.
   */
  resetSignal: number;
  error?: string | undefined;
}

/** The human-verification step of a form: a self-hosted ALTCHA proof-of-work widget. */
export function Captcha({ onChange, resetSignal, error }: CaptchaProps) {
  return (
    <Input.Wrapper
      label="Human verification"
      labelElement="div"
      required
      error={error}
      description="Tick the box; your browser then solves a small puzzle."
    >
      <Suspense
        fallback={
          <Group gap="xs" py="sm">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading verification…
            </Text>
          </Group>
        }
      >
        <CaptchaWidget
          challengeUrl={CAPTCHA_CHALLENGE_URL}
          onChange={onChange}
          resetSignal={resetSignal}
          invalid={Boolean(error)}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
