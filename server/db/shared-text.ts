/**
 * Long text crossing to the embedded database's thread as UTF-8 in shared memory instead of being
 * cloned into the message. `postMessage` copies a string into a buffer it grows as it writes, and
 * on a machine where touching new memory is slow that cost 17–35 ms of the request thread for the
 * 2.6 MB of a large profile's N-Triples (one statement's parameters, one piece of time no other
 * request could use); written into a buffer that was used before, the same text takes under half
 * a millisecond (docs/decisions/the-embedded-database-in-a-thread-of-its-own.md).
 */

/** Text parameters this long or longer cross in shared memory; shorter ones are cloned. */
export const SHARED_TEXT_FROM_CHARS = 64 * 1024;

/** A buffer larger than this is not kept for the next statement once its text has been read. */
const KEPT_BUFFER_MAX_BYTES = 32 * 1024 * 1024;
/** How many buffers wait for the next long text. */
const KEPT_BUFFERS = 2;

const encoder = new TextEncoder();

/**
 * `String.prototype.isWellFormed` (Node 20 on), which the project's ES2023 library does not
 * declare: native, and free for text without characters past U+00FF.
 */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** What crosses in place of the text: where its UTF-8 is, and how long. */
export interface SharedText {
  sharedText: SharedArrayBuffer;
  bytes: number;
}

export function isSharedText(value: unknown): value is SharedText {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<SharedText>).sharedText instanceof SharedArrayBuffer
  );
}

/** The text again, read by the database's thread when the statement arrives. */
export function readSharedText(value: SharedText): string {
  return Buffer.from(value.sharedText, 0, value.bytes).toString('utf8');
}

/**
 * The buffers the request thread writes long texts into. A buffer is lent for one statement and
 * given back when that statement's answer comes: the database's thread reads every text of a
 * statement as it arrives, before it answers.
 */
export class SharedTextPool {
  private readonly free: SharedArrayBuffer[] = [];

  /**
   * The text as it crosses and the buffer it was written into, or null for text that crosses as
   * it is: short text, and text that is not well-formed UTF-16 (a lone surrogate would be written
   * as U+FFFD, and the database should refuse the text as sent, not store another).
   */
  lend(text: string): { crossing: SharedText; buffer: SharedArrayBuffer } | null {
    if (text.length < SHARED_TEXT_FROM_CHARS || !wellFormed(text)) return null;
    // At most three bytes of UTF-8 for each UTF-16 unit.
    const need = text.length * 3;
    // The smallest kept buffer that fits (the list runs from the largest down).
    const at = this.free.findLastIndex((b) => b.byteLength >= need);
    const buffer = at >= 0 ? this.free.splice(at, 1)[0]! : new SharedArrayBuffer(need);
    const { written } = encoder.encodeInto(text, new Uint8Array(buffer));
    return { crossing: { sharedText: buffer, bytes: written }, buffer };
  }

  /** A buffer whose text has been read: kept for the next long text, the largest first. */
  giveBack(buffer: SharedArrayBuffer): void {
    if (buffer.byteLength > KEPT_BUFFER_MAX_BYTES) return;
    this.free.push(buffer);
    this.free.sort((a, b) => b.byteLength - a.byteLength);
    this.free.length = Math.min(this.free.length, KEPT_BUFFERS);
  }

  /** Buffers waiting (for tests). */
  get kept(): number {
    return this.free.length;
  }
}
