import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.js';
import type { Pattern, Profile, Rule, StatementTemplate } from '../model/types.js';
import { compileProfile } from '../statement/compile.js';
import {
  EX,
  VERSION,
  activityType,
  pattern,
  patternId,
  profileWith,
  template,
  templateId,
  verb,
} from '../statement/fixtures.js';
import { followsPatterns } from '../statement/follow-patterns.js';
import { validateStatement } from '../statement/validate-statement.js';
import type { SimulationOptions, SimulationProblem } from './index.js';
import {
  SimulationBugError,
  SimulationError,
  generate,
  generateTraced,
  prepareSimulation,
  simulate,
} from './index.js';

/** A profile with one primary pattern over the given templates. */
function profileOf(templates: StatementTemplate[], patterns: Pattern[]): Profile {
  return {
    ...profileWith(templates, patterns),
    concepts: templates.map((t) => ({
      id: t.verb!,
      type: 'Verb' as const,
      inScheme: VERSION,
      prefLabel: { en: `did ${t.prefLabel!.en}` },
      definition: { en: 'A verb.' },
    })),
  };
}

/** One template per name, each its own verb, in a primary sequence. */
function sequenceOf(...templates: StatementTemplate[]): Profile {
  return profileOf(templates, [pattern('main', { sequence: templates.map((t) => t.id!) }, true)]);
}

function run(
  profile: Profile,
  options: SimulationOptions = {},
  others: Profile[] = [],
): JsonObject[] {
  const prepared = prepareSimulation([profile, ...others], options);
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  expect(prepared.problems).toEqual([]);
  return [...generate(prepared.plan)];
}

function problemsOf(profile: Profile, options: SimulationOptions = {}): SimulationProblem[] {
  return prepareSimulation([profile], options).problems;
}

const byVerb = (statements: JsonObject[], name: string) =>
  statements.filter((s) => (s.verb as JsonObject).id === verb(name));
const at = (value: JsonValue | undefined, ...keys: string[]): JsonValue | undefined => {
  let v = value;
  for (const k of keys)
    v = v !== null && typeof v === 'object' && !Array.isArray(v) ? v[k] : undefined;
  return v;
};
const registrations = (statements: JsonObject[]) => {
  const out = new Map<string, JsonObject[]>();
  for (const s of statements) {
    const r = at(s, 'context', 'registration') as string;
    out.set(r, [...(out.get(r) ?? []), s]);
  }
  return [...out.values()];
};
const withRules = (name: string, rules: Rule[], extra: Partial<StatementTemplate> = {}) =>
  template(name, { rules, ...extra });

describe('simulate: patterns', () => {
  it('walks a sequence in order, one registration after another, per actor', () => {
    const statements = run(sequenceOf(template('a'), template('b'), template('c')), {
      parameters: { max: 300 },
    });
    expect(statements).toHaveLength(300);
    for (const r of registrations(statements)) {
      expect(r.map((s) => (s.verb as JsonObject).id)).toEqual([verb('a'), verb('b'), verb('c')]);
    }
  });

  it('chooses one member of alternates by weight; a weight of 0 never chooses', () => {
    const profile = profileOf(
      [template('a'), template('b'), template('c')],
      [pattern('main', { alternates: [templateId('a'), templateId('b'), templateId('c')] }, true)],
    );
    const even = run(profile, { parameters: { max: 900 } });
    for (const name of ['a', 'b', 'c']) expect(byVerb(even, name).length).toBeGreaterThan(200);
    const weighted = run(profile, {
      parameters: { max: 900 },
      model: { weights: { [templateId('a')]: 8, [templateId('b')]: 1, [templateId('c')]: 0 } },
    });
    expect(byVerb(weighted, 'a').length).toBeGreaterThan(byVerb(weighted, 'b').length * 3);
    expect(byVerb(weighted, 'c')).toHaveLength(0);
  });

  it('takes an optional sometimes, with the probability of the model', () => {
    const profile = profileOf(
      [template('a'), template('b')],
      [
        pattern('main', { sequence: [templateId('a'), patternId('maybe')] }, true),
        pattern('maybe', { optional: templateId('b') }),
      ],
    );
    const half = run(profile, { parameters: { max: 600 } });
    const withB = registrations(half).filter((r) => r.length === 2).length;
    const total = registrations(half).length;
    expect(withB).toBeGreaterThan(total * 0.3);
    expect(withB).toBeLessThan(total * 0.7);
    const never = run(profile, { parameters: { max: 100 }, model: { optional: 0 } });
    expect(byVerb(never, 'b')).toHaveLength(0);
  });

  it('repeats zeroOrMore and oneOrMore within the repeat limit', () => {
    const profile = profileOf(
      [template('a'), template('b'), template('c')],
      [
        pattern('main', { sequence: [patternId('zero'), templateId('b'), patternId('one')] }, true),
        pattern('zero', { zeroOrMore: templateId('a') }),
        pattern('one', { oneOrMore: templateId('c') }),
      ],
    );
    const statements = run(profile, { parameters: { max: 2000 }, model: { repeat: 4 } });
    const counts = registrations(statements).map((r) => ({
      a: byVerb(r, 'a').length,
      c: byVerb(r, 'c').length,
    }));
    expect(Math.min(...counts.map((c) => c.a))).toBe(0);
    expect(Math.max(...counts.map((c) => c.a))).toBe(4);
    expect(Math.min(...counts.map((c) => c.c))).toBe(1);
    expect(Math.max(...counts.map((c) => c.c))).toBe(4);
    // 0 leaves a zeroOrMore out and a oneOrMore at its one turn.
    const none = run(profile, {
      parameters: { max: 500 },
      model: { repeat: { [patternId('zero')]: 0, [patternId('one')]: 0 } },
    });
    expect(none.length).toBeGreaterThan(0);
    expect(byVerb(none, 'a')).toHaveLength(0);
    for (const r of registrations(none)) expect(byVerb(r, 'c')).toHaveLength(1);
  });

  it('chooses among primary patterns by weight', () => {
    const profile = profileOf(
      [template('a'), template('b')],
      [
        pattern('first', { sequence: [templateId('a')] }, true),
        pattern('second', { sequence: [templateId('b')] }, true),
      ],
    );
    const statements = run(profile, {
      parameters: { max: 200 },
      model: { weights: { [patternId('second')]: 0 } },
    });
    expect(byVerb(statements, 'b')).toHaveLength(0);
    expect(byVerb(statements, 'a')).toHaveLength(200);
  });

  it('follows the primary patterns in every registration and validates every statement', () => {
    const profile = profileOf(
      [template('a'), template('b'), template('c')],
      [
        pattern('main', { sequence: [templateId('a'), patternId('loop'), templateId('c')] }, true),
        pattern('loop', { zeroOrMore: patternId('alt') }),
        pattern('alt', { alternates: [templateId('b'), patternId('opt')] }),
        pattern('opt', { optional: templateId('a') }),
      ],
    );
    const statements = run(profile, { parameters: { max: 1000 } });
    const compiled = compileProfile(profile);
    for (const s of statements) expect(validateStatement(s, compiled).outcome).toBe('success');
    expect(followsPatterns(statements, compiled).followed).toBe(true);
  });
});

describe('simulate: statements', () => {
  it('names the verb with its prefLabel, the version in the category and a registration', () => {
    const [s] = run(sequenceOf(template('a')), { parameters: { max: 1 } });
    expect(s!.verb).toEqual({ id: verb('a'), display: { 'en-US': 'did a' } });
    expect(at(s, 'context', 'contextActivities', 'category')).toContainEqual(
      expect.objectContaining({ id: VERSION }),
    );
    expect(at(s, 'context', 'registration')).toMatch(/^[0-9a-f-]{36}$/);
    expect(s!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('meets every determining property', () => {
    const t = template('a', {
      objectActivityType: activityType('lesson'),
      contextParentActivityType: [activityType('course')],
      contextGroupingActivityType: [activityType('program'), activityType('track')],
      contextCategoryActivityType: [activityType('tag')],
      contextOtherActivityType: [activityType('tool')],
      attachmentUsageType: [`${EX}/attachments/certificate`],
    });
    const [s] = run(sequenceOf(t), { parameters: { max: 1 } });
    const types = (kind: string) =>
      (at(s, 'context', 'contextActivities', kind) as JsonObject[]).map((a) =>
        at(a, 'definition', 'type'),
      );
    expect(at(s, 'object', 'definition', 'type')).toBe(activityType('lesson'));
    expect(types('parent')).toEqual([activityType('course')]);
    expect(types('grouping')).toEqual([activityType('program'), activityType('track')]);
    expect(types('category')).toContain(activityType('tag'));
    expect(types('other')).toEqual([activityType('tool')]);
    expect((s!.attachments as JsonObject[]).map((a) => a.usageType)).toEqual([
      `${EX}/attachments/certificate`,
    ]);
  });

  it('uses the profile activity of the object type when there is one', () => {
    const profile = sequenceOf(template('a', { objectActivityType: activityType('quiz') }));
    profile.concepts!.push({
      id: `${EX}/activities/quiz-1`,
      type: 'Activity',
      inScheme: VERSION,
      activityDefinition: {
        '@context': 'https://w3id.org/xapi/profiles/activity-context',
        type: activityType('quiz'),
        name: { en: 'Quiz one' },
      },
    });
    const [s] = run(profile, { parameters: { max: 1 } });
    expect(s!.object).toEqual({
      objectType: 'Activity',
      id: `${EX}/activities/quiz-1`,
      definition: { type: activityType('quiz'), name: { en: 'Quiz one' } },
    });
  });
});

describe('simulate: rules', () => {
  const one = (rules: Rule[], options: SimulationOptions = {}) =>
    run(sequenceOf(withRules('a', rules)), { parameters: { max: 200 }, ...options });

  it('writes what presence "included" asks for, with a value of the right shape', () => {
    const statements = one([
      { location: '$.result.score', presence: 'included' },
      { location: '$.result.duration', presence: 'included' },
      { location: '$.result.success', presence: 'included' },
      { location: '$.context.language', presence: 'included' },
    ]);
    for (const s of statements) {
      expect(at(s, 'result', 'score', 'scaled')).toBeTypeOf('number');
      expect(at(s, 'result', 'duration')).toMatch(/^PT\d+\.\d\dS$/);
      expect(at(s, 'result', 'success')).toBeTypeOf('boolean');
      expect(at(s, 'context', 'language')).toBe('en-US');
    }
  });

  it('leaves out what presence "excluded" forbids, even what it would write anyway', () => {
    const statements = one([
      { location: '$.timestamp', presence: 'excluded' },
      { location: '$.result.completion', presence: 'excluded' },
    ]);
    for (const s of statements) expect(s.timestamp).toBeUndefined();
  });

  it('writes a recommended value at the rate of the model', () => {
    const rules: Rule[] = [{ location: '$.result.response', presence: 'recommended' }];
    const always = one(rules, { model: { recommended: 1 } });
    expect(always.every((s) => at(s, 'result', 'response') !== undefined)).toBe(true);
    const never = one(rules, { model: { recommended: 0 } });
    expect(never.every((s) => at(s, 'result', 'response') === undefined)).toBe(true);
    const half = one(rules).filter((s) => at(s, 'result', 'response') !== undefined).length;
    expect(half).toBeGreaterThan(50);
    expect(half).toBeLessThan(150);
  });

  it('takes values from "any", keeps to "all" and avoids "none"', () => {
    const statements = one([
      { location: '$.result.response', any: ['x', 'y', 'z'], none: ['z'] },
      { location: '$.context.platform', presence: 'included', all: ['web', 'app'] },
      { location: '$.context.revision', presence: 'included', none: ['simulated'] },
    ]);
    const responses = new Set(statements.map((s) => at(s, 'result', 'response')));
    expect(responses).toEqual(new Set(['x', 'y']));
    for (const s of statements) {
      expect(['web', 'app']).toContain(at(s, 'context', 'platform'));
      expect(at(s, 'context', 'revision')).not.toBe('simulated');
    }
  });

  it('adds an element beside the others for each "any" over a "*", and keeps "all" over every element', () => {
    const statements = one([
      {
        location: '$.context.contextActivities.grouping[*].definition.type',
        any: [activityType('attempt')],
      },
      {
        location: '$.context.contextActivities.grouping[*].definition.type',
        any: [activityType('course')],
      },
    ]);
    for (const s of statements) {
      const types = (at(s, 'context', 'contextActivities', 'grouping') as JsonObject[]).map((a) =>
        at(a, 'definition', 'type'),
      );
      expect(types).toEqual(
        expect.arrayContaining([activityType('attempt'), activityType('course')]),
      );
    }
  });

  it('writes through a selector into every location value', () => {
    const statements = one([
      {
        location: '$.context.contextActivities.parent[*]',
        selector: '$.definition.type',
        presence: 'included',
      },
      { location: '$.actor', selector: '$.mbox | $.account.name', presence: 'included' },
    ]);
    for (const s of statements) {
      const parents = at(s, 'context', 'contextActivities', 'parent') as JsonObject[];
      expect(parents.length).toBeGreaterThan(0);
      for (const p of parents) expect(at(p, 'definition', 'type')).toBeTypeOf('string');
    }
  });

  it('ignores scopeNote', () => {
    const statements = one([
      { location: '$.result.response', presence: 'included', scopeNote: { en: 'Say something.' } },
    ]);
    expect(statements.every((s) => typeof at(s, 'result', 'response') === 'string')).toBe(true);
  });

  it('shapes extension values by the inline JSON Schema of the extension', () => {
    const ext = `${EX}/extensions/level`;
    const profile = sequenceOf(
      withRules('a', [{ location: `$.context.extensions['${ext}']`, presence: 'included' }]),
    );
    profile.concepts!.push({
      id: ext,
      type: 'ContextExtension',
      inScheme: VERSION,
      prefLabel: { en: 'level' },
      definition: { en: 'A level.' },
      inlineSchema: JSON.stringify({ type: 'integer', minimum: 1, maximum: 5 }),
    });
    const values = run(profile, { parameters: { max: 200 } }).map((s) =>
      at(s, 'context', 'extensions', ext),
    );
    for (const v of values) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(5);
    }
    expect(new Set(values).size).toBeGreaterThan(1);
  });

  it('uses a schema given by IRI in the options for an extension whose schema is an IRI', () => {
    const ext = `${EX}/extensions/mood`;
    const schemaIri = `${EX}/schemas/mood.json`;
    const profile = sequenceOf(
      withRules('a', [{ location: `$.result.extensions['${ext}']`, presence: 'included' }]),
    );
    profile.concepts!.push({
      id: ext,
      type: 'ResultExtension',
      inScheme: VERSION,
      prefLabel: { en: 'mood' },
      definition: { en: 'A mood.' },
      schema: schemaIri,
    });
    expect(problemsOf(profile)).toEqual([
      expect.objectContaining({
        kind: 'template',
        id: templateId('a'),
        ruleIndex: 0,
        reason: expect.stringContaining('was not given') as string,
      }),
      expect.objectContaining({ kind: 'pattern', id: patternId('main') }),
    ]);
    const statements = run(profile, {
      parameters: { max: 50 },
      schemas: { [schemaIri]: { enum: ['happy', 'sad'] } },
    });
    for (const s of statements)
      expect(['happy', 'sad']).toContain(at(s, 'result', 'extensions', ext));
  });
});

describe('simulate: StatementRefs', () => {
  it('points object and context StatementRefs at earlier statements of the same registration', () => {
    const profile = sequenceOf(
      template('a'),
      template('b'),
      template('c', {
        objectStatementRefTemplate: [templateId('a')],
        contextStatementRefTemplate: [templateId('b')],
      }),
    );
    const statements = run(profile, { parameters: { max: 300 } });
    for (const r of registrations(statements)) {
      const [a, b, c] = r;
      expect(c!.object).toEqual({ objectType: 'StatementRef', id: a!.id });
      expect(at(c, 'context', 'statement')).toEqual({ objectType: 'StatementRef', id: b!.id });
    }
    const compiled = compileProfile(profile);
    const byId = new Map(statements.map((s) => [s.id as string, s]));
    const check = followsPatterns(statements, compiled, { lookupStatement: (id) => byId.get(id) });
    expect(check.followed).toBe(true);
  });
});

describe('simulate: determinism and time', () => {
  const profile = profileOf(
    [template('a'), template('b'), template('c')],
    [
      pattern('main', { sequence: [templateId('a'), patternId('loop')] }, true),
      pattern('loop', { oneOrMore: patternId('alt') }),
      pattern('alt', { alternates: [templateId('b'), templateId('c')] }),
    ],
  );
  const text = (options: SimulationOptions) =>
    [...simulate([profile], options)].map((s) => JSON.stringify(s)).join('\n');

  it('gives the same bytes for the same seed, and others for another seed', () => {
    expect(text({ parameters: { seed: 42, max: 500 } })).toBe(
      text({ parameters: { seed: 42, max: 500 } }),
    );
    expect(text({ parameters: { seed: 42, max: 500 } })).not.toBe(
      text({ parameters: { seed: 43, max: 500 } }),
    );
    expect(text({ parameters: { seed: 'spring', max: 50 } })).toBe(
      text({ parameters: { seed: 'spring', max: 50 } }),
    );
  });

  it('says beside each statement which template and primary pattern made it, leaving its bytes alone', () => {
    const prepared = prepareSimulation([profile], { parameters: { seed: 7, max: 300 } });
    if (!prepared.ok) throw new Error('expected a plan');
    const traced = [...generateTraced(prepared.plan)];
    const plain = [...generate(prepared.plan)];
    expect(traced.map((t) => JSON.stringify(t.statement))).toEqual(
      plain.map((s) => JSON.stringify(s)),
    );
    for (const t of traced) {
      expect(t.pattern).toBe(patternId('main'));
      expect(t.statement.verb).toEqual(
        expect.objectContaining({ id: verb(t.template.split('/').pop()!) }),
      );
      expect(Object.keys(t.statement)).not.toContain('template');
    }
    expect(new Set(traced.map((t) => t.template))).toEqual(
      new Set([templateId('a'), templateId('b'), templateId('c')]),
    );
  });

  it("keeps an actor's statements whoever else is simulated", () => {
    const ann = { name: 'Ann', mbox: 'mailto:ann@example.org' };
    const others = [
      { name: 'Ben', mbox: 'mailto:ben@example.org' },
      { name: 'Cy', account: { homePage: 'https://example.org', name: 'cy' } },
    ];
    const alone = [
      ...simulate([profile], {
        personae: [ann],
        parameters: { seed: 7, registrations: 5, max: 10000 },
      }),
    ];
    const together = [
      ...simulate([profile], {
        personae: { name: 'Class', member: [others[0]!, ann, others[1]!] },
        parameters: { seed: 7, registrations: 5, max: 10000 },
      }),
    ].filter((s) => at(s, 'actor', 'mbox') === ann.mbox);
    expect(together).toEqual(alone);
    expect(alone.length).toBeGreaterThanOrEqual(10);
  });

  it('orders statements by timestamp within start and end, and stops at max or registrations', () => {
    const statements = [
      ...simulate([profile], {
        parameters: { start: '2026-03-01T00:00:00Z', end: '2026-03-08T00:00:00Z', max: 100000 },
        model: { period: { min: 60, max: 60 }, gap: { min: 3600, max: 7200 } },
      }),
    ];
    const times = statements.map((s) => Date.parse(s.timestamp as string));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse('2026-03-01T00:00:00Z'));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse('2026-03-08T00:00:00Z'));
    for (const r of registrations(statements)) {
      const t = r.map((s) => Date.parse(s.timestamp as string));
      for (let i = 1; i < t.length; i++) expect(t[i]! - t[i - 1]!).toBe(60000);
    }
    const seven = [...simulate([profile], { parameters: { max: 7 } })];
    expect(seven.length).toBeLessThanOrEqual(7);
    expect(seven.length).toBeGreaterThan(2);
    expect(followsPatterns(seven, compileProfile(profile)).followed).toBe(true);
    const two = [...simulate([profile], { parameters: { registrations: 2, max: 100000 } })];
    expect(registrations(two)).toHaveLength(6);
  });

  it('stops taking registrations when asked, finishing those already started', () => {
    const prepared = prepareSimulation([profile], { parameters: { max: 100000 } });
    if (!prepared.ok) throw new Error('expected a plan');
    let asked = 0;
    const statements = [...generate(prepared.plan, { stop: () => ++asked > 5 })];
    expect(registrations(statements)).toHaveLength(5);
    expect(followsPatterns(statements, compileProfile(profile)).followed).toBe(true);
  });

  it('checks every statement before it leaves: a broken recipe is a loud bug, not a bad statement', () => {
    const p = sequenceOf(withRules('a', [{ location: '$.result.response', presence: 'included' }]));
    const prepared = prepareSimulation([p]);
    if (!prepared.ok) throw new Error('expected a plan');
    prepared.plan.recipes.get(templateId('a'))!.rules = [];
    expect(() => [...generate(prepared.plan)]).toThrow(SimulationBugError);
    prepared.plan.selfCheck = false;
    expect([...generate(prepared.plan)].length).toBeGreaterThan(0);
  });
});

describe('simulate: what cannot be simulated is said before generating', () => {
  const reasonOf = (rules: Rule[], ruleIndex = rules.length - 1) => {
    const problems = problemsOf(sequenceOf(withRules('a', rules)));
    expect(problems[0]).toMatchObject({ kind: 'template', id: templateId('a'), ruleIndex });
    return problems[0]!.reason;
  };

  it('a rule whose any, all and none allow nothing', () => {
    expect(reasonOf([{ location: '$.result.response', any: ['x'], none: ['x'] }])).toMatch(
      /no value is allowed/,
    );
    expect(reasonOf([{ location: '$.result.response', any: ['x'], all: ['y'] }])).toMatch(
      /no value is allowed/,
    );
  });

  it('a rule that excludes what its "any" requires', () => {
    expect(reasonOf([{ location: '$.result.response', presence: 'excluded', any: ['x'] }])).toMatch(
      /excluded/,
    );
  });

  it('rules that contradict each other', () => {
    expect(
      reasonOf(
        [
          { location: '$.result.response', presence: 'included' },
          { location: '$.result', presence: 'excluded' },
        ],
        0,
      ),
    ).toMatch(/later rule undoes/);
  });

  it('a JSONPath it cannot write into', () => {
    expect(reasonOf([{ location: '$..response', presence: 'included' }])).toMatch(
      /cannot be written/,
    );
  });

  it('a rule the validator cannot use', () => {
    expect(reasonOf([{ location: '$.result[?(@.x)]', presence: 'included' }])).toMatch(
      /not a usable JSONPath/,
    );
  });

  it('a statement that would break xAPI', () => {
    const problems = problemsOf(
      sequenceOf(withRules('a', [{ location: '$.verb.id', all: ['not an iri'] }])),
    );
    expect(problems[0]).toMatchObject({ kind: 'template', location: '/verb/id' });
  });

  it('an extension schema that cannot be read or instantiated', () => {
    const ext = (n: number) => `${EX}/extensions/${n}`;
    const profile = sequenceOf(
      withRules('a', [{ location: `$.context.extensions['${ext(1)}']`, presence: 'included' }]),
      withRules('b', [{ location: `$.context.extensions['${ext(2)}']`, presence: 'included' }]),
    );
    profile.concepts!.push(
      { id: ext(1), type: 'ContextExtension', inScheme: VERSION, inlineSchema: '{not json' },
      {
        id: ext(2),
        type: 'ContextExtension',
        inScheme: VERSION,
        inlineSchema: JSON.stringify({ $ref: 'https://elsewhere.example/schema.json' }),
      },
    );
    const problems = problemsOf(profile);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: templateId('a'),
          ruleIndex: 0,
          reason: expect.stringMatching(/not JSON/) as string,
        }),
        expect.objectContaining({
          id: templateId('b'),
          ruleIndex: 0,
          reason: expect.stringMatching(/another document/) as string,
        }),
      ]),
    );
    expect(prepareSimulation([profile]).ok).toBe(false);
  });

  it('a pattern that the greedy matching never accepts', () => {
    const profile = profileOf(
      [template('a')],
      [
        pattern('main', { sequence: [patternId('many'), templateId('a')] }, true),
        pattern('many', { zeroOrMore: templateId('a') }),
      ],
    );
    const prepared = prepareSimulation([profile]);
    expect(prepared.ok).toBe(false);
    expect(prepared.problems).toEqual([
      expect.objectContaining({
        kind: 'pattern',
        id: patternId('main'),
        reason: expect.stringMatching(/greedy matching/) as string,
      }),
    ]);
    expect(() => [...simulate([profile])]).toThrow(SimulationError);
  });

  it('a StatementRef with nothing before it to point at', () => {
    const profile = sequenceOf(
      template('b', { objectStatementRefTemplate: [templateId('a')] }),
      template('a'),
    );
    expect(problemsOf(profile)).toEqual([
      expect.objectContaining({
        kind: 'pattern',
        reason: expect.stringMatching(/none comes before it/) as string,
      }),
    ]);
  });

  it('a pattern whose every path needs a template that cannot be built, beside one that can', () => {
    const profile = profileOf(
      [template('a'), withRules('b', [{ location: '$.result.response', any: ['x'], none: ['x'] }])],
      [
        pattern('good', { sequence: [templateId('a')] }, true),
        pattern('bad', { sequence: [templateId('b')] }, true),
      ],
    );
    const prepared = prepareSimulation([profile]);
    expect(prepared.ok).toBe(true);
    expect(prepared.problems.map((p) => [p.kind, p.id])).toEqual([
      ['template', templateId('b')],
      ['pattern', patternId('bad')],
    ]);
  });

  it('a profile without a version or a primary pattern, and unusable parameters', () => {
    expect(problemsOf({ ...sequenceOf(template('a')), versions: [] })[0]!.reason).toMatch(
      /no version/,
    );
    expect(problemsOf(profileOf([template('a')], []))[0]!.reason).toMatch(/no primary pattern/);
    expect(
      problemsOf(sequenceOf(template('a')), { parameters: { start: 'soon' } })[0],
    ).toMatchObject({
      kind: 'parameters',
    });
    expect(
      problemsOf(sequenceOf(template('a')), { personae: [{ name: 'nobody' }] })[0]!.reason,
    ).toMatch(/no mbox/);
    expect(problemsOf(sequenceOf(template('a')), { model: { recommended: 2 } })[0]!.reason).toMatch(
      /probability/,
    );
  });
});

describe('simulate: personae and model read as untyped JSON', () => {
  const reasons = (options: Record<string, unknown>) =>
    problemsOf(sequenceOf(template('a')), options as SimulationOptions).map((p) => {
      expect(p.kind).toBe('parameters');
      return p.reason;
    });

  it('says what is wrong with an actor instead of making a statement xAPI refuses', () => {
    expect(reasons({ personae: { member: [null] } })).toEqual(['the actor null is not an object']);
    expect(reasons({ personae: [{ mbox: 'ann@example.org' }] })[0]).toMatch(/not a mailto/);
    expect(reasons({ personae: [{ name: 5, mbox: 'mailto:a@example.org' }] })[0]).toMatch(/name/);
    expect(reasons({ personae: [{ account: { name: 'x' } }] })[0]).toMatch(/homePage/);
    expect(reasons({ personae: [{ mbox_sha1sum: 'abc' }] })[0]).toMatch(/40 hexadecimal/);
    expect(reasons({ personae: [] })).toEqual(['the personae hold no actor']);
  });

  it('says which part of the model cannot be used', () => {
    expect(reasons({ model: null })).toEqual(['the model must be a JSON object']);
    expect(reasons({ model: { repeat: null } })[0]).toMatch(/repeat/);
    expect(reasons({ model: { repeat: { [patternId('x')]: -1 } } })[0]).toMatch(/repeat of/);
    expect(reasons({ model: { repeat: 101 } })[0]).toMatch(/repeat must be a whole number from 0/);
    expect(reasons({ model: { optional: 'often' } })[0]).toMatch(/optional/);
    expect(reasons({ model: { period: null } })[0]).toMatch(/period/);
    expect(reasons({ model: { gap: { min: 5, max: 1 } } })[0]).toMatch(/gap/);
    expect(reasons({ model: { weights: [1] } })[0]).toMatch(/weights/);
    expect(reasons({ model: { weights: { x: -1 } } })[0]).toMatch(/weight of x/);
    expect(reasons({ model: { periods: { x: 'soon' } } })[0]).toMatch(/period of x/);
  });
});

describe('simulate: several profiles', () => {
  it('borrows templates and concepts of the other profiles its patterns name', () => {
    const lender = profileWith([template('x', { prefLabel: { en: 'x' } })]);
    lender.id = 'https://lender.example/profile';
    lender.versions = [{ id: 'https://lender.example/profile/v1' }];
    lender.concepts = [
      {
        id: verb('x'),
        type: 'Verb',
        inScheme: 'https://lender.example/profile/v1',
        prefLabel: { en: 'lent' },
      },
    ];
    const profile = profileOf(
      [template('a')],
      [pattern('main', { sequence: [templateId('a'), templateId('x')] }, true)],
    );
    const statements = run(profile, { parameters: { max: 10 } }, [lender]);
    expect(byVerb(statements, 'x')[0]!.verb).toEqual({
      id: verb('x'),
      display: { 'en-US': 'lent' },
    });
    expect(prepareSimulation([profile]).ok).toBe(false);
  });
});
