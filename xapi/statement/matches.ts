/**
 * Matching a stream of statements (each known by the templates it matched) against a pattern.
 * `greedy` transcribes the spec's `matches` (communication §2.2) step for step: every optional,
 * zeroOrMore, oneOrMore and alternates takes the longest match, never backtracks. One departure:
 * a zeroOrMore whose repetition runs out of statements is partial, as the spec's table of
 * outcomes says, where the pseudocode's next round on no statements would call it a success.
 * `regular` reads the pattern as the regular expression it describes (what a DFA, as in other
 * processors, accepts), so authors can see where the two readings disagree.
 */
import type { Iri } from '../model/types.js';
import type { PatternNode } from './compile.js';
import type {
  PatternMatchOutcome,
  PatternMatchResult,
  PatternSemantics,
  PatternTrace,
} from './types.js';

const count = (n: number) => `${n} statement${n === 1 ? '' : 's'}`;

/** The templates each statement of the stream matched, in stream order. */
export type TemplateStream = readonly (readonly Iri[])[];

export function matchPattern(
  stream: TemplateStream,
  pattern: PatternNode,
  semantics: PatternSemantics = 'greedy',
): PatternMatchResult {
  const tracker = new Tracker(stream);
  const { outcome, remaining } =
    semantics === 'greedy' ? greedy(stream, pattern, tracker) : regular(stream, pattern, tracker);
  return { patternId: pattern.id, outcome, remaining, trace: tracker.trace(outcome, remaining) };
}

/** Remembers the furthest statement a template was tried on, and which templates were tried there. */
class Tracker {
  furthest = -1;
  expected = new Set<Iri>();

  constructor(private readonly stream: TemplateStream) {}

  note(position: number, template: Iri): void {
    if (position > this.furthest) {
      this.furthest = position;
      this.expected = new Set([template]);
    } else if (position === this.furthest) this.expected.add(template);
  }

  accepts(position: number, template: Iri): boolean {
    if (position < this.stream.length && this.stream[position]!.includes(template)) return true;
    this.note(position, template);
    return false;
  }

  trace(outcome: PatternMatchOutcome, remaining: number): PatternTrace {
    const n = this.stream.length;
    const consumed = outcome === 'failure' ? 0 : n - remaining;
    const expected = [...this.expected];
    const list = (ids: readonly Iri[]) => (ids.length === 0 ? 'no template' : ids.join(', '));
    if (outcome === 'success' && remaining === 0) {
      return {
        consumed,
        expected: [],
        found: [],
        message: n === 1 ? 'Matched the 1 statement.' : `Matched all ${n} statements.`,
      };
    }
    if (outcome === 'success' && this.furthest < consumed) {
      const found = [...this.stream[consumed]!];
      return {
        consumed,
        stoppedAt: consumed,
        expected: [],
        found,
        message: `Matched the first ${consumed} of ${n} statements, where the pattern ends; ${count(remaining)} left over, from statement ${consumed + 1} of the stream (matching ${list(found)}).`,
      };
    }
    if (this.furthest < 0 || this.furthest >= n) {
      return {
        consumed,
        expected,
        found: [],
        message:
          outcome === 'partial'
            ? `Matched ${count(n)}, then ran out: the pattern expects more (${list(expected)}).`
            : `Matched ${consumed} of ${count(n)}.`,
      };
    }
    const found = [...this.stream[this.furthest]!];
    const head =
      outcome === 'failure'
        ? 'Did not match'
        : outcome === 'partial'
          ? `Stopped after ${count(consumed)} and could continue`
          : `Matched the first ${consumed} of ${n} statements`;
    return {
      consumed,
      stoppedAt: this.furthest,
      expected,
      found,
      message: `${head}; statement ${this.furthest + 1} of the stream matches ${list(found)}, where the pattern expected ${list(expected)}.`,
    };
  }
}

interface Step {
  outcome: PatternMatchOutcome;
  /** Position of the first statement not consumed (the spec's remaining statements). */
  at: number;
}

function greedy(
  stream: TemplateStream,
  root: PatternNode,
  tracker: Tracker,
): { outcome: PatternMatchOutcome; remaining: number } {
  const n = stream.length;
  const matches = (node: PatternNode, at: number): Step => {
    switch (node.kind) {
      case 'invalid':
        return { outcome: 'failure', at };
      case 'template':
        if (at === n) {
          tracker.note(at, node.id);
          return { outcome: 'partial', at: n };
        }
        return tracker.accepts(at, node.id)
          ? { outcome: 'success', at: at + 1 }
          : { outcome: 'failure', at };
      case 'sequence': {
        let next = at;
        for (const member of node.members) {
          const step = matches(member, next);
          if (step.outcome === 'failure') return { outcome: 'failure', at };
          if (step.outcome === 'partial') return { outcome: 'partial', at: n };
          next = step.at;
        }
        return { outcome: 'success', at: next };
      }
      case 'alternates': {
        let outcome: PatternMatchOutcome = 'failure';
        let next = at;
        for (const member of node.members) {
          const maybe = matches(member, at);
          if (maybe.outcome === 'success') {
            outcome = 'success';
            if (maybe.at > next) next = maybe.at;
          }
          if (maybe.outcome === 'partial' && outcome === 'failure') outcome = 'partial';
        }
        if (outcome === 'partial') return { outcome: 'partial', at: n };
        return { outcome, at: next };
      }
      case 'oneOrMore': {
        let outcome: PatternMatchOutcome = 'failure';
        let last = at;
        for (;;) {
          const step = matches(node.member, last);
          if (step.outcome === 'success') outcome = 'success';
          else if (outcome === 'failure' && step.outcome === 'partial')
            return { outcome: 'partial', at: n };
          else {
            if (step.outcome === 'partial' && last !== n) return { outcome: 'partial', at: last };
            return { outcome, at: last };
          }
          if (step.at === last) return { outcome: 'success', at: step.at };
          last = step.at;
        }
      }
      case 'zeroOrMore': {
        let last = at;
        for (;;) {
          const step = matches(node.member, last);
          if (step.outcome === 'failure') return { outcome: 'success', at: last };
          if (step.outcome === 'partial' && step.at !== n)
            return { outcome: 'partial', at: step.at };
          // A repetition begun on statements that ran out before it ended leaves the pattern in the
          // middle of matching: partial, as oneOrMore says. The pseudocode goes on to a round on no
          // statements, finds it "the same size" and calls the cut-short repetition a success.
          if (step.outcome === 'partial' && last !== n) return { outcome: 'partial', at: last };
          if (step.at === last) return { outcome: 'success', at: step.at };
          last = step.at;
        }
      }
      case 'optional': {
        if (at === n) return { outcome: 'success', at: n };
        const step = matches(node.member, at);
        return step.outcome === 'failure' ? { outcome: 'success', at } : step;
      }
    }
  };
  const result = matches(root, 0);
  return { outcome: result.outcome, remaining: n - result.at };
}

function regular(
  stream: TemplateStream,
  root: PatternNode,
  tracker: Tracker,
): { outcome: PatternMatchOutcome; remaining: number } {
  const n = stream.length;
  let ranOut = false;
  /** Every position where `node` can end when it starts at one of `starts`. */
  const ends = (node: PatternNode, starts: Set<number>): Set<number> => {
    const out = new Set<number>();
    switch (node.kind) {
      case 'invalid':
        return out;
      case 'template':
        for (const at of starts) {
          if (at === n) {
            ranOut = true;
            tracker.note(at, node.id);
          } else if (tracker.accepts(at, node.id)) out.add(at + 1);
        }
        return out;
      case 'sequence': {
        let current = starts;
        for (const member of node.members) {
          if (current.size === 0) break;
          current = ends(member, current);
        }
        return current;
      }
      case 'alternates':
        for (const member of node.members) for (const at of ends(member, starts)) out.add(at);
        return out;
      case 'optional':
        for (const at of starts) out.add(at);
        for (const at of ends(node.member, starts)) out.add(at);
        return out;
      case 'zeroOrMore':
        return closure(node.member, starts);
      case 'oneOrMore':
        return closure(node.member, ends(node.member, starts));
    }
  };
  const closure = (member: PatternNode, starts: Set<number>): Set<number> => {
    const reached = new Set(starts);
    let frontier = starts;
    while (frontier.size > 0) {
      const next = new Set<number>();
      for (const at of ends(member, frontier)) {
        if (!reached.has(at)) {
          reached.add(at);
          next.add(at);
        }
      }
      frontier = next;
    }
    return reached;
  };
  const finals = ends(root, new Set([0]));
  if (finals.has(n)) return { outcome: 'success', remaining: 0 };
  if (ranOut) return { outcome: 'partial', remaining: 0 };
  if (finals.size > 0) return { outcome: 'success', remaining: n - Math.max(...finals) };
  return { outcome: 'failure', remaining: n };
}
