import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptAnswerSerializerCompiler } from './kept-answers';

/** A serializer for a schema that counts how often an answer is checked against it. */
function countingSerializer() {
  const checks = { count: 0 };
  const schema = z.object({ name: z.string() }).refine(() => {
    checks.count += 1;
    return true;
  });
  const serialize = keptAnswerSerializerCompiler({
    schema,
    method: 'GET',
    url: '/things',
    httpStatus: '200',
  });
  return { serialize, checks };
}

describe('keptAnswerSerializerCompiler', () => {
  it('checks and writes a frozen (kept) answer once, then sends the same text', () => {
    const { serialize, checks } = countingSerializer();
    const kept = Object.freeze({ name: 'kept' });
    expect(serialize(kept)).toBe('{"name":"kept"}');
    expect(serialize(kept)).toBe('{"name":"kept"}');
    expect(checks.count).toBe(1);
    // Another kept answer (the list after a change) is checked and written anew.
    expect(serialize(Object.freeze({ name: 'after a change' }))).toBe('{"name":"after a change"}');
    expect(checks.count).toBe(2);
  });

  it('checks and writes an answer made for one request every time', () => {
    const { serialize, checks } = countingSerializer();
    const answer = { name: 'mine' };
    serialize(answer);
    answer.name = 'changed';
    expect(serialize(answer)).toBe('{"name":"changed"}');
    expect(checks.count).toBe(2);
  });

  it('still refuses a kept answer that does not match the schema, every time it is sent', () => {
    const { serialize } = countingSerializer();
    const wrong = Object.freeze({ name: 42 });
    expect(() => serialize(wrong)).toThrow();
    expect(() => serialize(wrong)).toThrow();
  });
});
