import { Alert, Anchor, Loader, Overlay, Stack, Text } from '@mantine/core';
import { feedback, useFeedback } from '../lib/feedback-store';
import classes from './Feedback.module.css';

/** Covers the page while any request is in flight; fades in late so quick calls do not flash. */
export function LoadingOverlay() {
  const busy = useFeedback((s) => s.inFlight > 0);
  if (!busy) return null;
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
