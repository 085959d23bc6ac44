import 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useEffectEvent, useRef } from 'react';

interface StateChangeDetail {
  state: string;
  payload?: string;
}

export interface CaptchaWidgetProps {
  challengeUrl: string;
  onChange: (payload: string) => void;
  resetSignal: number;
  invalid: boolean;
}

/**
 * The `<altcha-widget>` element, loaded on demand. It reports its payload (the base64 string it
 * also puts in its hidden `altcha` field) through `statechange`; only the verified state counts.
 */
export default function CaptchaWidget({
  challengeUrl,
  onChange,
  resetSignal,
  invalid,
}: CaptchaWidgetProps) {
  const widget = useRef<HTMLElementTagNameMap['altcha-widget']>(null);
  const report = useEffectEvent((payload: string) => onChange(payload));

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      report(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  const lastReset = useRef(resetSignal);
  useEffect(() => {
    if (lastReset.current === resetSignal) return;
    lastReset.current = resetSignal;
    // `reset` exists once the element has upgraded; before that there is nothing to undo.
    if (typeof widget.current?.reset === 'function') widget.current.reset();
    report('');
  }, [resetSignal]);

  return (
    <altcha-widget
      ref={widget}
      challenge={challengeUrl}
      aria-invalid={invalid || undefined}
      style={{
        '--altcha-max-width': '100%',
        '--altcha-border-radius': 'var(--mantine-radius-md)',
        '--altcha-border-color': invalid
          ? 'var(--mantine-color-error)'
          : 'var(--mantine-color-default-border)',
        '--altcha-color-primary': 'var(--mantine-primary-color-filled)',
        display: 'block',
      }}
    />
  );
}
