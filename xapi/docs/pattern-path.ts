/**
 * The path a registration took through a pattern's diagram: the specification's greedy `matches`
 * (as `xapi/statement/matches.ts` transcribes it) run over the diagram's tree, remembering which
 * node matched which statements, which bypasses and repeats were taken, and which templates the
 * pattern expected where it stopped. Its outcome is the matcher's, which a test checks.
 */
import type { Iri } from '../model/types.js';
import type { PatternMatchOutcome } from '../statement/types.js';
import type { PathHighlight } from './diagram-svg.js';
import type { DiagramNode, PatternIndex, PatternTreeNode } from './pattern-tree.js';
import { patternTree } from './pattern-tree.js';

export interface RegistrationPath extends PathHighlight {
  outcome: PatternMatchOutcome;
  /** Statements of the stream left over after the pattern ended. */
  remaining: number;
}

interface Step {
  outcome: PatternMatchOutcome;
  at: number;
  /** Visit keys, one per match (of a node, a bypass taken or a repeat). */
  log: string[];
}

/**
 * Follows `stream` (the templates each statement matched, in order) through `tree`. Nested
 * patterns the tree left folded are expanded from `index` as the match reaches them.
 */
export function registrationPath(
  index: PatternIndex,
  tree: PatternTreeNode,
  stream: readonly (readonly Iri[])[],
): RegistrationPath {
  const n = stream.length;
  let furthest = -1;
  let expected = new Set<string>();
  const note = (position: number, key: string) => {
    if (position > furthest) {
      furthest = position;
      expected = new Set([key]);
    } else if (position === furthest) expected.add(key);
  };
  const expand = (node: DiagramNode): DiagramNode => {
    if (node.node !== 'folded') return node;
    // A level at a time, as the match reaches it: expanding a folded pattern whole could take
    // as many nodes as paths through it, which a pattern naming the same pattern twice at each
    // level makes exponential.
    const inner = patternTree(index, node.id, {
      maxNodes: 50,
      rootKey: node.key,
      ancestors: node.ancestors ?? [],
    });
    if (inner) return inner;
    return node.ancestors?.includes(node.id)
      ? { ...node, node: 'cycle' }
      : { ...node, node: 'invalid' };
  };
  const fail = (at: number): Step => ({ outcome: 'failure', at, log: [] });

  const matches = (raw: DiagramNode, at: number): Step => {
    const node = expand(raw);
    if (node.node !== 'pattern') {
      // A component that is no pattern of the profile is read as a template, as the matcher does.
      if (node.node !== 'template' && node.node !== 'elsewhere') return fail(at);
      if (at === n) {
        // Ran out of statements: the template is what comes next, not a part of the path.
        note(at, node.key);
        return { outcome: 'partial', at: n, log: [] };
      }
      if (stream[at]!.includes(node.id)) return { outcome: 'success', at: at + 1, log: [node.key] };
      note(at, node.key);
      return fail(at);
    }
    const own = node.key;
    switch (node.kind) {
      case 'sequence': {
        let next = at;
        const log = [own];
        for (const member of node.members) {
          const step = matches(member, next);
          log.push(...step.log);
          if (step.outcome === 'failure') return { outcome: 'failure', at, log };
          if (step.outcome === 'partial') return { outcome: 'partial', at: n, log };
          next = step.at;
        }
        return { outcome: 'success', at: next, log };
      }
      case 'alternates': {
        let best: Step | undefined;
        let partial: Step | undefined;
        for (const member of node.members) {
          const maybe = matches(member, at);
          if (maybe.outcome === 'success' && (!best || maybe.at > best.at)) best = maybe;
          if (maybe.outcome === 'partial') partial ??= maybe;
        }
        if (!best && partial) return { outcome: 'partial', at: n, log: [own, ...partial.log] };
        if (!best) return fail(at);
        return { outcome: 'success', at: best.at, log: [own, ...best.log] };
      }
      case 'oneOrMore':
      case 'zeroOrMore': {
        const member = node.members[0]!;
        const log = [own];
        let last = at;
        let rounds = 0;
        const round = (step: Step) => {
          if (rounds > 0) log.push(`${own}:loop`);
          log.push(...step.log);
          rounds++;
        };
        const done = (outcome: PatternMatchOutcome, end: number): Step => {
          if (rounds === 0 && outcome === 'success') log.push(`${own}:skip`);
          return { outcome, at: end, log };
        };
        for (;;) {
          const step = matches(member, last);
          if (node.kind === 'oneOrMore') {
            if (step.outcome === 'success') {
              if (step.at !== last || rounds === 0) round(step);
            } else if (rounds === 0 && step.outcome === 'partial') {
              round(step);
              return { outcome: 'partial', at: n, log };
            } else {
              if (step.outcome === 'partial' && last !== n) {
                round(step);
                return { outcome: 'partial', at: last, log };
              }
              return rounds === 0 ? fail(at) : { outcome: 'success', at: last, log };
            }
          } else {
            if (step.outcome === 'failure') return done('success', last);
            if (step.outcome === 'partial' && step.at !== n) {
              round(step);
              return { outcome: 'partial', at: step.at, log };
            }
            if (step.outcome === 'partial' && last !== n) {
              round(step);
              return { outcome: 'partial', at: last, log };
            }
            // A round that matched nothing ends the repetition; it is drawn only as the first.
            if (step.at !== last || rounds === 0) round(step);
          }
          if (step.at === last) return done('success', step.at);
          last = step.at;
        }
      }
      case 'optional': {
        if (at === n) return { outcome: 'success', at: n, log: [own, `${own}:skip`] };
        const step = matches(node.members[0]!, at);
        return step.outcome === 'failure'
          ? { outcome: 'success', at, log: [own, `${own}:skip`] }
          : { ...step, log: [own, ...step.log] };
      }
    }
  };

  const result = matches(tree, 0);
  const visits: Record<string, number> = {};
  for (const key of result.log) visits[key] = (visits[key] ?? 0) + 1;
  // As the matcher's trace: nothing is expected once the pattern has ended, whether or not
  // statements are left over.
  const complete = result.outcome === 'success' && (result.at === n || furthest < result.at);
  return {
    outcome: result.outcome,
    remaining: n - result.at,
    visits,
    next: complete ? [] : [...expected],
  };
}
