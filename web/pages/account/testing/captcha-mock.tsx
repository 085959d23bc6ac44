import type { CaptchaProps } from '../../../components/Captcha';

/** A payload the mocked widget hands over; the real widget runs in the end-to-end tests. */
export const SOLVED_CAPTCHA = 'c29sdmVkLWNhcHRjaGE=';

/** Stands in for the lazily loaded ALTCHA widget under jsdom. */
export function Captcha({ onChange, resetSignal, error }: CaptchaProps) {
  return (
    <div>
      <button type="button" onClick={() => onChange(SOLVED_CAPTCHA)}>
        Solve captcha
      </button>
      <span data-testid="captcha-resets">{resetSignal}</span>
      {error && <p>{error}</p>}
    </div>
  );
}
