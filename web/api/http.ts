import { IF_MATCH_HEADER, ifMatch } from '../../common/if-match';
import { feedback } from '../lib/feedback-store';

/** A failed call, carrying the status and whatever message the server gave. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The server could not be reached at all. */
export class NetworkError extends Error {
  constructor(override readonly cause: unknown) {
    super('Could not reach the server. Check your connection and try again.');
    this.name = 'NetworkError';
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Told of every 401: the session this page thinks it has may be gone (`useSessionWatch`). */
export const sessionEvents = new EventTarget();
export const UNAUTHORIZED = 'unauthorized';

const SAFE_METHODS: ReadonlySet<Method> = new Set(['GET']);
export const PERMISSION_DENIED_MESSAGE = 'Something went wrong: Permission Denied';

let csrfToken: Promise<string> | null = null;

async function fetchCsrfToken(): Promise<string> {
  const response = await fetch('/app/csrf', { credentials: 'same-origin' });
  if (!response.ok) throw new HttpError(response.status, 'Could not obtain a CSRF token.', null);
  const body = (await response.json()) as { token: string };
  return body.token;
}

function csrf(): Promise<string> {
  csrfToken ??= fetchCsrfToken().catch((error: unknown) => {
    csrfToken = null;
    throw error;
  });
  return csrfToken;
}

/**
 * A write lock's own URL (`…/lock`). Its calls run in the background of an edit screen, which
 * shows their outcome itself: they never cover the page, and their 409 is no 'Permission Denied'.
 */
const isLockUrl = (url: string) => /\/lock(?:\?|$)/.test(url);

/** Giving a lock up is best effort: it never throws, and its failure is nobody's business. */
const isRelease = (method: Method, url: string) =>
  url.includes('/unlock') || (method === 'DELETE' && isLockUrl(url));

/** Forgets the cached token: the server binds it to the session, so a new session needs another. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/**
 * Calls after which this browser has another session or none (signing in, validating an account,
 * which signs in, signing out, resetting a password, which ends every session of the account):
 * the token bound to the old one is refused from then on.
 */
const changesSession = (url: string) =>
  /^\/app\/user\/(?:login|validate|logout|reset)(?:\?|$)/.test(url);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const { message, err } = body as { message?: unknown; err?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof err === 'string' && err !== '') return err;
  }
  return undefined;
}

/** What a call may say besides its body. */
export interface RequestOptions {
  /**
   * The revision the change is based on (the `revision` of the answer its form was filled
   * from): sent as If-Match, so the server refuses it (409 EDIT_CONFLICT) when someone saved
   * in between instead of overwriting their work.
   */
  basedOn?: string | undefined;
}

async function send(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.basedOn !== undefined) headers[IF_MATCH_HEADER] = ifMatch(options.basedOn);
  if (!SAFE_METHODS.has(method)) headers['x-csrf-token'] = await csrf();
  return fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/**
 * The one way the web app calls its server. 200–399 answers their body; 409 answers its body
 * too (and says 'Permission Denied' after a POST or PUT, unless the screen explains the refusal
 * itself: {@link conflictShownInline}); 401 raises the global permission error;
 * anything else throws the server's message, else the status text. Releasing a write lock
 * (DELETE of a `/lock` URL, or any `/unlock` URL) never throws: it is best effort; and lock calls
 * neither show the loading overlay nor turn a 409 into 'Permission Denied'. A network failure is
 * logged and thrown as NetworkError.
 */
export function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const call: Promise<T> = run<T>(method, url, body, options, () => explainedConflicts.has(call));
  return call;
}

/** Calls whose 409 the screen that made them explains next to the form. */
const explainedConflicts = new WeakSet<Promise<unknown>>();

/**
 * Marks a call whose refusal (409) the screen shows itself, next to what the person did: the
 * global 'Permission Denied' banner would only repeat it. Call it on the promise `request` (or
 * `http.*`) returned, before it settles — in the same expression, as `succeeded` does.
 */
export function conflictShownInline<T>(call: Promise<T>): Promise<T> {
  explainedConflicts.add(call);
  return call;
}

/**
 * What an answer means, whichever way it came (fetch or an upload): 200–399 give their body, 409
 * gives its body (after raising 'Permission Denied' for a POST or PUT whose screen does not
 * explain it), 401 raises the global permission error; anything else throws the server's message.
 */
function settle<T>(
  method: Method,
  url: string,
  status: number,
  statusText: string,
  payload: unknown,
  { shown, explained }: { shown: boolean; explained: boolean },
): T {
  if (status >= 200 && status < 400) {
    if (changesSession(url)) resetCsrfToken();
    return payload as T;
  }
  if (isRelease(method, url)) return payload as T;

  if (status === 409) {
    if ((method === 'POST' || method === 'PUT') && shown && !explained) {
      feedback.reportError({
        errorType: 'Permission',
        type: 'conflict',
        message: PERMISSION_DENIED_MESSAGE,
      });
    }
    return payload as T;
  }

  const message = serverMessage(payload) ?? statusText;
  if (status === 401) {
    feedback.reportError({ errorType: 'Permission', type: 'permission', message });
    sessionEvents.dispatchEvent(new Event(UNAUTHORIZED));
  }
  throw new HttpError(status, message, payload);
}

async function run<T>(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions,
  explained: () => boolean,
): Promise<T> {
  const shown = !isLockUrl(url);
  if (shown) feedback.requestStarted();
  try {
    let response: Response;
    try {
      response = await send(method, url, body, options);
      if (response.status === 403 && !SAFE_METHODS.has(method)) {
        const peek = (await response
          .clone()
          .json()
          .catch(() => null)) as { code?: string } | null;
        if (peek?.code === 'CSRF_INVALID') {
          resetCsrfToken();
          response = await send(method, url, body, options);
        }
      }
    } catch (error) {
      if (isRelease(method, url)) return undefined as T;
      console.warn(`Network failure on ${method} ${url}`, error);
      throw new NetworkError(error);
    }

    return settle<T>(method, url, response.status, response.statusText, await readBody(response), {
      shown,
      explained: explained(),
    });
  } finally {
    if (shown) feedback.requestFinished();
  }
}

/**
 * Sends a call while the page goes away (`pagehide`): `keepalive` lets the browser finish it after
 * the page is gone. It carries the CSRF token like any other change; nothing waits for it.
 */
export function sendWhileLeaving(method: Exclude<Method, 'GET'>, url: string): void {
  void csrf()
    .then((token) =>
      fetch(url, {
        method,
        headers: { accept: 'application/json', 'x-csrf-token': token },
        credentials: 'same-origin',
        keepalive: true,
      }),
    )
    .catch(() => {});
}

/** How far an upload has gone: bytes sent of the total, or null when the browser cannot tell. */
export type UploadProgress = { loaded: number; total: number } | null;

/** The person stopped an upload ({@link upload}'s signal was aborted). */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

function sendUpload(
  url: string,
  text: string,
  token: string,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal | undefined,
): Promise<{ status: number; statusText: string; payload: unknown }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.onprogress = (event) =>
      onProgress(event.lengthComputable ? { loaded: event.loaded, total: event.total } : null);
    const stop = () => xhr.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const done = () => signal?.removeEventListener('abort', stop);
    xhr.onload = () => {
      done();
      let payload: unknown = undefined;
      if (xhr.responseText !== '') {
        try {
          payload = JSON.parse(xhr.responseText) as unknown;
        } catch {
          payload = xhr.responseText;
        }
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, payload });
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCancelled());
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError(new Error(`Upload to ${url} failed`)));
    };
    xhr.send(text);
  });
}

/**
 * POSTs a text (a file's own JSON) with its upload progress, which `fetch` cannot report. The
 * answer reads as {@link request}'s does, except that the screen explains a refusal itself; no
 * loading overlay covers the page, as the screen shows the progress. Aborting `signal` stops it
 * and rejects with {@link UploadCancelled}.
 */
export async function upload<T>(
  url: string,
  text: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const onProgress = options.onProgress ?? (() => {});
  const { signal } = options;
  let answer = await sendUpload(url, text, await csrf(), onProgress, signal);
  if (
    answer.status === 403 &&
    (answer.payload as { code?: unknown } | undefined)?.code === 'CSRF_INVALID'
  ) {
    resetCsrfToken();
    answer = await sendUpload(url, text, await csrf(), onProgress, signal);
  }
  return settle<T>('POST', url, answer.status, answer.statusText, answer.payload, {
    shown: true,
    explained: true,
  });
}

export const http = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', url, body ?? {}, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', url, body ?? {}, options),
  delete: <T>(url: string, options?: RequestOptions) =>
    request<T>('DELETE', url, undefined, options),
};
