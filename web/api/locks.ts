import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorBody } from '../../common/errors';
import type { LockAnswer } from '../../common/locks';
import { HttpError, http, sendWhileLeaving } from './http';

/** What an edit screen shows while it waits for its lock, and when a refusal says nothing. */
export const LOCK_ACQUIRING_MESSAGE = 'Trying to obtain write lock.';

/** A held lock is renewed once this share of its timeout has passed, if the editor was active. */
export const RENEW_AT = 0.8;

/** What counts as the editor working on the screen. */
const ACTIVITY_EVENTS = ['input', 'keydown', 'pointerdown', 'pointermove', 'wheel'] as const;

/** After a renewal that could not reach the server, the next activity tries again this much later. */
const RETRY_RENEWAL_MS = 5000;

/**
 * `lapsed`: the lock ran out while the editor was idle; the screen keeps what was typed and says
 * so, and the lock is taken again only when the editor asks (`resume`). `failed`: it could not be
 * had (someone else holds it, or the caller may not edit), with the server's reason in `message`.
 */
export type WriteLockState = 'acquiring' | 'held' | 'lapsed' | 'failed';

export interface WriteLock {
  state: WriteLockState;
  /** Why the lock could not be had (`failed`): the server's message, else a general one. */
  message: string | null;
  /** Tries again after a failure. */
  retry: () => void;
  /** Takes a lapsed lock again ('Try to reestablish lock'). */
  resume: () => void;
}

const enc = encodeURIComponent;

/** The lock of Edit Profile Details. */
export const versionLockPath = (profileId: string, versionId: string) =>
  `/app/profile/${enc(profileId)}/version/${enc(versionId)}/lock`;

/**
 * The calls of one lock go out one after the other, so a release on leaving can never overtake
 * the acquisition before it (React mounts, unmounts and mounts again in development).
 */
const queues = new Map<string, Promise<unknown>>();

function inOrder<T>(lockPath: string, call: () => Promise<T>): Promise<T> {
  const previous = queues.get(lockPath) ?? Promise.resolve();
  const next = previous.then(call, call);
  const settled = next.catch(() => undefined);
  queues.set(lockPath, settled);
  void settled.then(() => {
    if (queues.get(lockPath) === settled) queues.delete(lockPath);
  });
  return next;
}

/** Gives a lock up; best effort, it never fails. */
export async function releaseWriteLock(lockPath: string): Promise<void> {
  await inOrder(lockPath, () => http.delete<unknown>(lockPath));
}

type Outcome =
  | { kind: 'held'; timeoutMs: number }
  /** The server said no: someone else holds it, or the caller may not edit. */
  | { kind: 'refused'; message: string }
  /** The server could not be reached or failed. */
  | { kind: 'unreachable'; message: string };

function messageOf(body: unknown): string | null {
  const message = (body as Partial<ErrorBody> | null | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

async function take(lockPath: string): Promise<Outcome> {
  try {
    const answer = await inOrder(lockPath, () => http.post<LockAnswer | ErrorBody>(lockPath));
    if (answer?.success === true)
      return { kind: 'held', timeoutMs: answer.lock.timeoutSeconds * 1000 };
    return { kind: 'refused', message: messageOf(answer) ?? LOCK_ACQUIRING_MESSAGE };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500)
      return { kind: 'refused', message: messageOf(error.body) ?? LOCK_ACQUIRING_MESSAGE };
    const message =
      error instanceof HttpError
        ? (messageOf(error.body) ?? LOCK_ACQUIRING_MESSAGE)
        : error instanceof Error
          ? error.message
          : LOCK_ACQUIRING_MESSAGE;
    return { kind: 'unreachable', message };
  }
}

interface Status {
  /** The lock and attempt this status belongs to; another one starts as `acquiring`. */
  key: string;
  state: WriteLockState;
  message: string | null;
}

/**
 * The write lock of an edit screen. Takes it on mount (`POST lockPath`); while the editor is
 * active (typing, pointing, scrolling) renews it once `RENEW_AT` of the timeout has passed, so an
 * idle screen lets it run out (`lapsed`) until the editor takes it again (`resume`), or, if
 * someone else took it meanwhile, is told who (`failed`); gives it up on unmount and when the page goes away
 * (`pagehide`, with a keepalive request), taking it again if the page comes back from the cache.
 * Times are measured from when each request was sent, so the client's lock ends no later than
 * the server's, whatever the two clocks say.
 */
export function useWriteLock(lockPath: string): WriteLock {
  const [attempt, setAttempt] = useState(0);
  const key = `${lockPath}#${attempt}`;
  const [status, setStatus] = useState<Status | null>(null);
  const resumeRef = useRef<() => void>(() => {});

  useEffect(() => {
    /** This run of the effect is still the screen's. */
    let mounted = true;
    /** A request to take the lock went out and nothing since says it was lost. */
    let mayHold = false;
    let timeoutMs = 0;
    let renewAt = 0;
    let expiresAt = 0;
    let renewing = false;
    /** The lock ran out; the next activity takes it again. */
    let lapsed = false;
    let activeSinceRenewal = false;
    let listening = false;
    let renewTimer: ReturnType<typeof setTimeout> | undefined;
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;

    const show = (state: WriteLockState, message: string | null = null) => {
      if (mounted) setStatus({ key, state, message });
    };
    const clearTimers = () => {
      clearTimeout(renewTimer);
      clearTimeout(expiryTimer);
    };
    const onActivity = () => {
      activeSinceRenewal = true;
      const now = Date.now();
      if (!renewing && !lapsed && now >= renewAt && now < expiresAt) void obtain(true);
    };
    resumeRef.current = () => {
      if (!lapsed || renewing) return;
      show('acquiring');
      void obtain(true);
    };
    const listen = (on: boolean) => {
      if (on === listening) return;
      listening = on;
      for (const type of ACTIVITY_EVENTS) {
        if (on) window.addEventListener(type, onActivity, { capture: true, passive: true });
        else window.removeEventListener(type, onActivity, { capture: true });
      }
    };
    /**
     * The lock ran out unrenewed: the editor is told, and takes it again when they choose. Taking
     * it quietly at their next keystroke would hide that someone else may have saved meanwhile.
     */
    const lapse = () => {
      clearTimers();
      listen(false);
      mayHold = false;
      lapsed = true;
      renewAt = 0;
      show('lapsed');
    };
    const schedule = (sentAt: number) => {
      clearTimers();
      renewAt = sentAt + timeoutMs * RENEW_AT;
      expiresAt = sentAt + timeoutMs;
      renewTimer = setTimeout(
        () => {
          if (activeSinceRenewal) void obtain(true);
        },
        Math.max(0, renewAt - Date.now()),
      );
      expiryTimer = setTimeout(lapse, Math.max(0, expiresAt - Date.now()));
    };

    async function obtain(renewal: boolean): Promise<void> {
      const sentAt = Date.now();
      renewing = true;
      activeSinceRenewal = false;
      mayHold = true;
      const outcome = await take(lockPath);
      renewing = false;
      if (!mounted) return;
      if (outcome.kind === 'held') {
        lapsed = false;
        timeoutMs = outcome.timeoutMs;
        schedule(sentAt);
        listen(true);
        show('held');
      } else if (!renewal) {
        mayHold = false;
        show('failed', outcome.message);
      } else if (outcome.kind === 'refused') {
        // The lock ran out on the server and someone else has it now: say who.
        clearTimers();
        listen(false);
        mayHold = false;
        lapsed = false;
        show('failed', outcome.message);
      } else {
        // Held until it runs out, if it still was; the next activity tries again, a little later.
        // A lapsed lock stays lapsed: the editor may try again.
        activeSinceRenewal = true;
        renewAt = Math.min(expiresAt, Date.now() + RETRY_RENEWAL_MS);
        if (lapsed) show('lapsed');
      }
    }

    const onPageHide = () => {
      if (!mayHold) return;
      mayHold = false;
      clearTimers();
      listen(false);
      sendWhileLeaving('DELETE', lockPath);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      show('acquiring');
      void obtain(false);
    };

    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    void obtain(false);

    return () => {
      mounted = false;
      resumeRef.current = () => {};
      clearTimers();
      listen(false);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      if (mayHold) void releaseWriteLock(lockPath);
    };
  }, [lockPath, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const resume = useCallback(() => resumeRef.current(), []);
  const current = status?.key === key ? status : null;
  return { state: current?.state ?? 'acquiring', message: current?.message ?? null, retry, resume };
}
