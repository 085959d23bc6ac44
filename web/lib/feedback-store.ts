import { useSyncExternalStore } from 'react';

/** One entry of the global error list. */
export interface ReportedError {
  id: number;
  /** Shown as the alert title, followed by "Error" (e.g. "Permission Error"). */
  errorType: string;
  /** The category the failure belongs to (profiles, user, organizations…). */
  type: string;
  message: string;
}

export interface SuccessNotice {
  subject: string;
  message: string;
}

interface FeedbackState {
  inFlight: number;
  errors: ReportedError[];
  success: SuccessNotice | null;
}

/** How long the success banner stays up. */
export const SUCCESS_ALERT_MS = 3000;
const MAX_ERRORS = 20;

let state: FeedbackState = { inFlight: 0, errors: [], success: null };
let nextErrorId = 1;
let successTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function update(next: Partial<FeedbackState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

/**
 * The page-wide feedback: the number of requests in flight (drives the loading overlay), the
 * success banner and the error list. Kept outside React so the fetch wrapper can report to it.
 */
export const feedback = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: (): FeedbackState => state,

  requestStarted(): void {
    update({ inFlight: state.inFlight + 1 });
  },
  requestFinished(): void {
    update({ inFlight: Math.max(0, state.inFlight - 1) });
  },

  /** A global error also resets the loading counter, so a failed request never leaves a spinner. */
  reportError(error: Omit<ReportedError, 'id'>): void {
    const entry = { ...error, id: nextErrorId++ };
    update({ errors: [...state.errors, entry].slice(-MAX_ERRORS), inFlight: 0 });
  },
  dismissError(id: number): void {
    update({ errors: state.errors.filter((e) => e.id !== id) });
  },

  showSuccess(notice: SuccessNotice): void {
    clearTimeout(successTimer);
    update({ success: notice });
    successTimer = setTimeout(() => update({ success: null }), SUCCESS_ALERT_MS);
  },

  /** For tests: back to the initial state. */
  reset(): void {
    clearTimeout(successTimer);
    state = { inFlight: 0, errors: [], success: null };
    listeners.forEach((listener) => listener());
  },
};

export function useFeedback<T>(select: (s: FeedbackState) => T): T {
  return useSyncExternalStore(feedback.subscribe, () => select(state));
}
