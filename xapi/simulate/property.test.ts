/**
 * Property: for any profile, preparing a simulation either says why something cannot be
 * simulated, or what it generates passes — every statement validates against the profile's
 * templates and every registration follows a primary pattern. Profiles are drawn small, from few
 * verbs, types and locations, so that templates overlap and rules collide often.
 *
 * Fixed seed by default; `SIMULATE_RUNS=500` runs that many profiles from a random seed instead.
 * A failure prints fast-check's seed and path, which replay it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../json.js';
import type { Concept, Pattern, Profile, Rule, StatementTemplate } from '../model/types.js';
import { followsPatterns } from '../statement/follow-patterns.js';
import { validateStatement } from '../statement/validate-statement.js';
import { generate, prepareSimulation } from './index.js';

const RUNS = Number(process.env.SIMULATE_RUNS) || 0;
const SEED = 20261127;
const EX = 'https://property.example';
const VERSION = `${EX}/v1`;
const verbs = ['a', 'b', 'c'].map((v) => `${EX}/verbs/${v}`);
const types = ['x', 'y'].map((t) => `${EX}/types/${t}`);
const ext = `${EX}/extensions/level`;

const locations = [
  '$.result.response',
  '$.result.success',
  '$.result.score.scaled',
  '$.result.duration',
  '$.result',
  '$.context.platform',
  `$.context.extensions['${ext}']`,
  '$.context.contextActivities.grouping[*].id',
  '$.context.contextActivities.parent[*].definition.type',
  '$.context.contextActivities.category[*].id',
  '$.object.definition.type',
  '$.timestamp',
  '$..response',
];
const values: JsonValue[] = ['p', 'q', true, 1, 0.5, types[0]!, types[1]!, VERSION];

/** An optional part, left out three times in four. */
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { freq: 4, nil: undefined });
const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const rule: fc.Arbitrary<Rule> = fc
  .record({
    location: fc.constantFrom(...locations),
    presence: fc.option(fc.constantFrom('included', 'excluded', 'recommended'), { nil: undefined }),
    any: rarely(fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 })),
    all: rarely(fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 })),
    none: rarely(fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 2 })),
  })
  .map((r) => defined<Rule>(r))
  .filter(
    (r) =>
      r.presence !== undefined ||
      r.any !== undefined ||
      r.all !== undefined ||
      r.none !== undefined,
  );

const templateArb = (i: number): fc.Arbitrary<StatementTemplate> =>
  fc
    .record({
      verb: fc.option(fc.constantFrom(...verbs), { freq: 6, nil: undefined }),
      objectActivityType: rarely(fc.constantFrom(...types)),
      contextParentActivityType: rarely(
        fc.uniqueArray(fc.constantFrom(...types), { minLength: 1, maxLength: 2 }),
      ),
      rules: fc.array(rule, { maxLength: 3 }),
      objectStatementRefTemplate: rarely(fc.constant<string[]>([`${EX}/templates/0`])),
    })
    .map((t): StatementTemplate => ({
      id: `${EX}/templates/${i}`,
      type: 'StatementTemplate',
      inScheme: VERSION,
      ...defined(t),
    }));

type Node = { kind: 'template'; i: number } | { kind: string; members: Node[] };
const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 3 }).map((i): Node => ({ kind: 'template', i })),
    fc.record({
      kind: fc.constantFrom('sequence', 'alternates'),
      members: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      kind: fc.constantFrom('optional', 'zeroOrMore', 'oneOrMore'),
      members: tie('node').map((n): Node[] => [n]),
    }),
  ),
})).node;

/** The pattern tree as the profile's patterns, the root primary. */
function patternsOf(root: Node): Pattern[] {
  const out: Pattern[] = [];
  const idOf = (n: Node): string => {
    if (n.kind === 'template') return `${EX}/templates/${(n as { i: number }).i}`;
    const { kind, members } = n as { kind: string; members: Node[] };
    const id = `${EX}/patterns/${out.length}`;
    const pattern: Pattern = {
      id,
      type: 'Pattern',
      inScheme: VERSION,
      prefLabel: { en: id },
      definition: { en: id },
    };
    out.push(pattern);
    const ids = members.map(idOf);
    if (kind === 'sequence' || kind === 'alternates') pattern[kind] = ids;
    else pattern[kind as 'optional' | 'zeroOrMore' | 'oneOrMore'] = ids[0]!;
    return id;
  };
  const rootId = idOf(root.kind === 'template' ? { kind: 'sequence', members: [root] } : root);
  out.find((p) => p.id === rootId)!.primary = true;
  return out;
}

const profileArb: fc.Arbitrary<Profile> = fc
  .tuple(
    fc.tuple(templateArb(0), templateArb(1), templateArb(2), templateArb(3)),
    node,
    fc.boolean(),
  )
  .map(([templates, root, schema]) => {
    const concepts: Concept[] = [
      {
        id: ext,
        type: 'ContextExtension',
        inScheme: VERSION,
        prefLabel: { en: 'level' },
        definition: { en: 'level' },
        ...(schema
          ? { inlineSchema: JSON.stringify({ type: 'integer', minimum: 0, maximum: 3 }) }
          : {}),
      },
    ];
    return {
      id: `${EX}/profile`,
      type: 'Profile',
      conformsTo: 'https://w3id.org/xapi/profiles#1.0',
      prefLabel: { en: 'Property' },
      definition: { en: 'A drawn profile.' },
      versions: [{ id: VERSION }],
      concepts,
      templates,
      patterns: patternsOf(root),
    };
  });

describe('simulating drawn profiles', () => {
  it('either says why it cannot, or generates statements that validate and follow', () => {
    let generated = 0;
    let refused = 0;
    fc.assert(
      fc.property(profileArb, fc.integer({ min: 0, max: 1000 }), (profile, seed) => {
        const prepared = prepareSimulation([profile], { parameters: { seed, max: 60 } });
        for (const p of prepared.problems) {
          expect(p.reason.length).toBeGreaterThan(0);
          expect(['profile', 'template', 'pattern', 'parameters']).toContain(p.kind);
        }
        if (!prepared.ok) {
          expect(prepared.problems.length).toBeGreaterThan(0);
          refused++;
          return;
        }
        const statements = [...generate(prepared.plan)];
        const compiled = prepared.plan.compiled;
        const byId = new Map(statements.map((s) => [s.id as string, s]));
        const lookupStatement = (id: string) => byId.get(id);
        for (const s of statements) {
          expect(validateStatement(s, compiled, { lookupStatement }).outcome).toBe('success');
        }
        const follows = followsPatterns(statements, compiled, { lookupStatement });
        expect(follows.skipped).toEqual([]);
        expect(follows.followed).toBe(true);
        if (statements.length > 0) generated++;
      }),
      RUNS ? { numRuns: RUNS } : { seed: SEED, numRuns: 400 },
    );
    // Both outcomes are drawn: a change that refused every profile would pass silently otherwise.
    expect(generated).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  }, 120_000);
});
