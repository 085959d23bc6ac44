import { describe, expect, it } from 'vitest';
import { parseJsonPath } from './jsonpath.js';

const good = [
  '$',
  '$.verb.id',
  '$.actor.mbox',
  '$.context.contextActivities.grouping[*].id',
  "$.result.extensions['https://example.org/ext/place']",
  '$.result.extensions["https://example.org/ext/place"]',
  "$['object']['definition']['type']",
  '$.attachments[0].usageType',
  '$.attachments[0,1,*]',
  "$.a['b','c']",
  '$..id',
  '$..*',
  '$..[0]',
  '$.*',
  '$.a | $.b',
  '$.a|$.b|$.c[*]',
  "$['it\\'s']",
  '$.context.extensions',
];

const bad: [string, RegExp][] = [
  ['', /start with "\$"/],
  ['verb.id', /start with "\$"/],
  ['context.contextActivities.grouping[*].id', /start with "\$"/],
  ['$.a[?(@.b == 1)]', /filter/],
  ['$.a[(@.length-1)]', /script/],
  ['$.a[0:2]', /slice/],
  ['$.a[-1]', /negative/],
  ['$.a[', /expected a quoted name/],
  ["$.a['b", /unterminated/],
  ['$.a[b]', /expected a quoted name/],
  ['$.', /property name/],
  ['$.a |', /start with "\$"/],
  ['$.a $.b', /unexpected/],
  ['$.[0]', /\.\[/],
  ['$a', /unexpected/],
];

describe('parseJsonPath', () => {
  it.each(good)('accepts %s', (path) => {
    expect(parseJsonPath(path)).toMatchObject({ ok: true });
  });

  it.each(bad)('refuses %s', (path, reason) => {
    const result = parseJsonPath(path);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(reason);
  });

  it('builds a tree a later evaluator can walk', () => {
    expect(parseJsonPath("$.a[*]..b | $['c',0]")).toEqual({
      ok: true,
      paths: [
        [
          { descendant: false, selectors: [{ kind: 'name', name: 'a' }] },
          { descendant: false, selectors: [{ kind: 'wildcard' }] },
          { descendant: true, selectors: [{ kind: 'name', name: 'b' }] },
        ],
        [
          {
            descendant: false,
            selectors: [
              { kind: 'name', name: 'c' },
              { kind: 'index', index: 0 },
            ],
          },
        ],
      ],
    });
  });
});
