import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { countTurns } from '../test/loop-turns';
import { ErrorCode } from '../../common/errors';
import { JSON_TOO_MANY_KEYS_MESSAGE } from '../../common/limits';
import { BODY_PARSED_APART_CHARS, guardedJsonParser } from './json-body';

/** What the parser answered, and after how many turns of the loop. */
function parseCounting(body: string) {
  const parser = guardedJsonParser(Fastify());
  const counter = countTurns();
  return new Promise<{ error: Error | null; value: unknown; turns: number }>((resolve) => {
    parser({} as FastifyRequest, body, (error, value) => {
      counter.stopped = true;
      resolve({ error, value, turns: counter.turns });
    });
  });
}

describe('JSON bodies', () => {
  it('parses a small body in the turn it arrived in', async () => {
    const parsed = await parseCounting('{"a":[1,2]}');
    expect(parsed).toEqual({ error: null, value: { a: [1, 2] }, turns: 0 });
  });

  it('gives the loop a turn before and after parsing a large body', async () => {
    const items = Array.from({ length: 2_000 }, (_, i) => ({
      id: `item-${i}`,
      note: 'x'.repeat(30),
    }));
    const body = JSON.stringify({ items });
    expect(body.length).toBeGreaterThanOrEqual(BODY_PARSED_APART_CHARS);
    const parsed = await parseCounting(body);
    expect(parsed.error).toBeNull();
    expect(parsed.value).toEqual({ items });
    expect(parsed.turns).toBeGreaterThanOrEqual(2);
  });

  it('still refuses a large body that is not JSON, and one with too many keys', async () => {
    const broken = await parseCounting(`{"a":"${'x'.repeat(BODY_PARSED_APART_CHARS)}"`);
    expect(broken.error).toBeInstanceOf(Error);
    const keys = Array.from({ length: 200_000 }, (_, i) => `"k${i}":1`).join(',');
    const tooMany = await parseCounting(`{${keys}}`);
    // Refused by the scan, before anything was parsed: the scan's words, not the parser's.
    expect(tooMany.error).toMatchObject({
      status: 400,
      code: ErrorCode.ValidationFailed,
      message: `body: ${JSON_TOO_MANY_KEYS_MESSAGE}`,
    });
    expect(tooMany.value).toBeUndefined();
  });

  it('scans a large body in slices, and a small one at once', async () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `"k${i}":1`).join(',');
    const scanned = await parseCounting(`{${keys}}`);
    // The scan starts in a turn of its own, so the turn the body arrived in ends at once.
    expect(scanned.turns).toBeGreaterThanOrEqual(1);
    const small = await parseCounting(`{${keys.split(',').slice(0, 100).join(',')}}`);
    expect(small).toMatchObject({ error: null, turns: 0 });
  });
});
