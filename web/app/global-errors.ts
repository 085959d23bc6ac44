import { feedback } from '../lib/feedback-store';

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string') return reason;
  return 'An unexpected error occurred.';
}

/** Unhandled exceptions and promise rejections end up in the page's error list. */
export function listenForUnhandledErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) =>
    feedback.reportError({
      errorType: 'Unexpected',
      type: 'exception',
      message: describe(event.error ?? event.message),
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    feedback.reportError({
      errorType: 'Unexpected',
      type: 'rejection',
      message: describe(event.reason),
    });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
