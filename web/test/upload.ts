import { vi } from 'vitest';

/**
 * One upload the app sent through `XMLHttpRequest`, held until the test answers it: the test
 * reports progress, answers, or sees it aborted.
 */
export class FakeUpload {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: string | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(private readonly sent: (upload: FakeUpload) => void) {}

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: string): void {
    this.body = body;
    this.sent(this);
  }
  abort(): void {
    if (this.aborted || this.status !== 0) return;
    this.aborted = true;
    this.onabort?.();
  }

  /** The query of the URL the upload went to. */
  get query(): URLSearchParams {
    return new URL(this.url, 'http://localhost').searchParams;
  }
  get path(): string {
    return new URL(this.url, 'http://localhost').pathname;
  }

  /** The browser says how far the body has gone (or, with no total, that it cannot tell). */
  progress(loaded: number, total?: number): void {
    this.upload.onprogress?.({
      lengthComputable: total !== undefined,
      loaded,
      total: total ?? 0,
    } as ProgressEvent);
  }

  /** The server answers. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.statusText = status < 400 ? 'OK' : 'Bad Request';
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/**
 * Replaces `XMLHttpRequest` with {@link FakeUpload}s; `next()` waits for the next upload sent.
 * Undone by `vi.unstubAllGlobals()`.
 */
export function fakeUploads() {
  const uploads: FakeUpload[] = [];
  const waiting: Array<(upload: FakeUpload) => void> = [];
  const sent = (upload: FakeUpload) => {
    uploads.push(upload);
    waiting.shift()?.(upload);
  };
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUpload {
      constructor() {
        super(sent);
      }
    },
  );
  let taken = 0;
  return {
    uploads,
    /** The next upload not yet taken, once it is sent. */
    next(): Promise<FakeUpload> {
      const index = taken++;
      const already = uploads[index];
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
