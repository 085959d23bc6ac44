import { Alert, Anchor, Loader, Overlay, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { feedback, useFeedback } from '../lib/feedback-store';
import classes from './Feedback.module.css';

/**
 * How long a request runs before the overlay covers the page. Until then there is nothing over the
 * page: an overlay present but not yet visible took clicks that the person saw land on a link or a
 * tab, and they were lost without a sign.
 */
export const OVERLAY_DELAY_MS = 150;

/** Covers the page while any request has been in flight for a while; quick calls leave no trace. */
export function LoadingOverlay() {
  const busy = useFeedback((s) => s.inFlight > 0);
  return busy ? <DelayedOverlay /> : null;
}

/** Mounted while requests are in flight: shows the overlay once the delay has passed. */
function DelayedOverlay() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!due) return null;
  return (
    <Overlay
      fixed
      className={classes.overlay}
      backgroundOpacity={0.15}
      zIndex={400}
      data-testid="loading-overlay"
    >
      <Loader role="progressbar" aria-label="Loading" />
    </Overlay>
  );
}

export function SuccessAlert() {
  const success = useFeedback((s) => s.success);
  if (!success) return null;
  return (
    <Alert color="green" title={success.subject} role="status" className={classes.toast}>
      {success.message}
    </Alert>
  );
}

export function ErrorList() {
  const errors = useFeedback((s) => s.errors);
  if (errors.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" aria-live="polite">
      {errors.map((error) => (
        <Alert key={error.id} color="red" title={`${error.errorType} Error`} role="alert">
          <Text size="sm" fw={500}>
            {error.type}
          </Text>
          <Text size="sm">{error.message}</Text>
          <Anchor component="button" size="sm" onClick={() => feedback.dismissError(error.id)}>
            Dismiss
          </Anchor>
        </Alert>
      ))}
    </Stack>
  );
}
