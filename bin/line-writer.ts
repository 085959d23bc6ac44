/**
 * Lines of text written out in blocks of bytes: each line is encoded once, straight into a block
 * that is reused while the output takes every block whole.
 *
 * Joining a few hundred lines into one string and handing it to stdout copied every byte three
 * more times (the join, flattening it to count its UTF-8 length, the encoding), and each joined
 * block was a fresh large object of V8's heap, mapped and unmapped by the kernel: together about
 * a third of `xapi-profile simulate`'s time through the command line.
 */

import { fstatSync } from 'node:fs';

/**
 * Takes a block of whole lines. Answers true when the bytes were written out before it returned
 * (so the block may be filled again), false when the output keeps them to write later.
 */
export type BlockSink = (bytes: Uint8Array) => boolean;

/** Bytes in a block; a longer line gets a block of its own size. */
export const BLOCK_BYTES = 1 << 20;

/**
 * Bytes in a block written into a pipe or a socket: what a Linux pipe holds by default. Node.js
 * writes to pipes synchronously, so a larger block kept the writer waiting in `write` while the
 * reader drained it 64 KiB at a time, and making statements and reading them took turns instead
 * of running side by side (100,000 simulated statements into `wc -l`: 20–25% less time with
 * 64 KiB blocks). Into a file or /dev/null the larger block stays a little faster (fewer calls).
 */
export const PIPE_BLOCK_BYTES = 1 << 16;

/** The block size for what the file descriptor is: a pipe or socket, or anything else. */
export function blockBytesFor(fd: number): number {
  try {
    const stats = fstatSync(fd);
    return stats.isFIFO() || stats.isSocket() ? PIPE_BLOCK_BYTES : BLOCK_BYTES;
  } catch {
    return BLOCK_BYTES;
  }
}

export class LineWriter {
  private block: Buffer;
  private used = 0;

  constructor(
    private readonly sink: BlockSink,
    private readonly blockBytes = BLOCK_BYTES,
  ) {
    this.block = Buffer.allocUnsafeSlow(blockBytes);
  }

  /**
   * Adds one line; `line` holds no line break. Writes the block first when the line would not fit,
   * and then answers true (a caller may wait for the output to drain).
   */
  add(line: string): boolean {
    // UTF-8 needs at most three bytes for each UTF-16 code unit, and one for the line break.
    const most = line.length * 3 + 1;
    let wrote = false;
    if (this.used + most > this.block.length) {
      wrote = this.flush();
      if (most > this.block.length) this.block = Buffer.allocUnsafeSlow(most);
    }
    this.used += this.block.write(line, this.used, 'utf8');
    this.block[this.used++] = 0x0a;
    return wrote;
  }

  /** Writes what the block holds; answers whether there was anything to write. */
  flush(): boolean {
    if (this.used === 0) return false;
    const written = this.sink(this.block.subarray(0, this.used));
    this.used = 0;
    if (!written || this.block.length !== this.blockBytes) {
      this.block = Buffer.allocUnsafeSlow(this.blockBytes);
    }
    return true;
  }
}

/**
 * A sink for an output that takes text: each block as one string, without its last line break
 * (`out` adds one), as the command's tests and other callers see it.
 */
export function textSink(out: (text: string) => void): BlockSink {
  return (bytes) => {
    out(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength - 1).toString('utf8'));
    return true;
  };
}

/** A sink for a Node.js stream such as stdout, which writes files and pipes at once on Linux. */
export function streamSink(stream: NodeJS.WritableStream & { writableLength: number }): BlockSink {
  return (bytes) => {
    stream.write(bytes);
    // Nothing left in the stream's queue: the bytes went out before `write` returned.
    return stream.writableLength === 0;
  };
}
