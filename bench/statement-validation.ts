/**
 * Statement validation throughput on one core: statements checked per second against a generated
 * profile of 60 templates, and pattern matching for 10,000 statements in 100 registrations.
 * Prints figures only. Run: node --import tsx bench/statement-validation.ts
 * Goal: at least 20,000 statements/s for template validation. Rates are per second of CPU time.
 */
import { fileURLToPath } from 'node:url';
import type { JsonObject, Pattern, Profile, StatementTemplate } from '../xapi/index.js';
import { compileProfile, followsPatterns, validateStatement } from '../xapi/index.js';

const base = 'https://bench.example/statements';
const version = `${base}/v1`;
const verbs = 20;
const types = 10;
const templateCount = 60;
const verbOf = (i: number) => `${base}/verbs/${i % verbs}`;
const typeOf = (i: number) => `${base}/activity-types/${i % types}`;
const templateOf = (i: number) => `${base}/templates/${i}`;
const ext = (name: string) => `${base}/extensions/${name}`;

/** Template i: its own verb/type pair, a parent type on every third, and seven typical rules. */
export function generateProfile(): Profile {
  const templates: StatementTemplate[] = [];
  for (let i = 0; i < templateCount; i++) {
    templates.push({
      id: templateOf(i),
      type: 'StatementTemplate',
      inScheme: version,
      prefLabel: { en: `template ${i}` },
      verb: verbOf(i),
      objectActivityType: typeOf(Math.floor(i / verbs) + i),
      ...(i % 3 === 0 ? { contextParentActivityType: [typeOf(i + 1)] } : {}),
      rules: [
        { location: '$.actor', selector: '$.mbox | $.account.name', presence: 'included' },
        { location: '$.result.success', presence: 'included', all: [true, false] },
        { location: '$.result.score.scaled', presence: 'recommended' },
        {
          location: `$.context.extensions['${ext('level')}']`,
          presence: 'included',
          any: [1, 2, 3, 4, 5],
        },
        {
          location: '$.context.contextActivities.category[*].id',
          presence: 'included',
          any: [version],
        },
        { location: '$.context.contextActivities.grouping[*].definition.type', none: [typeOf(9)] },
        { location: '$.object.definition.name', presence: 'excluded' },
      ],
    });
  }
  const pattern = (id: string, body: Partial<Pattern>): Pattern => ({
    id: `${base}/patterns/${id}`,
    type: 'Pattern',
    inScheme: version,
    ...body,
  });
  const patterns: Pattern[] = [
    pattern('attempt', {
      primary: true,
      prefLabel: { en: 'attempt' },
      definition: { en: 'A whole attempt.' },
      sequence: [templateOf(0), `${base}/patterns/middle`, templateOf(1)],
    }),
    pattern('middle', { zeroOrMore: `${base}/patterns/step` }),
    pattern('step', { alternates: [templateOf(2), templateOf(3), `${base}/patterns/pair`] }),
    pattern('pair', { sequence: [templateOf(4), `${base}/patterns/answers`] }),
    pattern('answers', { oneOrMore: templateOf(5) }),
  ];
  return {
    id: base,
    type: 'Profile',
    versions: [{ id: version, generatedAtTime: '2026-01-01T00:00:00Z' }],
    templates,
    patterns,
  };
}

let serial = 0;
const uuid = (n: number, prefix = '0000') =>
  `${prefix}0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A statement conforming to template i. */
export function statementFor(i: number, registration = 0, second = 0): JsonObject {
  return {
    id: uuid(++serial),
    actor: { objectType: 'Agent', mbox: 'mailto:learner@example.org', name: 'Learner' },
    verb: { id: verbOf(i), display: { en: `verb ${i % verbs}` } },
    object: {
      objectType: 'Activity',
      id: `${base}/activities/${i}`,
      definition: { type: typeOf(Math.floor(i / verbs) + i) },
    },
    result: { success: true, score: { scaled: 0.5 }, duration: 'PT5M' },
    context: {
      registration: uuid(registration, 'aaaa'),
      contextActivities: {
        parent: [{ id: `${base}/activities/parent`, definition: { type: typeOf(i + 1) } }],
        grouping: [{ id: `${base}/activities/course`, definition: { type: typeOf(3) } }],
        category: [{ id: version }],
      },
      extensions: { [ext('level')]: 1 + (i % 5) },
    },
    timestamp: new Date(Date.UTC(2026, 0, 1) + second * 1000).toISOString(),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Best and median of at least 7 runs and 500 ms of work, after warm-up. Times are CPU time of this
 * process (user + system), so that other work on a shared machine does not count against the code.
 */
function time(run: () => void): { min: number; median: number } {
  for (let i = 0; i < 3; i++) run();
  const runs: number[] = [];
  const started = performance.now();
  while (runs.length < 7 || performance.now() - started < 500) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    runs.push((used.user + used.system) / 1000);
  }
  return { min: Math.min(...runs), median: median(runs) };
}

const rate = (count: number, ms: number) =>
  `${Math.round((count / ms) * 1000).toLocaleString('en-US')}/s`;

/** One registration's attempt: start, a mix of steps and answer pairs, finish; 100 statements. */
function attempt(registration: number): JsonObject[] {
  const out = [statementFor(0, registration, 0)];
  let k = 1;
  while (out.length < 99) {
    const pick = (registration + k) % 3;
    if (pick === 2 && out.length < 97) {
      out.push(statementFor(4, registration, k++), statementFor(5, registration, k++));
    } else out.push(statementFor(pick === 0 ? 2 : 3, registration, k++));
  }
  out.push(statementFor(1, registration, k));
  return out;
}

function main(): void {
  const profile = generateProfile();
  const compile = time(() => compileProfile(structuredClone(profile)));
  console.log(
    `compile ${templateCount} templates + 5 patterns: ${compile.min.toFixed(2)} ms (median ${compile.median.toFixed(2)} ms)`,
  );

  const compiled = compileProfile(profile);
  const statements = Array.from({ length: 10_000 }, (_, i) => statementFor(i % templateCount));
  const outcomes = new Map<string, number>();
  for (const s of statements) {
    const o = validateStatement(s, compiled).outcome;
    outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
  }
  const validation = time(() => {
    for (const s of statements) validateStatement(s, compiled);
  });
  console.log(
    `template validation, ${statements.length} statements x ${templateCount} templates: ` +
      `${rate(statements.length, validation.min)} (median ${rate(statements.length, validation.median)}), ` +
      `outcomes ${JSON.stringify(Object.fromEntries(outcomes))}; goal >= 20,000/s`,
  );
  const invalid = statements.map((s) => ({ ...s, result: { success: 'yes' } }));
  const broken = time(() => {
    for (const s of invalid) validateStatement(s, compiled);
  });
  console.log(`not-a-statement path (bad result.success): ${rate(invalid.length, broken.min)}`);

  const batch = Array.from({ length: 100 }, (_, r) => attempt(r)).flat();
  // Registrations interleaved in the batch, as an LRS query returns them.
  batch.sort((a, b) => (a.timestamp as string).localeCompare(b.timestamp as string));
  for (const semantics of ['greedy', 'regular'] as const) {
    let followed = false;
    const patterns = time(() => {
      followed = followsPatterns(batch, compiled, { semantics }).followed;
    });
    const validations = batch.map((s) => validateStatement(s, compiled));
    const matching = time(() => followsPatterns(batch, compiled, { semantics, validations }));
    console.log(
      `patterns (${semantics}), ${batch.length} statements in 100 registrations: ${rate(batch.length, patterns.min)} ` +
        `including template validation (median ${rate(batch.length, patterns.median)}); ` +
        `${rate(batch.length, matching.min)} grouping, ordering and matching only; followed ${followed}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
