import { pointer } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { describe, isObject, jsonEqual } from '../json.js';
import { isIri } from '../values.js';
import type { Entry, ValidationContext } from './context.js';
import { IriRef, checkIri, checkIriSyntax, checkLanguageMap, has } from './context.js';

const operators = ['alternates', 'optional', 'oneOrMore', 'sequence', 'zeroOrMore'] as const;
const listOperators = new Set(['alternates', 'sequence']);

/** Members of a pattern as IRIs, ignoring malformed ones (reported by K6). */
export function membersOf(p: JsonObject): string[] {
  const out: string[] = [];
  for (const op of operators) {
    const v = p[op];
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const m of v) if (typeof m === 'string') out.push(m);
  }
  return out;
}

/** K1–K13. */
export function checkPatterns(ctx: ValidationContext): void {
  const steps = patternSteps(ctx);
  while (!steps.next().done) continue;
}

/** checkPatterns, giving way after each pattern and between the whole-graph checks. */
export function* patternSteps(ctx: ValidationContext): Generator<void, void, void> {
  const list = ctx.doc.patterns;
  if (!Array.isArray(list)) return;
  list.forEach((item, i) => {
    if (!isObject(item)) {
      ctx.error(
        'K1',
        pointer('', 'patterns', i),
        `Each Pattern must be an object, but this is ${describe(item)}.`,
      );
    }
  });
  const referenced = new Set<string>();
  for (const e of ctx.patterns) for (const m of membersOf(e.value)) referenced.add(m);
  for (const entry of ctx.patterns) {
    checkPattern(ctx, entry, referenced);
    yield;
  }
  checkCycles(ctx);
  yield;
  checkGreedyAmbiguity(ctx);
}

function checkPattern(ctx: ValidationContext, entry: Entry, referenced: Set<string>): void {
  const { value: p, path } = entry;
  checkIri(ctx, p, 'id', path, 'K1', 'the IRI of this Pattern', true);
  if (p.type !== 'Pattern') {
    ctx.error(
      'K1',
      has(p, 'type') ? pointer(path, 'type') : path,
      `A Pattern's "type" must be "Pattern", but it is ${describe(p.type)}.`,
    );
  }
  if (has(p, 'primary') && typeof p.primary !== 'boolean') {
    ctx.error(
      'K2',
      pointer(path, 'primary'),
      `"primary" must be true or false, but it is ${describe(p.primary)}.`,
    );
  }
  if (!has(p, 'inScheme')) {
    ctx.strict(
      'K3',
      path,
      'This Pattern has no "inScheme"; set it to the IRI of the profile version being described, as for every other object.',
    );
  } else {
    checkIri(
      ctx,
      p,
      'inScheme',
      path,
      'K3',
      'the IRI of the profile version being described',
      false,
    );
  }
  if (has(p, 'deprecated') && typeof p.deprecated !== 'boolean') {
    ctx.error(
      'D4',
      pointer(path, 'deprecated'),
      `"deprecated" must be true or false, but it is ${describe(p.deprecated)}.`,
    );
  }
  checkLanguageMap(ctx, p, 'prefLabel', path, 'K4', p.primary === true);
  checkLanguageMap(ctx, p, 'definition', path, 'K4', p.primary === true);
  const used = operators.filter((op) => has(p, op));
  if (used.length !== 1) {
    ctx.error(
      'K5',
      path,
      used.length === 0
        ? `A Pattern needs exactly one of ${operators.join(', ')}; it has none.`
        : `A Pattern must have exactly one of ${operators.join(', ')}; it has ${used.join(' and ')}. Split it into nested patterns.`,
    );
  }
  for (const op of used) checkOperator(ctx, p, op, path, referenced);
  checkPatternIdStable(ctx, p, path);
}

function checkOperator(
  ctx: ValidationContext,
  p: JsonObject,
  op: string,
  path: string,
  referenced: Set<string>,
): void {
  const value = p[op];
  const at = pointer(path, op);
  const members: IriRef[] = [];
  if (listOperators.has(op)) {
    if (!Array.isArray(value)) {
      ctx.error(
        'K6',
        at,
        `"${op}" must be an array of Statement Template or Pattern IRIs, but it is ${describe(value)}.`,
      );
      return;
    }
    value.forEach((m, i) => {
      if (isIri(m)) members.push(new IriRef(m, at, i));
      else notAnIri(ctx, op, m, pointer(at, i));
    });
    if (op === 'alternates' && value.length < 2) {
      ctx.error(
        'K7',
        at,
        '"alternates" needs at least two members; with one member, refer to it directly.',
      );
    }
    if (op === 'sequence' && value.length < 2) {
      const single = members[0] ? ctx.byId.get(members[0].iri) : undefined;
      const exempt =
        p.primary === true &&
        !(typeof p.id === 'string' && referenced.has(p.id)) &&
        (single?.kind === 'template' ||
          (members[0] !== undefined && ctx.known.get(members[0].iri)?.kind === 'template'));
      if (!exempt) {
        ctx.error(
          'K8',
          at,
          '"sequence" needs at least two members, unless it is a primary Pattern, used by no other Pattern, whose single member is a Statement Template.',
        );
      }
    }
  } else if (isIri(value)) {
    members.push(new IriRef(value, at));
  } else {
    notAnIri(ctx, op, value, at);
  }
  for (const m of members) {
    checkIriSyntax(ctx, m.iri, m);
    const target = resolveMember(ctx, m.iri);
    if (target === undefined) {
      ctx.strict(
        'K11',
        m.path,
        `"${m.iri}" is not a Statement Template or Pattern of this profile or of any known profile; check the IRI, or load the profile it comes from.`,
      );
    } else if (target.kind !== 'template' && target.kind !== 'pattern') {
      ctx.error(
        'K11',
        m.path,
        `"${m.iri}" is a ${target.kind}, not a Statement Template or Pattern.`,
      );
    } else if (
      op === 'alternates' &&
      target.kind === 'pattern' &&
      (has(target.value, 'optional') || has(target.value, 'zeroOrMore'))
    ) {
      ctx.error(
        'K9',
        m.path,
        `"${m.iri}" is an optional/zeroOrMore Pattern, which must not be placed directly inside "alternates"; make the whole alternates optional instead.`,
      );
    }
  }
}

function notAnIri(
  ctx: ValidationContext,
  op: string,
  value: JsonValue | undefined,
  at: string,
): void {
  const hint =
    isObject(value) && typeof value.id === 'string' ? ` Write "${value.id}" itself.` : '';
  const what = listOperators.has(op) ? `Members of "${op}"` : `"${op}"`;
  ctx.error(
    'K6',
    at,
    `${what} must be Statement Template or Pattern IRI strings, but this is ${describe(value)}.${hint}`,
  );
  if (typeof value === 'string') {
    ctx.error(
      'K11',
      at,
      `${JSON.stringify(value)} cannot be resolved to a Statement Template or Pattern: it is not an IRI.`,
    );
  }
}

function resolveMember(
  ctx: ValidationContext,
  iri: string,
): { kind: string; value: JsonObject } | undefined {
  const found = ctx.resolve(iri);
  if (!found) return undefined;
  return 'local' in found ? found.local : found.known;
}

/**
 * K10: Tarjan's strongly connected components over the pattern graph, iteratively. Patterns that
 * share an id (an L1 error) are one node with the members of all of them, so a pattern cannot
 * hide a cycle behind a duplicate of its id.
 */
function checkCycles(ctx: ValidationContext): void {
  const edges = new Map<string, string[]>();
  const pathsOf = new Map<string, string[]>();
  for (const e of ctx.patterns) {
    const id = e.value.id;
    if (typeof id !== 'string') continue;
    pathsOf.set(id, [...(pathsOf.get(id) ?? []), e.path]);
    edges.set(id, [...(edges.get(id) ?? []), ...membersOf(e.value)]);
  }
  for (const [id, k] of ctx.known) {
    if (k.kind === 'pattern' && !edges.has(id)) edges.set(id, membersOf(k.value));
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const succ = edges.get(frame.node) ?? [];
      if (frame.next < succ.length) {
        const to = succ[frame.next++]!;
        if (!edges.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && (edges.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfLoop) {
        const shown = component.slice(0, 5).reverse().join(' -> ');
        const loop =
          component.length > 5 ? `${shown} -> ... (${component.length} patterns)` : shown;
        for (const id of component) {
          for (const at of pathsOf.get(id) ?? []) {
            ctx.error(
              'K10',
              at,
              `Pattern "${id}" contains itself (through ${loop}); a Pattern must not include itself at any depth.`,
            );
          }
        }
      }
    }
  }
}

/**
 * K13: greedy matching never backtracks, so in a sequence a repeated or optional member that can
 * start with the same template as what follows it swallows the statements the follower needed.
 */
function checkGreedyAmbiguity(ctx: ValidationContext): void {
  const first = new Map<string, { set: Set<string>; nullable: boolean }>();
  const visiting = new Set<string>();
  const patternOf = (iri: string): JsonObject | undefined => {
    const found = resolveMember(ctx, iri);
    return found?.kind === 'pattern' ? found.value : undefined;
  };
  const info = (iri: string): { set: Set<string>; nullable: boolean } => {
    const cached = first.get(iri);
    if (cached) return cached;
    const p = patternOf(iri);
    // Past a few hundred levels the answer no longer matters for a warning, and the stack does.
    if (!p || visiting.has(iri) || visiting.size > 500)
      return { set: new Set([iri]), nullable: false };
    visiting.add(iri);
    let result: { set: Set<string>; nullable: boolean };
    if (Array.isArray(p.sequence)) {
      const set = new Set<string>();
      let nullable = true;
      for (const m of p.sequence) {
        if (typeof m !== 'string') continue;
        const i = info(m);
        i.set.forEach((x) => set.add(x));
        if (!i.nullable) {
          nullable = false;
          break;
        }
      }
      result = { set, nullable };
    } else if (Array.isArray(p.alternates)) {
      const set = new Set<string>();
      let nullable = false;
      for (const m of p.alternates) {
        if (typeof m !== 'string') continue;
        const i = info(m);
        i.set.forEach((x) => set.add(x));
        nullable ||= i.nullable;
      }
      result = { set, nullable };
    } else {
      const inner = [p.optional, p.zeroOrMore, p.oneOrMore].find((v) => typeof v === 'string');
      const i =
        typeof inner === 'string' ? info(inner) : { set: new Set<string>(), nullable: true };
      result = { set: i.set, nullable: i.nullable || typeof p.oneOrMore !== 'string' };
    }
    visiting.delete(iri);
    first.set(iri, result);
    return result;
  };
  for (const e of ctx.patterns) {
    const seq = e.value.sequence;
    if (!Array.isArray(seq)) continue;
    seq.forEach((m, i) => {
      if (typeof m !== 'string') return;
      const p = patternOf(m);
      const inner = p && [p.optional, p.zeroOrMore, p.oneOrMore].find((v) => typeof v === 'string');
      if (typeof inner !== 'string') return;
      const follow = new Set<string>();
      for (const next of seq.slice(i + 1)) {
        if (typeof next !== 'string') continue;
        const ni = info(next);
        ni.set.forEach((x) => follow.add(x));
        if (!ni.nullable) break;
      }
      const clash = [...info(inner).set].filter((x) => follow.has(x));
      if (clash.length > 0) {
        ctx.warning(
          'K13',
          pointer(e.path, 'sequence', i),
          `"${m}" can repeat or skip "${clash[0]}", which also starts what follows it; greedy matching takes every such statement here and the rest of the sequence can never match. Restructure the sequence.`,
        );
      }
    });
  }
}

/** K12: the same pattern id in an earlier version must keep the same operator and members. */
function checkPatternIdStable(ctx: ValidationContext, p: JsonObject, path: string): void {
  if (typeof p.id !== 'string') return;
  for (const other of ctx.otherVersions) {
    const previous = (Array.isArray(other.patterns) ? other.patterns : []).find(
      (x: JsonValue) => isObject(x) && x.id === p.id,
    );
    if (!isObject(previous)) continue;
    const changed = operators.filter((op) => !jsonEqual(p[op], previous[op]));
    if (changed.length > 0) {
      ctx.error(
        'K12',
        pointer(path, 'id'),
        `Pattern "${p.id}" changed ${changed.join(', ')} since an earlier version of this profile; give it a new id.`,
      );
    }
  }
}
