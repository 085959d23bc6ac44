import { describe, expect, it } from 'vitest';
import type { PatternNode } from './compile.js';
import { matchPattern } from './matches.js';
import type { PatternMatchOutcome } from './types.js';

let n = 0;
const name = (kind: string) => `p${++n}-${kind}`;
const t = (id: string): PatternNode => ({ kind: 'template', id });
const seq = (...members: PatternNode[]): PatternNode => ({
  kind: 'sequence',
  id: name('sequence'),
  members,
});
const alt = (...members: PatternNode[]): PatternNode => ({
  kind: 'alternates',
  id: name('alternates'),
  members,
});
const opt = (member: PatternNode): PatternNode => ({
  kind: 'optional',
  id: name('optional'),
  member,
});
const zom = (member: PatternNode): PatternNode => ({
  kind: 'zeroOrMore',
  id: name('zeroOrMore'),
  member,
});
const oom = (member: PatternNode): PatternNode => ({
  kind: 'oneOrMore',
  id: name('oneOrMore'),
  member,
});
const [A, B, C] = [t('A'), t('B'), t('C')];
const stream = (...ids: string[]) => ids.map((id) => [id]);

type Expect = [PatternMatchOutcome, number];
const run = (pattern: PatternNode, ids: string[], semantics: 'greedy' | 'regular'): Expect => {
  const r = matchPattern(stream(...ids), pattern, semantics);
  return [r.outcome, r.remaining];
};

describe('greedy (the spec) versus regular reading: checklist §4.3', () => {
  // [pattern, statements, spec's greedy outcome, regular-expression outcome]
  const table: [string, PatternNode, string[], Expect, Expect][] = [
    ['sequence(zeroOrMore(A), A)', seq(zom(A), A), ['A'], ['partial', 0], ['success', 0]],
    ['sequence(zeroOrMore(A), A)', seq(zom(A), A), ['A', 'A'], ['partial', 0], ['success', 0]],
    ['sequence(optional(A), A)', seq(opt(A), A), ['A'], ['partial', 0], ['success', 0]],
    ['sequence(oneOrMore(A), A)', seq(oom(A), A), ['A', 'A'], ['partial', 0], ['success', 0]],
    [
      'sequence(alternates(A, sequence(A,B)), B)',
      seq(alt(A, seq(A, B)), B),
      ['A', 'B'],
      ['partial', 0],
      ['success', 0],
    ],
    [
      'sequence(optional(a1), optional(a2))',
      seq(opt(A), opt(B)),
      [],
      ['success', 0],
      ['success', 0],
    ],
    [
      'sequence(optional(a1), optional(a2))',
      seq(opt(A), opt(B)),
      ['A'],
      ['success', 0],
      ['success', 0],
    ],
    [
      'sequence(optional(a1), optional(a2))',
      seq(opt(A), opt(B)),
      ['B'],
      ['success', 0],
      ['success', 0],
    ],
  ];
  it.each(table)('%s on %j', (_name, pattern, ids, spec, regular) => {
    expect(run(pattern, ids, 'greedy')).toEqual(spec);
    expect(run(pattern, ids, 'regular')).toEqual(regular);
  });
});

describe('the spec’s matches, branch by branch', () => {
  const table: [string, PatternNode, string[], Expect, Expect?][] = [
    ['template on no statements', A, [], ['partial', 0]],
    ['template match leaves the rest', A, ['A', 'B'], ['success', 1]],
    ['template mismatch', A, ['B'], ['failure', 1]],
    ['sequence', seq(A, B, C), ['A', 'B', 'C'], ['success', 0]],
    ['sequence cut short', seq(A, B, C), ['A', 'B'], ['partial', 0]],
    ['sequence failing midway returns every statement', seq(A, B), ['A', 'C'], ['failure', 2]],
    ['alternates take the longest success', alt(A, seq(A, B)), ['A', 'B', 'C'], ['success', 1]],
    ['alternates: a success beats a partial', alt(seq(A, B), A), ['A'], ['success', 0]],
    ['alternates: only partials', alt(seq(A, B), seq(A, C)), ['A'], ['partial', 0]],
    ['alternates: nothing fits', alt(A, B), ['C'], ['failure', 1]],
    ['optional on no statements', opt(A), [], ['success', 0]],
    ['optional absent', opt(A), ['B'], ['success', 1]],
    ['optional passes a partial on', opt(seq(A, B)), ['A'], ['partial', 0]],
    ['zeroOrMore consumes all it can', zom(A), ['A', 'A', 'B'], ['success', 1]],
    ['zeroOrMore of nothing', zom(A), ['B'], ['success', 1]],
    [
      'zeroOrMore stops when a repetition fails',
      seq(zom(seq(A, B)), C),
      ['A', 'B', 'C'],
      ['success', 0],
    ],
    // The spec's table: a repetition that ran out of statements is "in the middle of matching". The
    // pseudocode's next round on no statements would find it "the same size" and say success.
    [
      'zeroOrMore over a cut-short repetition',
      zom(seq(A, B)),
      ['A', 'B', 'A'],
      ['partial', 1],
      ['partial', 0],
    ],
    ['zeroOrMore over a cut-short first repetition', zom(seq(A, B)), ['A'], ['partial', 1]],
    [
      'zeroOrMore inside a sequence, cut short',
      seq(zom(A), zom(seq(B, C))),
      ['A', 'B'],
      ['partial', 0],
    ],
    ['zeroOrMore ended with the statements', zom(seq(A, B)), ['A', 'B'], ['success', 0]],
    ['oneOrMore needs one', oom(A), ['B'], ['failure', 1]],
    ['oneOrMore repeats', oom(A), ['A', 'A', 'B'], ['success', 1]],
    ['oneOrMore on no statements', oom(A), [], ['partial', 0]],
    [
      // The spec's "partial with statements left": the last repetition could continue.
      'oneOrMore, cut short after a full repetition',
      oom(seq(A, B)),
      ['A', 'B', 'A'],
      ['partial', 1],
      ['partial', 0],
    ],
    [
      'invalid pattern never matches',
      { kind: 'invalid', id: 'x', reason: 'loop' },
      ['A'],
      ['failure', 1],
    ],
  ];
  it.each(table)('%s', (_name, pattern, ids, greedy, regular) => {
    expect(run(pattern, ids, 'greedy')).toEqual(greedy);
    if (regular) expect(run(pattern, ids, 'regular')).toEqual(regular);
  });
});

describe('the trace says how far a pattern got', () => {
  it('names the statement it stopped at, what it found and what it expected', () => {
    const r = matchPattern([['A'], ['B'], ['X']], seq(A, B, alt(C, t('D'))));
    expect(r.outcome).toBe('failure');
    expect(r.trace).toEqual({
      consumed: 0,
      stoppedAt: 2,
      expected: ['C', 'D'],
      found: ['X'],
      message:
        'Did not match; statement 3 of the stream matches X, where the pattern expected C, D.',
    });
  });
  it('says when it ran out of statements', () => {
    const r = matchPattern([['A']], seq(A, B));
    expect(r.trace.message).toBe(
      'Matched 1 statement, then ran out: the pattern expects more (B).',
    );
  });
  it('says what was left over', () => {
    const r = matchPattern([['A'], ['A']], A);
    expect(r).toMatchObject({ outcome: 'success', remaining: 1 });
    expect(r.trace.message).toBe(
      'Matched the first 1 of 2 statements, where the pattern ends; 1 statement left over, from statement 2 of the stream (matching A).',
    );
  });
});

/** A small seeded generator (mulberry32), so failures can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (k: number) => Math.floor(next() * k) };
}

/** A random pattern whose templates each appear once, so the greedy reading is not ambiguous. */
function randomPattern(rnd: ReturnType<typeof random>, depth: number, ids: string[]): PatternNode {
  if (depth === 0 || rnd.next() < 0.3) return t(`T${ids.push('') - 1}`);
  const child = () => randomPattern(rnd, depth - 1, ids);
  switch (rnd.int(5)) {
    case 0:
      return seq(child(), child(), ...(rnd.next() < 0.5 ? [child()] : []));
    case 1: {
      // The spec forbids optional and zeroOrMore directly inside alternates.
      const member = () => {
        const m = child();
        return m.kind === 'optional' || m.kind === 'zeroOrMore' ? seq(m, child()) : m;
      };
      return alt(member(), member());
    }
    case 2:
      return opt(child());
    case 3:
      return zom(child());
    default:
      return oom(child());
  }
}

/** One statement stream the pattern describes (each statement matches exactly one template). */
function generate(rnd: ReturnType<typeof random>, node: PatternNode, out: string[]): void {
  switch (node.kind) {
    case 'template':
      out.push(node.id);
      return;
    case 'sequence':
      for (const m of node.members) generate(rnd, m, out);
      return;
    case 'alternates':
      generate(rnd, node.members[rnd.int(node.members.length)]!, out);
      return;
    case 'optional':
      if (rnd.next() < 0.5) generate(rnd, node.member, out);
      return;
    case 'zeroOrMore':
    case 'oneOrMore': {
      const times = rnd.int(3) + (node.kind === 'oneOrMore' ? 1 : 0);
      for (let i = 0; i < times; i++) generate(rnd, node.member, out);
      return;
    }
    case 'invalid':
      return;
  }
}

describe('property: generated streams', () => {
  const cases = Array.from({ length: 300 }, (_, seed) => {
    const rnd = random(seed + 1);
    const pattern = randomPattern(rnd, 4, []);
    const ids: string[] = [];
    generate(rnd, pattern, ids);
    return { seed: seed + 1, pattern, ids };
  });

  it('a stream generated from a pattern matches it, in both readings', () => {
    for (const { seed, pattern, ids } of cases) {
      expect([seed, run(pattern, ids, 'regular')]).toEqual([seed, ['success', 0]]);
      expect([seed, run(pattern, ids, 'greedy')]).toEqual([seed, ['success', 0]]);
    }
    expect(cases.filter((c) => c.ids.length > 2).length).toBeGreaterThan(50);
  });

  it('a truncated stream is partial (or already complete), never a failure', () => {
    let partials = 0;
    for (const { seed, pattern, ids } of cases) {
      for (let cut = 0; cut < ids.length; cut++) {
        const prefix = ids.slice(0, cut);
        const [regular] = run(pattern, prefix, 'regular');
        const [greedy] = run(pattern, prefix, 'greedy');
        expect([seed, cut, regular]).not.toEqual([seed, cut, 'failure']);
        expect([seed, cut, greedy]).not.toEqual([seed, cut, 'failure']);
        if (regular === 'partial') {
          partials++;
          // Cut short, the stream is open in the greedy reading too, except where the spec warns:
          // an alternates member that matches nothing is a success, which beats a partial.
          expect([seed, cut, greedy === 'partial' || hasEmptyAlternative(pattern)]).toEqual([
            seed,
            cut,
            true,
          ]);
        }
      }
    }
    expect(partials).toBeGreaterThan(100);
  });

  it('greedy never accepts a whole stream the regular reading rejects', () => {
    for (let seed = 1000; seed < 1300; seed++) {
      const rnd = random(seed);
      const pattern = randomPattern(rnd, 3, []);
      const ids = Array.from({ length: rnd.int(6) }, () => `T${rnd.int(6)}`);
      const greedy = run(pattern, ids, 'greedy');
      if (greedy[0] === 'success' && greedy[1] === 0) {
        expect([seed, run(pattern, ids, 'regular')]).toEqual([seed, ['success', 0]]);
      }
    }
  });
});

/** Whether some alternates member can match no statement (the spec's caveat on alternates). */
function hasEmptyAlternative(node: PatternNode): boolean {
  switch (node.kind) {
    case 'alternates':
      return node.members.some((m) => matchesNothing(m) || hasEmptyAlternative(m));
    case 'sequence':
      return node.members.some(hasEmptyAlternative);
    case 'optional':
    case 'zeroOrMore':
    case 'oneOrMore':
      return hasEmptyAlternative(node.member);
    default:
      return false;
  }
}

function matchesNothing(node: PatternNode): boolean {
  switch (node.kind) {
    case 'optional':
    case 'zeroOrMore':
      return true;
    case 'oneOrMore':
      return matchesNothing(node.member);
    case 'sequence':
      return node.members.every(matchesNothing);
    case 'alternates':
      return node.members.some(matchesNothing);
    default:
      return false;
  }
}
