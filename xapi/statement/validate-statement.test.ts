import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import type { StatementTemplate } from '../model/types.js';
import { compileProfile } from './compile.js';
import {
  activityType,
  profileWith,
  statement,
  template,
  templateId,
  uuid,
  verb,
} from './fixtures.js';
import { checkStatement } from './statement-check.js';
import type { DeterminingProperty } from './types.js';
import { validateStatement } from './validate-statement.js';

const type = (name: string) => activityType(name);
const activity = (n: number, t?: string) => ({
  id: `https://example.org/activities/${n}`,
  ...(t ? { definition: { type: type(t) } } : {}),
});

const rich = statement({
  verb: verb('did'),
  objectType: type('lesson'),
  context: {
    contextActivities: {
      parent: [activity(1, 'module'), activity(2, 'course')],
      grouping: activity(3, 'program'),
      other: [activity(4, 'tool'), activity(5)],
    },
  },
  extra: {
    attachments: [
      {
        usageType: 'https://example.org/usage/cert',
        display: { en: 'c' },
        contentType: 'application/pdf',
        length: 10,
        sha2: 'ab',
      },
    ],
  },
});

type DeterminingCase = [string, Partial<StatementTemplate>, DeterminingProperty | undefined];
const determining: DeterminingCase[] = [
  ['verb equal', { verb: verb('did') }, undefined],
  ['verb different', { verb: verb('other') }, 'verb'],
  ['object activity type equal', { objectActivityType: type('lesson') }, undefined],
  ['object activity type different', { objectActivityType: type('quiz') }, 'objectActivityType'],
  [
    'parent types: statement has a superset',
    { contextParentActivityType: [type('course')] },
    undefined,
  ],
  [
    'parent types: all listed present',
    { contextParentActivityType: [type('course'), type('module')] },
    undefined,
  ],
  [
    'parent types: one missing',
    { contextParentActivityType: [type('course'), type('unit')] },
    'contextParentActivityType',
  ],
  [
    'grouping given as a single object counts as an array',
    { contextGroupingActivityType: [type('program')] },
    undefined,
  ],
  [
    'other types: an activity without a definition is skipped',
    { contextOtherActivityType: [type('tool')] },
    undefined,
  ],
  [
    'category types: none in the statement',
    { contextCategoryActivityType: [type('tool')] },
    'contextCategoryActivityType',
  ],
  [
    'attachment usage type present',
    { attachmentUsageType: ['https://example.org/usage/cert'] },
    undefined,
  ],
  [
    'attachment usage type missing',
    { attachmentUsageType: ['https://example.org/usage/other'] },
    'attachmentUsageType',
  ],
  [
    'first failing property is reported',
    { verb: verb('did'), objectActivityType: type('quiz'), contextParentActivityType: [type('x')] },
    'objectActivityType',
  ],
];

describe('determining properties', () => {
  it.each(determining)('%s', (_name, properties, failing) => {
    const t: StatementTemplate = { id: templateId('t'), type: 'StatementTemplate', ...properties };
    const result = validateStatement(rich, [t]);
    const evaluation = result.templates[0]!;
    expect(evaluation.applies).toBe(failing === undefined);
    expect(evaluation.mismatch?.property).toBe(failing);
    expect(result.outcome).toBe(failing === undefined ? 'success' : 'unmatched');
  });

  it('says what was expected and what was found', () => {
    const result = validateStatement(rich, [template('other')]);
    const mismatch = result.templates[0]!.mismatch!;
    expect(mismatch).toMatchObject({
      property: 'verb',
      expected: verb('other'),
      found: [verb('did')],
    });
    expect(mismatch.message).toBe(`verb: the verb is "${verb('did')}", not "${verb('other')}".`);
    expect(JSON.parse(JSON.stringify(mismatch))).toEqual({
      property: 'verb',
      expected: verb('other'),
      found: [verb('did')],
      message: mismatch.message,
    });
    const parents = validateStatement(rich, [
      { id: templateId('p'), type: 'StatementTemplate', contextParentActivityType: [type('unit')] },
    ]);
    expect(parents.templates[0]!.mismatch!.message).toBe(
      `contextParentActivityType: the parent context activities' types are ["${type('module')}", "${type('course')}"]; "${type('unit')}" is not among them.`,
    );
  });

  it('an object that is not an activity has no activity type', () => {
    const s = statement({
      extra: {
        object: {
          objectType: 'Agent',
          mbox: 'mailto:x@example.org',
          definition: { type: type('lesson') },
        },
      },
    });
    const result = validateStatement(s, [
      { id: templateId('t'), type: 'StatementTemplate', objectActivityType: type('lesson') },
    ]);
    expect(result.outcome).toBe('unmatched');
  });

  it('finds the same templates through the verb index as by checking every template', () => {
    const templates: StatementTemplate[] = [
      template('did', { objectActivityType: type('lesson') }),
      template('did'),
      { id: templateId('any-verb'), type: 'StatementTemplate', objectActivityType: type('lesson') },
      { id: templateId('anything'), type: 'StatementTemplate' },
      template('did', { id: templateId('quiz'), objectActivityType: type('quiz') }),
      template('other'),
    ];
    const result = validateStatement(rich, templates);
    expect(result.matched).toEqual([
      templateId('did'),
      templateId('did'),
      templateId('any-verb'),
      templateId('anything'),
    ]);
    expect(result.templates.map((t) => t.mismatch?.property)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      'objectActivityType',
      'verb',
    ]);
  });
});

describe('the outcome of validates', () => {
  const passing = template('did', { rules: [{ location: '$.actor', presence: 'included' }] });
  const failing = template('did', {
    id: templateId('strict'),
    rules: [{ location: '$.result', presence: 'included' }],
  });
  const elsewhere = template('other');

  it('success lists every template that applied and passed', () => {
    const r = validateStatement(rich, [passing, elsewhere]);
    expect(r).toMatchObject({ outcome: 'success', matched: [templateId('did')], failed: [] });
  });

  it('invalid as soon as one applicable template fails, even if another passes', () => {
    const r = validateStatement(rich, [passing, failing, elsewhere]);
    expect(r).toMatchObject({
      outcome: 'invalid',
      matched: [templateId('did')],
      failed: [templateId('strict')],
    });
    expect(r.templates[1]!.failedRules[0]!.message).toBe(
      'Rule 1 at $.result: nothing was found, and the rule requires it to be included.',
    );
  });

  it('unmatched when no template applies', () => {
    expect(validateStatement(rich, [elsewhere])).toMatchObject({
      outcome: 'unmatched',
      matched: [],
      failed: [],
    });
    expect(validateStatement(rich, [])).toMatchObject({ outcome: 'unmatched' });
  });

  it('accepts a profile, a template list or a compiled profile alike', () => {
    const profile = profileWith([passing, elsewhere]);
    const compiled = compileProfile(profile);
    expect(compileProfile(profile)).toBe(compiled);
    for (const input of [profile, [passing, elsewhere], compiled]) {
      expect(validateStatement(rich, input).matched).toEqual([templateId('did')]);
    }
  });
});

describe('StatementRef templates', () => {
  const target = statement({ verb: verb('placed') });
  const other = statement({ verb: verb('other') });
  const placed = template('placed');
  const confirmed = template('confirmed', { objectStatementRefTemplate: [templateId('placed')] });
  const contextual = template('commented', { contextStatementRefTemplate: [templateId('placed')] });
  const templates = [placed, confirmed, contextual, template('other')];
  const ref = (s: JsonObject) => ({ objectType: 'StatementRef', id: s.id as string });
  const confirming = (s: JsonObject) =>
    statement({ verb: verb('confirmed'), extra: { object: ref(s) } });
  const commenting = (s: JsonObject) =>
    statement({ verb: verb('commented'), context: { statement: ref(s) } });
  const lookup = (id: string) => [target, other].find((s) => s.id === id);

  it.each([
    [
      'object ref, no lookup: not checked, passes',
      confirming(target),
      undefined,
      'not-checked',
      'success',
    ],
    ['object ref to a matching statement', confirming(target), lookup, 'passed', 'success'],
    [
      'object ref to a statement of another template',
      confirming(other),
      lookup,
      'failed',
      'invalid',
    ],
    [
      'object ref to an unknown statement: passes',
      confirming({ id: uuid(999_999) }),
      lookup,
      'not-found',
      'success',
    ],
    [
      'object is not a StatementRef',
      statement({ verb: verb('confirmed') }),
      lookup,
      'failed',
      'invalid',
    ],
    ['context ref, no lookup', commenting(target), undefined, 'not-checked', 'success'],
    ['context ref to a matching statement', commenting(target), lookup, 'passed', 'success'],
    [
      'context ref to a statement of another template',
      commenting(other),
      lookup,
      'failed',
      'invalid',
    ],
    [
      'no context statement',
      statement({ verb: verb('commented') }),
      undefined,
      'failed',
      'invalid',
    ],
  ] as const)('%s', (_name, s, lookupStatement, status, outcome) => {
    const r = validateStatement(s, templates, lookupStatement ? { lookupStatement } : {});
    expect(r.outcome).toBe(outcome);
    const evaluation = r.templates.find((t) => t.applies)!;
    expect(evaluation.statementRefs).toHaveLength(1);
    expect(evaluation.statementRefs[0]!.status).toBe(status);
  });

  it('ends a chain of references that loops back', () => {
    const a = statement({ verb: verb('confirmed') });
    const b = statement({ verb: verb('confirmed'), extra: { object: ref(a) } });
    a.object = ref(b);
    const r = validateStatement(a, templates, {
      lookupStatement: (id) => [a, b].find((s) => s.id === id),
    });
    expect(r.outcome).toBe('invalid');
  });
});

describe('xAPI basics come first', () => {
  const good = statement();
  const cases: [string, JsonObject, string][] = [
    ['missing actor', { ...good, actor: undefined as never }, '/actor'],
    ['missing verb', { ...good, verb: undefined as never }, '/verb'],
    ['missing object', { ...good, object: undefined as never }, '/object'],
    ['verb id not an IRI', { ...good, verb: { id: 'did' } }, '/verb/id'],
    ['statement id not a UUID', { ...good, id: '1234' }, '/id'],
    ['agent without identifier', { ...good, actor: { name: 'x' } }, '/actor'],
    [
      'agent with two identifiers',
      { ...good, actor: { mbox: 'mailto:a@b.c', openid: 'https://a.example' } },
      '/actor',
    ],
    ['bad mbox', { ...good, actor: { mbox: 'a@b.c' } }, '/actor/mbox'],
    ['object activity id not an IRI', { ...good, object: { id: 'lesson 1' } }, '/object/id'],
    [
      'activity type not an IRI',
      { ...good, object: { id: 'https://a.example', definition: { type: 'lesson' } } },
      '/object/definition/type',
    ],
    [
      'StatementRef id not a UUID',
      { ...good, object: { objectType: 'StatementRef', id: 'abc' } },
      '/object/id',
    ],
    [
      'unknown objectType',
      { ...good, object: { objectType: 'Thing', id: 'https://a.example' } },
      '/object/objectType',
    ],
    ['result.success not a boolean', { ...good, result: { success: 'yes' } }, '/result/success'],
    [
      'scaled score out of range',
      { ...good, result: { score: { scaled: 2 } } },
      '/result/score/scaled',
    ],
    ['bad duration', { ...good, result: { duration: '10 minutes' } }, '/result/duration'],
    [
      'registration not a UUID',
      { ...good, context: { registration: 'r1' } },
      '/context/registration',
    ],
    [
      'unknown kind of context activity',
      { ...good, context: { contextActivities: { sibling: [] } } },
      '/context/contextActivities/sibling',
    ],
    [
      'extension key not an IRI',
      { ...good, context: { extensions: { tag: 1 } } },
      '/context/extensions/tag',
    ],
    [
      'account homePage not an IRI',
      { ...good, actor: { account: { homePage: 'example', name: 'a' } } },
      '/actor/account/homePage',
    ],
    [
      'verb display not a language map',
      { ...good, verb: { id: 'https://a.example/did', display: 'did' } },
      '/verb/display',
    ],
    [
      'activity name not a language map',
      { ...good, object: { id: 'https://a.example', definition: { name: ['lesson'] } } },
      '/object/definition/name',
    ],
    [
      'activity moreInfo not an IRI',
      { ...good, object: { id: 'https://a.example', definition: { moreInfo: 'more' } } },
      '/object/definition/moreInfo',
    ],
    [
      'result extensions not an object',
      { ...good, result: { extensions: ['x'] } },
      '/result/extensions',
    ],
    [
      'activity extension key not an IRI',
      { ...good, object: { id: 'https://a.example', definition: { extensions: { 'a/b': 1 } } } },
      '/object/definition/extensions/a~1b',
    ],
    [
      'context statement id not a UUID',
      { ...good, context: { statement: { objectType: 'StatementRef', id: 'x' } } },
      '/context/statement/id',
    ],
    ['bad timestamp', { ...good, timestamp: 'yesterday' }, '/timestamp'],
    [
      'attachment without usageType',
      { ...good, attachments: [{ contentType: 'text/plain', length: 1, sha2: 'a' }] },
      '/attachments/0/usageType',
    ],
  ];

  it.each(cases)('%s', (_name, s, path) => {
    const cleaned = JSON.parse(JSON.stringify(s)) as JsonObject;
    const problems = checkStatement(cleaned);
    expect(problems.map((p) => p.path)).toContain(path);
    const r = validateStatement(cleaned, [template('did')]);
    expect(r).toMatchObject({ outcome: 'not-a-statement', templates: [] });
  });

  it('a well-formed statement has no problems, including groups and substatements', () => {
    expect(checkStatement(good)).toEqual([]);
    const sub = {
      ...good,
      actor: { objectType: 'Group', member: [{ mbox: 'mailto:a@example.org' }] },
      object: {
        objectType: 'SubStatement',
        actor: { account: { homePage: 'https://a.example', name: 'x' } },
        verb: { id: verb('did') },
        object: { objectType: 'Agent', mbox_sha1sum: 'a'.repeat(40) },
      },
      timestamp: '2026-01-01T10:00:00.123+02:00',
      result: { duration: 'PT1H30M', score: { scaled: 0.5 } },
    };
    expect(checkStatement(sub)).toEqual([]);
  });

  it('something that is not an object is not a statement', () => {
    expect(validateStatement('hello', [])).toMatchObject({
      outcome: 'not-a-statement',
      statementProblems: [
        { path: '', message: 'A statement must be a JSON object, but this is the string "hello".' },
      ],
    });
  });
});

describe('UUIDs: xAPI takes every version of RFC 4122 variant 2', () => {
  const good = statement();
  // Version digits 0, 1, 4, 8, and f: xAPI requires the form and the variant, not a version.
  const taken = [
    '00000000-0000-0000-8000-000000000000',
    '6f2f0b4e-2f69-1a7d-9c0e-5f1b8e6f1c2d',
    '6F2F0B4E-2F69-4A7D-AC0E-5F1B8E6F1C2D',
    '6f2f0b4e-2f69-8a7d-bc0e-5f1b8e6f1c2d',
    '6f2f0b4e-2f69-fa7d-9c0e-5f1b8e6f1c2d',
  ];
  const placed = (id: string): JsonObject[] => [
    { ...good, id },
    { ...good, context: { registration: id } },
    { ...good, object: { objectType: 'StatementRef', id } },
    { ...good, context: { statement: { objectType: 'StatementRef', id } } },
  ];

  it.each(taken)('%s is a UUID as statement id, registration and StatementRef id', (id) => {
    for (const s of placed(id)) expect(checkStatement(s)).toEqual([]);
  });

  it('refuses a variant digit other than 8, 9, a or b, and says so', () => {
    for (const s of placed('6f2f0b4e-2f69-4a7d-cc0e-5f1b8e6f1c2d')) {
      const problems = checkStatement(s);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toContain(
        'the variant digit (first of the fourth group) must be 8, 9, a or b',
      );
    }
  });

  it('refuses what is not in the 8-4-4-4-12 form, and says so', () => {
    for (const id of [
      '1234',
      '6f2f0b4e2f694a7d9c0e5f1b8e6f1c2d',
      '6f2f0b4e-2f69-4a7d-9c0e-5f1b8e6f1c2g',
    ]) {
      const problems = checkStatement({ ...good, id });
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toContain(
        '32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, joined by hyphens',
      );
    }
  });

  it('names where a problem is with a JSON Pointer, escaping "~" and "/" in names', () => {
    const problems = checkStatement({
      ...good,
      context: { extensions: { 'not/an~iri': 1 }, contextActivities: { other: [{ id: 'x' }] } },
    });
    expect(problems.map((p) => p.path).sort()).toEqual([
      '/context/contextActivities/other/0/id',
      '/context/extensions/not~1an~0iri',
    ]);
  });

  it('takes exactly what the 8-4-4-4-12 pattern with a variant digit takes', () => {
    const form = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const expected = (id: string) => form.test(id) && '89abAB'.includes(id[19]!);
    // UUIDs, and UUIDs with one character changed to a near miss: a hyphen, g, G, '/', ':', '@',
    // '`', or a character outside ASCII whose low byte is a hex digit's.
    const misses = ['-', 'g', 'G', '/', ':', '@', '`', '\u0130', '\u0161', 'A', '0'];
    const ids = fc.oneof(
      fc.uuid(),
      fc
        .tuple(fc.uuid(), fc.nat(36), fc.constantFrom(...misses), fc.boolean())
        .map(
          ([id, at, miss, upper]) =>
            (upper ? id.toUpperCase() : id).slice(0, at) + miss + id.slice(at + 1),
        ),
      fc.string({ minLength: 35, maxLength: 37 }),
    );
    fc.assert(
      fc.property(ids, (id) => {
        expect(checkStatement({ ...good, id }).length === 0, id).toBe(expected(id));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('use of the profile outside templates', () => {
  const ext = (name: string) => `https://example.org/xapi/extensions/${name}`;
  const concept = (
    name: string,
    type: 'ContextExtension' | 'ResultExtension' | 'ActivityExtension',
  ) => ({
    id: ext(name),
    type,
    inScheme: 'https://example.org/xapi/profile/v1',
    prefLabel: { en: name },
    definition: { en: name },
  });
  const profile = {
    ...profileWith([template('did')]),
    concepts: [
      concept('ctx', 'ContextExtension'),
      concept('res', 'ResultExtension'),
      concept('act', 'ActivityExtension'),
    ],
  };

  it.each([
    [
      'each extension in its place',
      {
        context: { extensions: { [ext('ctx')]: 1 } },
        result: { extensions: { [ext('res')]: 1 } },
        object: { id: 'https://example.org/a', definition: { extensions: { [ext('act')]: 1 } } },
      },
      [],
    ],
    [
      'a ResultExtension in context.extensions',
      { context: { extensions: { [ext('res')]: 1 } } },
      [`/context/extensions/${ext('res').replace(/\//g, '~1')}`],
    ],
    [
      'a ContextExtension in result.extensions',
      { result: { extensions: { [ext('ctx')]: 1 } } },
      [`/result/extensions/${ext('ctx').replace(/\//g, '~1')}`],
    ],
    [
      'a ContextExtension in an activity definition',
      { object: { id: 'https://example.org/a', definition: { extensions: { [ext('ctx')]: 1 } } } },
      [`/object/definition/extensions/${ext('ctx').replace(/\//g, '~1')}`],
    ],
    [
      'an activity with @context',
      {
        context: {
          contextActivities: {
            other: [
              {
                id: 'https://example.org/o',
                definition: { '@context': 'https://w3id.org/xapi/profiles/activity-context' },
              },
            ],
          },
        },
      },
      ['/context/contextActivities/other/0/definition/@context'],
    ],
    [
      'extensions the profile does not define',
      { context: { extensions: { 'https://elsewhere.example/x': 1 } } },
      [],
    ],
  ] as const)('%s', (_name, extra, paths) => {
    const r = validateStatement(
      statement({ category: false, extra: extra as unknown as JsonObject }),
      profile,
    );
    expect(r.outcome).toBe('success');
    expect(r.profileProblems.map((p) => p.path)).toEqual(paths);
  });

  it('says where the extension belongs', () => {
    const r = validateStatement(
      statement({ extra: { result: { extensions: { [ext('ctx')]: 1 } } } }),
      profile,
    );
    expect(r.profileProblems[0]!.message).toBe(
      `"${ext('ctx')}" is a ContextExtension of the profile: it belongs in context.extensions.`,
    );
  });
});

describe('what followed rules found', () => {
  const scored = template('did', {
    rules: [
      { location: '$.result.score.raw', presence: 'included' },
      { location: '$.result.success', presence: 'excluded' },
      { location: '$.verb.id', presence: 'included', any: ['https://example.org/none'] },
    ],
  });
  const s = statement({ verb: verb('did'), extra: { result: { score: { raw: 7 } } } });

  it('reports the values of followed rules when asked, beside the failures', () => {
    const [evaluation] = validateStatement(s, [scored], { passedRuleValues: true }).templates;
    expect(evaluation!.passedRules).toEqual([
      { ruleIndex: 0, values: [{ value: 7 }] },
      { ruleIndex: 1, values: [] },
    ]);
    expect(evaluation!.failedRules.map((r) => r.ruleIndex)).toEqual([2]);
  });

  it('keeps batches lean: nothing about followed rules unless asked', () => {
    const [evaluation] = validateStatement(s, [scored]).templates;
    expect(evaluation!.passedRules).toBeUndefined();
  });
});
