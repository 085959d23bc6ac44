import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authoredDir } from '../fixtures/corpus.js';
import type { JsonObject } from '../json.js';
import { parse } from '../model/parse.js';
import type { Pattern } from '../model/types.js';
import { compileProfile } from './compile.js';
import {
  EX,
  VERSION,
  patternId,
  profileWith,
  statement,
  template,
  templateId,
  uuid,
  verb,
} from './fixtures.js';
import { SUBREGISTRATION_EXTENSION, followsPatterns, orderByTimestamp } from './follow-patterns.js';
import { validateStatement } from './validate-statement.js';

const pattern = (name: string, body: Partial<Pattern>, primary = false): Pattern => ({
  id: patternId(name),
  type: 'Pattern',
  inScheme: VERSION,
  ...(primary ? { primary: true, prefLabel: { en: name }, definition: { en: name } } : {}),
  ...body,
});

// Like persephone's calibration profile: a primary sequence of two optional steps.
const profile = profileWith(
  [template('started'), template('answered'), template('finished'), template('noted')],
  [
    pattern(
      'lesson',
      { sequence: [templateId('started'), patternId('answers'), templateId('finished')] },
      true,
    ),
    pattern('answers', { zeroOrMore: templateId('answered') }),
    // Not primary: a stream of only "noted" statements follows nothing.
    pattern('notes', { oneOrMore: templateId('noted') }),
  ],
);

const REG = [uuid(0xa1), uuid(0xa2)];
const at = (second: number) => `2026-03-01T10:00:${String(second).padStart(2, '0')}Z`;
const s = (
  name: string,
  registration: string | undefined,
  timestamp?: string,
  extra: JsonObject = {},
) =>
  statement({
    verb: verb(name),
    ...(registration !== undefined ? { registration } : {}),
    ...(timestamp !== undefined ? { timestamp } : {}),
    ...extra,
  });

describe('followsPatterns', () => {
  it('a complete stream follows the primary pattern', () => {
    const r = followsPatterns(
      [s('started', REG[0], at(1)), s('answered', REG[0], at(2)), s('finished', REG[0], at(3))],
      profile,
    );
    expect(r.followed).toBe(true);
    expect(r.streams).toHaveLength(1);
    expect(r.streams[0]).toMatchObject({
      registration: REG[0],
      statements: [0, 1, 2],
      followed: true,
    });
    expect(r.streams[0]!.patterns).toEqual([
      expect.objectContaining({ patternId: patternId('lesson'), outcome: 'success', remaining: 0 }),
    ]);
  });

  it('orders by timestamp, not by batch position', () => {
    const r = followsPatterns(
      [s('finished', REG[0], at(3)), s('started', REG[0], at(1)), s('answered', REG[0], at(2))],
      profile,
    );
    expect(r.streams[0]!.statements).toEqual([1, 2, 0]);
    expect(r.followed).toBe(true);
  });

  it('equal timestamps keep batch order: reversed, the same statements fail', () => {
    const batch = [s('started', REG[0], at(1)), s('finished', REG[0], at(1))];
    expect(followsPatterns(batch, profile).followed).toBe(true);
    const reversed = followsPatterns([...batch].reverse(), profile);
    expect(reversed.followed).toBe(false);
    expect(reversed.streams[0]!.patterns[0]!.outcome).toBe('failure');
    expect(reversed.streams[0]!.patterns[0]!.trace.message).toBe(
      `Did not match; statement 1 of the stream matches ${templateId('finished')}, where the pattern expected ${templateId('started')}.`,
    );
  });

  it('compares timestamps as instants, offsets and sub-millisecond digits included', () => {
    const batch = [
      s('a', REG[0], '2026-03-01T12:00:00.0000002+02:00'),
      s('b', REG[0], '2026-03-01T10:00:00.0000001Z'),
      s('c', REG[0]),
      s('d', REG[0], '2026-03-01T09:59:59Z'),
    ];
    expect(orderByTimestamp([0, 1, 2, 3], batch)).toEqual([3, 1, 0, 2]);
  });

  it('groups by registration: each registration is its own stream', () => {
    const r = followsPatterns(
      [
        s('started', REG[0], at(1)),
        s('started', REG[1], at(2)),
        s('finished', REG[1], at(3)),
        s('answered', REG[0], at(4)),
      ],
      profile,
    );
    expect(r.streams.map((x) => [x.registration, x.statements, x.followed])).toEqual([
      [REG[0], [0, 3], false],
      [REG[1], [1, 2], true],
    ]);
    expect(r.streams[0]!.patterns[0]!.outcome).toBe('partial');
    expect(r.followed).toBe(false);
  });

  it('statements without a registration form one stream of their own', () => {
    const r = followsPatterns(
      [s('started', undefined, at(1)), s('finished', REG[0], at(2))],
      profile,
    );
    expect(r.streams.map((x) => [x.registration, x.statements])).toEqual([
      [undefined, [0]],
      [REG[0], [1]],
    ]);
  });

  it('splits a registration by the subregistration given for this profile', () => {
    const sub = (id: number, profileVersion = VERSION) => ({
      context: {
        extensions: {
          [SUBREGISTRATION_EXTENSION]: [{ profile: profileVersion, subregistration: uuid(id) }],
        },
      },
    });
    const r = followsPatterns(
      [
        s('started', REG[0], at(1), sub(1)),
        s('started', REG[0], at(2), sub(2)),
        s('finished', REG[0], at(3), sub(2)),
        s('finished', REG[0], at(4), sub(1)),
        // A subregistration for another profile does not split this one's stream.
        s('noted', REG[0], at(5), sub(3, `${EX}/other/v1`)),
      ],
      profile,
    );
    expect(r.streams.map((x) => [x.subregistration, x.statements])).toEqual([
      [uuid(1), [0, 3]],
      [uuid(2), [1, 2]],
      [undefined, [4]],
    ]);
    expect(r.streams.map((x) => x.followed)).toEqual([true, true, false]);
  });

  it('takes a subregistration of any UUID version, and says why one is not a UUID', () => {
    const ext = (subregistration: string) =>
      ({
        context: {
          extensions: { [SUBREGISTRATION_EXTENSION]: [{ profile: VERSION, subregistration }] },
        },
      }) as JsonObject;
    const versionZero = '00000000-0000-0000-8000-000000000001';
    const r = followsPatterns(
      [
        s('started', REG[0], at(1), ext(versionZero)),
        s('started', REG[0], at(2), ext('00000000-0000-0000-c000-000000000001')),
      ],
      profile,
    );
    expect(r.streams.map((x) => x.subregistration)).toEqual([versionZero]);
    expect(r.rejected.map((x) => x.index)).toEqual([1]);
    expect(r.rejected[0]!.message).toContain(
      'the variant digit (first of the fourth group) must be 8, 9, a or b',
    );
  });

  it('rejects a subregistration without a registration, or a malformed one', () => {
    const ext = (value: unknown) =>
      ({ context: { extensions: { [SUBREGISTRATION_EXTENSION]: value } } }) as JsonObject;
    const r = followsPatterns(
      [
        s('started', undefined, at(1), ext([{ profile: VERSION, subregistration: uuid(1) }])),
        s('started', REG[0], at(1), ext([])),
        s('started', REG[0], at(1), ext([{ profile: VERSION, subregistration: 'x' }])),
      ],
      profile,
    );
    expect(r.rejected.map((x) => x.index)).toEqual([0, 1, 2]);
    expect(r.rejected[0]!.message).toMatch(/only allowed in statements with a registration/);
    expect(r.followed).toBe(false);
  });

  it('skips statements that do not name the profile in their category, unless told not to', () => {
    const outside = statement({ verb: verb('started'), category: false, registration: REG[0] });
    const r = followsPatterns([outside], profile);
    expect(r).toMatchObject({ skipped: [0], streams: [], followed: true });
    expect(followsPatterns([outside], profile, { ignoreCategory: true }).streams).toHaveLength(1);
  });

  it('a statement that no template matches fails its whole stream', () => {
    const r = followsPatterns(
      [s('started', REG[0], at(1)), s('unknown', REG[0], at(2)), s('finished', REG[0], at(3))],
      profile,
    );
    expect(r.streams[0]!.notValidated).toEqual([{ index: 1, outcome: 'unmatched' }]);
    expect(r.streams[0]!.followed).toBe(false);
  });

  it('matches only primary patterns', () => {
    const r = followsPatterns([s('noted', REG[0], at(1))], profile);
    expect(r.streams[0]!.patterns.map((p) => p.patternId)).toEqual([patternId('lesson')]);
    expect(r.followed).toBe(false);
  });

  it('offers the regular reading for patterns the greedy one rejects', () => {
    const ambiguous = profileWith(
      [template('answered')],
      [
        pattern('answers', { sequence: [patternId('some'), templateId('answered')] }, true),
        pattern('some', { zeroOrMore: templateId('answered') }),
      ],
    );
    const batch = [s('answered', REG[0], at(1)), s('answered', REG[0], at(2))];
    const greedy = followsPatterns(batch, ambiguous);
    expect(greedy.followed).toBe(false);
    expect(greedy.streams[0]!.patterns[0]!.outcome).toBe('partial');
    const regular = followsPatterns(batch, ambiguous, { semantics: 'regular' });
    expect(regular).toMatchObject({ followed: true, semantics: 'regular' });
  });

  it('reuses template results given by the caller', () => {
    const batch = [s('started', REG[0], at(1)), s('finished', REG[0], at(2))];
    const compiled = compileProfile(profile);
    const validations = batch.map((x) => validateStatement(x, compiled));
    expect(followsPatterns(batch, compiled, { validations }).followed).toBe(true);
  });

  it('a pattern that contains itself matches nothing, without looping', () => {
    const looping = profileWith(
      [template('started')],
      [pattern('loop', { sequence: [templateId('started'), patternId('loop')] }, true)],
    );
    const r = followsPatterns([s('started', REG[0], at(1)), s('started', REG[0], at(2))], looping);
    expect(r.streams[0]!.patterns[0]!.outcome).toBe('failure');
  });
});

describe('three outcomes per stream and batch: followed, partial, not followed', () => {
  it('a complete stream is followed, naming the pattern', () => {
    const r = followsPatterns([s('started', REG[0], at(1)), s('finished', REG[0], at(2))], profile);
    expect(r.outcome).toBe('followed');
    expect(r.streams[0]).toMatchObject({
      outcome: 'followed',
      patternId: patternId('lesson'),
      message: `Follows ${patternId('lesson')}.`,
    });
  });

  it('a stream that stopped half-way is partial, saying what comes next', () => {
    const r = followsPatterns([s('started', REG[0], at(1)), s('answered', REG[0], at(2))], profile);
    expect(r).toMatchObject({ outcome: 'partial', followed: false });
    expect(r.streams[0]).toMatchObject({
      outcome: 'partial',
      followed: false,
      patternId: patternId('lesson'),
      expected: [templateId('answered'), templateId('finished')],
    });
    expect(r.streams[0]!.reason).toBeUndefined();
    expect(r.streams[0]!.message).toBe(
      `Not finished: ${patternId('lesson')} is still open after statement 2 and expects next ${templateId('answered')} or ${templateId('finished')}.`,
    );
  });

  it('statements left over after the pattern ended: not followed', () => {
    const r = followsPatterns(
      [s('started', REG[0], at(1)), s('finished', REG[0], at(2)), s('finished', REG[0], at(3))],
      profile,
    );
    expect(r.outcome).toBe('not-followed');
    expect(r.streams[0]).toMatchObject({ outcome: 'not-followed', reason: 'left-over' });
    expect(r.streams[0]!.message).toBe(
      `${patternId('lesson')} ends after statement 2; 1 statement is left over, from statement 3.`,
    );
  });

  it('a statement that fails its template: not followed, whatever the pattern says', () => {
    const r = followsPatterns([s('started', REG[0], at(1)), s('unknown', REG[0], at(2))], profile);
    expect(r.streams[0]).toMatchObject({ outcome: 'not-followed', reason: 'failed-template' });
    expect(r.streams[0]!.message).toBe(
      'Statement 2 matches no template, so no pattern can be followed.',
    );
  });

  it('no pattern matches: not followed, saying where the closest one stopped', () => {
    const r = followsPatterns([s('finished', REG[0], at(1))], profile);
    expect(r.streams[0]).toMatchObject({ outcome: 'not-followed', reason: 'no-match' });
    expect(r.streams[0]!.message).toBe(
      `No primary pattern accepts these statements; ${patternId('lesson')} got furthest: at statement 1, which matches ${templateId('finished')}, it expected ${templateId('started')}.`,
    );
  });

  it('the batch is as bad as its worst stream', () => {
    const open = [s('started', REG[0], at(1))];
    const done = [s('started', REG[1], at(1)), s('finished', REG[1], at(2))];
    expect(followsPatterns([...open, ...done], profile).outcome).toBe('partial');
    const broken = s('finished', uuid(0xa3), at(1));
    expect(followsPatterns([...open, ...done, broken], profile).outcome).toBe('not-followed');
  });
});

const cmi5File = join(authoredDir, 'cmi5/v1.0/cmi5.jsonld');

describe.skipIf(!existsSync(cmi5File))('the cmi5 primary pattern, greedy and regular', () => {
  const cmi5 = () => parse(JSON.parse(readFileSync(cmi5File, 'utf8')) as unknown).model!;
  const CMI5 = 'https://w3id.org/xapi/cmi5';
  const ADL = 'http://adlnet.gov/expapi/verbs';
  const registration = uuid(0xc5);
  let second = 0;
  const cmi5Statement = (verbId: string, context: JsonObject = {}, result?: JsonObject) =>
    statement({
      verb: verbId,
      timestamp: at(++second),
      context: {
        registration,
        contextActivities: { grouping: [{ id: `${EX}/course/au` }] },
        extensions: { [`${CMI5}/context/extensions/sessionid`]: 'session-1', ...context },
      },
      ...(result ? { extra: { result } } : {}),
    });
  // The profile version in the category, as the fixtures write it for any profile.
  const named = (x: JsonObject): JsonObject => {
    const context = x.context as JsonObject;
    const activities = context.contextActivities as JsonObject;
    return {
      ...x,
      context: {
        ...context,
        contextActivities: { ...activities, category: [{ id: `${CMI5}/v1.0` }] },
      },
    };
  };
  const launched = () =>
    named(
      cmi5Statement(`${ADL}/launched`, {
        [`${CMI5}/context/extensions/launchmode`]: 'Normal',
        [`${CMI5}/context/extensions/launchurl`]: 'https://example.org/au',
        [`${CMI5}/context/extensions/moveon`]: 'NotApplicable',
        [`${CMI5}/context/extensions/launchparameters`]: '',
      }),
    );
  const initialized = () => named(cmi5Statement(`${ADL}/initialized`));
  const terminated = () => named(cmi5Statement(`${ADL}/terminated`, {}, { duration: 'PT10M' }));

  it.each([
    ['a lone launched', () => [launched()]],
    ['launched then initialized', () => [launched(), initialized()]],
  ])('%s is partial, never followed', (_name, batch) => {
    for (const semantics of ['greedy', 'regular'] as const) {
      const r = followsPatterns(batch(), cmi5(), { semantics });
      expect(r.streams[0]!.notValidated).toEqual([]);
      expect([semantics, r.outcome, r.followed]).toEqual([semantics, 'partial', false]);
      expect(r.streams[0]!.patterns[0]).toMatchObject({
        patternId: `${CMI5}#toplevel`,
        outcome: 'partial',
        remaining: 0,
      });
    }
  });

  it('says what a launched session expects next', () => {
    const r = followsPatterns([launched(), initialized()], cmi5());
    expect(r.streams[0]!.expected).toEqual(
      expect.arrayContaining([`${CMI5}#terminated`, `${CMI5}#abandoned`, `${CMI5}#completed`]),
    );
  });

  it('a session that ends is followed', () => {
    const r = followsPatterns([launched(), initialized(), terminated()], cmi5());
    expect(r.streams[0]!.notValidated).toEqual([]);
    expect(r.outcome).toBe('followed');
  });

  it('a statement after the end of the pattern leaves the stream not followed', () => {
    // A second session may start, but a lone initialized cannot begin one.
    const r = followsPatterns([launched(), initialized(), terminated(), initialized()], cmi5());
    expect(r.streams[0]).toMatchObject({ outcome: 'not-followed', reason: 'left-over' });
  });
});
