import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../json.js';
import { parseJsonPath, type JsonPath } from '../jsonpath.js';
import { applyPaths } from './apply-path.js';

function paths(text: string): JsonPath[] {
  const parsed = parseJsonPath(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.paths;
}

const statement: JsonValue = {
  actor: { name: 'Ann', account: { name: 'ann' } },
  object: { id: 'https://example.org/a', definition: { name: { en: 'A' } } },
  context: {
    contextActivities: {
      grouping: [{ id: 'https://example.org/g1' }, { id: 'https://example.org/g2' }],
    },
    extensions: { 'https://example.org/ext/tags': ['x', 'y'] },
  },
  result: { score: { raw: 5 } },
};

describe('apply_jsonpath', () => {
  it.each([
    ['a name path', '$.result.score.raw', [5]],
    ['a missing name', '$.result.success', []],
    [
      'a wildcard over an array, in order',
      '$.context.contextActivities.grouping[*].id',
      ['https://example.org/g1', 'https://example.org/g2'],
    ],
    ['an index', '$.context.contextActivities.grouping[1].id', ['https://example.org/g2']],
    ['an index past the end', '$.context.contextActivities.grouping[2].id', []],
    [
      'an array found without [*] stays one value',
      "$.context.extensions['https://example.org/ext/tags']",
      [['x', 'y']],
    ],
    [
      'a union of selectors, in selector order',
      "$.actor['account','name']",
      [{ name: 'ann' }, 'Ann'],
    ],
    ['paths joined with |, concatenated', '$.result.score.raw | $.actor.name', [5, 'Ann']],
    ['a wildcard over an object, in document order', '$.actor[*]', ['Ann', { name: 'ann' }]],
    ['recursive descent, depth first in document order', '$..name', ['Ann', 'ann', { en: 'A' }]],
    ['recursive descent then an index', '$..grouping[0].id', ['https://example.org/g1']],
  ] as const)('%s', (_, path, expected) => {
    expect(applyPaths(statement, paths(path))).toEqual(expected);
  });

  it('selects nothing below a value that is not an object or array', () => {
    expect(applyPaths(statement, paths('$.result.score.raw.x'))).toEqual([]);
    expect(applyPaths(statement, paths('$.actor.name[0]'))).toEqual([]);
    expect(applyPaths(statement, paths('$.actor.name[*]'))).toEqual([]);
  });
});
