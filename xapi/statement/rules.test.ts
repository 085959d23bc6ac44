import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import type { Rule } from '../model/types.js';
import { compileProfile } from './compile.js';
import { statement } from './fixtures.js';
import type { RuleFailureReason } from './types.js';
import { validateStatement } from './validate-statement.js';

/** Runs one rule through the whole pipeline with a template that applies to every statement. */
function check(rule: Rule, s: JsonObject = base) {
  const result = validateStatement(s, [
    { id: 'https://example.org/t', type: 'StatementTemplate', rules: [rule] },
  ]);
  expect(result.outcome).not.toBe('not-a-statement');
  const failed = result.templates[0]!.failedRules[0];
  return {
    passed: failed === undefined,
    reasons: failed?.failures.map((f) => f.reason) ?? [],
    failed,
  };
}

const base = statement({
  context: {
    contextActivities: {
      grouping: [
        { id: 'https://example.org/g/1', definition: { type: 'https://example.org/types/course' } },
        { id: 'https://example.org/g/2' },
      ],
    },
    extensions: {
      'https://example.org/ext/tags': ['a', 'b'],
      'https://example.org/ext/obj': { x: 1, y: [2] },
    },
  },
  extra: { result: { score: { raw: 5 }, success: true } },
});

const grouping = '$.context.contextActivities.grouping[*]';
const missing = '$.result.response';
type Case = [string, Rule, boolean, RuleFailureReason[]?];

const presence: Case[] = [
  ['included, value present', { location: '$.result.success', presence: 'included' }, true],
  [
    'included, nothing found',
    { location: missing, presence: 'included' },
    false,
    ['missing-included'],
  ],
  [
    'included, selector finds nothing in one value (unmatchable)',
    { location: grouping, selector: '$.definition.type', presence: 'included' },
    false,
    ['unmatchable-included'],
  ],
  [
    'included, selector finds something in every value',
    { location: grouping, selector: '$.id', presence: 'included' },
    true,
  ],
  [
    'excluded, value present',
    { location: '$.result.success', presence: 'excluded' },
    false,
    ['present-excluded'],
  ],
  ['excluded, nothing found', { location: missing, presence: 'excluded' }, true],
  [
    'excluded, only unmatchable values',
    { location: grouping, selector: '$.definition.extensions', presence: 'excluded' },
    true,
  ],
  [
    'excluded, a matchable value next to an unmatchable one',
    { location: grouping, selector: '$.definition.type', presence: 'excluded' },
    false,
    ['present-excluded'],
  ],
  ['recommended, nothing found', { location: missing, presence: 'recommended' }, true],
  ['recommended, value present', { location: '$.result.success', presence: 'recommended' }, true],
];

const any: Case[] = [
  ['any, scalar in the list', { location: '$.result.score.raw', any: [5, 6] }, true],
  [
    'any, scalar not in the list',
    { location: '$.result.score.raw', any: [6] },
    false,
    ['any-not-matched'],
  ],
  [
    'any, same text but a different JSON type',
    { location: '$.result.score.raw', any: ['5'] },
    false,
    ['any-not-matched'],
  ],
  [
    'any, nothing found, presence absent (strict)',
    { location: missing, any: ['x'] },
    false,
    ['any-not-matched'],
  ],
  [
    'any, nothing found, recommended',
    { location: missing, presence: 'recommended', any: ['x'] },
    true,
  ],
  [
    'any, nothing found, included',
    { location: missing, presence: 'included', any: ['x'] },
    false,
    ['missing-included', 'any-not-matched'],
  ],
  [
    'any, one of several [*] values matches',
    { location: '$.context.extensions["https://example.org/ext/tags"][*]', any: ['b', 'z'] },
    true,
  ],
  [
    'any, an array found without [*] is one value',
    { location: '$.context.extensions["https://example.org/ext/tags"]', any: ['a', 'b'] },
    false,
    ['any-not-matched'],
  ],
  [
    'any, an array value equal to a listed array',
    { location: '$.context.extensions["https://example.org/ext/tags"]', any: [['a', 'b']] },
    true,
  ],
  [
    'any, objects compare deeply whatever the key order',
    { location: '$.context.extensions["https://example.org/ext/obj"]', any: [{ y: [2], x: 1 }] },
    true,
  ],
  [
    'any, objects with a different member differ',
    { location: '$.context.extensions["https://example.org/ext/obj"]', any: [{ x: 1, y: [3] }] },
    false,
    ['any-not-matched'],
  ],
  [
    'any, selected values against the list',
    {
      location: grouping,
      selector: '$.definition.type',
      presence: 'recommended',
      any: ['https://example.org/types/course'],
    },
    true,
  ],
];

const all: Case[] = [
  [
    'all, every value allowed',
    { location: '$.context.extensions["https://example.org/ext/tags"][*]', all: ['a', 'b', 'c'] },
    true,
  ],
  [
    'all, one value not allowed',
    { location: '$.context.extensions["https://example.org/ext/tags"][*]', all: ['a'] },
    false,
    ['all-value-not-allowed'],
  ],
  ['all, scalar allowed', { location: '$.result.success', all: [true] }, true],
  ['all, nothing found in strict mode', { location: missing, all: ['x'] }, true],
  [
    'all, an unmatchable value',
    {
      location: grouping,
      selector: '$.definition.type',
      all: ['https://example.org/types/course'],
    },
    false,
    ['all-unmatchable'],
  ],
  [
    'all, recommended with an unmatchable value still checks',
    {
      location: grouping,
      selector: '$.definition.type',
      presence: 'recommended',
      all: ['https://example.org/types/course'],
    },
    false,
    ['all-unmatchable'],
  ],
];

const none: Case[] = [
  [
    'none, a forbidden scalar',
    { location: '$.result.success', none: [true] },
    false,
    ['none-value-found'],
  ],
  [
    'none, no forbidden value',
    { location: '$.context.extensions["https://example.org/ext/tags"][*]', none: ['z'] },
    true,
  ],
  [
    'none, one forbidden value among [*] values',
    { location: '$.context.extensions["https://example.org/ext/tags"][*]', none: ['b'] },
    false,
    ['none-value-found'],
  ],
  ['none, nothing found', { location: missing, none: ['x'] }, true],
  [
    'none, an unmatchable value is ignored',
    { location: grouping, selector: '$.definition.type', none: ['https://example.org/other'] },
    true,
  ],
  [
    'excluded together with none on a present value',
    { location: '$.result.success', presence: 'excluded', none: [true] },
    false,
    ['present-excluded', 'none-value-found'],
  ],
];

const paths: Case[] = [
  [
    'union of paths with |',
    { location: '$.result.response | $.result.success', presence: 'included', all: [true] },
    true,
  ],
  ['recursive descent', { location: '$..raw', presence: 'included', any: [5] }, true],
  [
    'bracketed name with dots',
    { location: "$.context.extensions['https://example.org/ext/obj'].x", any: [1] },
    true,
  ],
  [
    'index selector',
    { location: '$.context.contextActivities.grouping[1].id', any: ['https://example.org/g/2'] },
    true,
  ],
  [
    'index past the end finds nothing',
    { location: '$.context.contextActivities.grouping[5].id', presence: 'included' },
    false,
    ['missing-included'],
  ],
  [
    'a path without "$" is read from the statement root',
    { location: 'result.success', presence: 'included' },
    true,
  ],
  [
    'an unusable path never passes',
    { location: '$.a[?(@.b)]', presence: 'recommended' },
    false,
    ['rule-unusable'],
  ],
  ['a rule with no check never passes', { location: '$.result' }, false, ['rule-unusable']],
];

describe('one rule (follows_rule)', () => {
  it.each([...presence, ...any, ...all, ...none, ...paths])(
    '%s',
    (_name, rule, passes, reasons) => {
      const result = check(rule);
      expect(result.passed).toBe(passes);
      if (reasons) expect(result.reasons).toEqual(reasons);
    },
  );

  it('contextActivities given as a single object is read as a one-element array', () => {
    const s = statement({
      context: {
        contextActivities: {
          parent: {
            id: 'https://example.org/p',
            definition: { type: 'https://example.org/types/p' },
          },
        },
      },
    });
    expect(
      check(
        {
          location: '$.context.contextActivities.parent[0].definition.type',
          any: ['https://example.org/types/p'],
        },
        s,
      ).passed,
    ).toBe(true);
    expect(
      check({ location: '$.context.contextActivities.parent[*].id', presence: 'included' }, s)
        .passed,
    ).toBe(true);
  });

  it('reports the location, the values found, what was required and a readable message', () => {
    const { failed } = check({
      location: '$.context.extensions["https://example.org/ext/tags"][*]',
      all: ['a'],
    });
    expect(failed).toMatchObject({
      ruleIndex: 0,
      location: '$.context.extensions["https://example.org/ext/tags"][*]',
      values: [{ value: 'a' }, { value: 'b' }],
      required: { all: ['a'] },
    });
    expect(failed!.message).toBe(
      'Rule 1 at $.context.extensions["https://example.org/ext/tags"][*]: "b" is not one of "a".',
    );
    const selected = check({
      location: grouping,
      selector: '$.definition.type',
      presence: 'included',
    }).failed!;
    expect(selected.selector).toBe('$.definition.type');
    expect(selected.values).toEqual([
      { value: 'https://example.org/types/course' },
      { unmatchable: true, locationIndex: 1 },
    ]);
  });

  it('notes rules it cannot parse as compile problems', () => {
    const compiled = compileProfile([
      {
        id: 'https://example.org/t',
        type: 'StatementTemplate',
        rules: [
          { location: 'result.success', presence: 'included' },
          { location: '$[?(@)]', presence: 'included' },
        ],
      },
    ]);
    expect(compiled.problems.map((p) => p.id)).toEqual([
      'https://example.org/t rule 1',
      'https://example.org/t rule 2',
    ]);
    expect(compiled.problems[0]!.message).toContain('lacks the leading "$"');
    expect(compiled.problems[1]!.message).toContain('filter expressions');
  });
});

describe('presence "recommended" with only unmatchable values', () => {
  // The structure document's requirement list applies any/all/none to a recommended rule only "if
  // any matchable values are in the Statement"; a selector that finds nothing yields none.
  const ext = 'http://foo.org/ext';
  const location = `$.context.extensions['${ext}'][*]`;
  const unmatchable = statement({ context: { extensions: { [ext]: [{}, {}] } } });
  const mixed = statement({ context: { extensions: { [ext]: [{ v: 'bar' }, {}] } } });

  it('passes "any": no matchable value, so the value requirements do not apply', () => {
    const rule: Rule = { location, selector: '$.v', presence: 'recommended', any: ['foo'] };
    expect(check(rule, unmatchable).passed).toBe(true);
  });

  it('passes "all" and "none" alike', () => {
    expect(
      check({ location, selector: '$.v', presence: 'recommended', all: ['foo'] }, unmatchable)
        .passed,
    ).toBe(true);
    expect(
      check({ location, selector: '$.v', presence: 'recommended', none: ['foo'] }, unmatchable)
        .passed,
    ).toBe(true);
  });

  it('still checks once a matchable value is there', () => {
    const result = check(
      { location, selector: '$.v', presence: 'recommended', any: ['foo'] },
      mixed,
    );
    expect(result.reasons).toEqual(['any-not-matched']);
    expect(result.failed!.message).toBe(
      `Rule 1 at ${location} (selector $.v): found "bar" and 1 unmatchable value, but at least one of "foo" is required.`,
    );
  });

  it('says what was found when a strict rule meets only unmatchable values', () => {
    const result = check({ location, selector: '$.v', any: ['foo'] }, unmatchable);
    expect(result.reasons).toEqual(['any-not-matched']);
    expect(result.failed!.message).toBe(
      `Rule 1 at ${location} (selector $.v): found no matchable value (2 unmatchable), but at least one of "foo" is required.`,
    );
    expect(
      check({ location, selector: '$.v', presence: 'included' }, unmatchable).failed!.message,
    ).toBe(
      `Rule 1 at ${location} (selector $.v): the selector $.v found nothing in 2 location values, and the rule requires it to be included.`,
    );
  });
});
