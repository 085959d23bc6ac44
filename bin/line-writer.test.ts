import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import {
  BLOCK_BYTES,
  LineWriter,
  PIPE_BLOCK_BYTES,
  blockBytesFor,
  streamSink,
  textSink,
} from './line-writer';

/** A sink that copies what it is given, answering `reuse` each time. */
function copying(reuse: boolean) {
  const blocks: Uint8Array[] = [];
  const kept: Uint8Array[] = [];
  return {
    blocks,
    kept,
    sink: (bytes: Uint8Array) => {
      blocks.push(Uint8Array.from(bytes));
      kept.push(bytes);
      return reuse;
    },
  };
}

const text = (blocks: Uint8Array[]) => blocks.map((b) => Buffer.from(b).toString('utf8')).join('');

describe('LineWriter', () => {
  it('writes every line once, each ended by a line break, in blocks no larger than asked', () => {
    const { blocks, sink } = copying(true);
    const writer = new LineWriter(sink, 64);
    const lines = ['one', 'two', 'three', 'fourteen chars', 'x', 'the sixth line', 'seventh'];
    for (const line of lines) writer.add(line);
    writer.flush();
    expect(text(blocks)).toBe(lines.map((l) => `${l}\n`).join(''));
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks) expect(block.length).toBeLessThanOrEqual(64);
  });

  it('encodes characters outside ASCII and astral ones as UTF-8', () => {
    const { blocks, sink } = copying(true);
    const writer = new LineWriter(sink, 8);
    const lines = ['é', 'naïve café', '😀 ok', '中文'];
    for (const line of lines) writer.add(line);
    writer.flush();
    expect(text(blocks)).toBe(lines.map((l) => `${l}\n`).join(''));
  });

  it('gives a line longer than a block a block of its own', () => {
    const { blocks, sink } = copying(true);
    const writer = new LineWriter(sink, 8);
    const long = 'a'.repeat(50);
    writer.add('short');
    writer.add(long);
    writer.add('after');
    writer.flush();
    expect(text(blocks)).toBe(`short\n${long}\nafter\n`);
  });

  it('never fills again a block the output still holds', () => {
    const { blocks, kept, sink } = copying(false);
    const writer = new LineWriter(sink, 8);
    for (const line of ['aaaa', 'bbbb', 'cccc', 'dddd']) writer.add(line);
    writer.flush();
    // Each block handed over still reads as it did when it was handed over.
    expect(kept.map((b) => Buffer.from(b).toString())).toEqual(
      blocks.map((b) => Buffer.from(b).toString()),
    );
    expect(text(kept)).toBe('aaaa\nbbbb\ncccc\ndddd\n');
  });

  it('answers whether adding a line wrote a block', () => {
    const { sink } = copying(true);
    const writer = new LineWriter(sink, 8);
    expect(writer.add('abc')).toBe(false);
    expect(writer.add('defg')).toBe(true);
    expect(writer.flush()).toBe(true);
    expect(writer.flush()).toBe(false);
  });
});

describe('sinks', () => {
  it('hands text outputs each block without its last line break', () => {
    const out: string[] = [];
    const writer = new LineWriter(
      textSink((t) => out.push(t)),
      12,
    );
    for (const line of ['first', 'second', 'third']) writer.add(line);
    writer.flush();
    expect(out.join('\n')).toBe('first\nsecond\nthird');
  });

  it('reuses a block only when the stream kept nothing of it', async () => {
    // A stream whose writes complete later keeps each block: the writer takes a new one, and
    // what the stream writes in the end is every line as added.
    const chunks: Buffer[] = [];
    const later = new Writable({
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          chunks.push(Buffer.from(chunk));
          done();
        }, 5);
      },
    });
    const sink = streamSink(later);
    expect(sink(Buffer.from('x\n'))).toBe(false);
    const writer = new LineWriter(sink, 8);
    for (const line of ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee']) writer.add(line);
    writer.flush();
    await new Promise<void>((done) => later.end(done));
    expect(Buffer.concat(chunks).toString()).toBe('x\naaaa\nbbbb\ncccc\ndddd\neeee\n');

    // A stream that takes each write at once leaves nothing queued.
    const through = new PassThrough();
    through.resume();
    expect(streamSink(through)(Buffer.from('x\n'))).toBe(true);
  });
});

describe('blockBytesFor', () => {
  it('gives a pipe blocks of what it holds, and a file the larger blocks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xps-blocks-'));
    try {
      const file = openSync(join(dir, 'out.ndjson'), 'w');
      expect(blockBytesFor(file)).toBe(BLOCK_BYTES);
      closeSync(file);
      execFileSync('mkfifo', [join(dir, 'pipe')]);
      // Opened for reading and writing, a FIFO does not wait for a reader.
      const pipe = openSync(join(dir, 'pipe'), 'r+');
      expect(blockBytesFor(pipe)).toBe(PIPE_BLOCK_BYTES);
      closeSync(pipe);
      expect(PIPE_BLOCK_BYTES).toBeLessThan(BLOCK_BYTES);
      expect(blockBytesFor(-1)).toBe(BLOCK_BYTES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
