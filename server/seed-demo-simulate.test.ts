/**
 * The demo's "Reading Progress" profile simulated as the Generate Statements page asks for it:
 * version 2 with seed "audit5", 5 actors and 2 registrations each answered 500, because a rule's
 * `none` was discovered by the self-check instead of steering the values drawn.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../xapi/index.js';
import type { JsonObject } from '../xapi/index.js';
import { generate, prepareSimulation } from '../xapi/simulate/index.js';
import { readingDocument, readingIris } from './seed-demo-documents.js';

const PROFILE = 'https://profiles.example.org/reading-progress';

function simulateReading(actors: number, registrations: number, max: number): JsonObject[] {
  const { model } = parse(readingDocument(PROFILE, 2));
  const personae = Array.from({ length: actors }, (_, i) => ({
    name: `Simulated Actor ${i + 1}`,
    mbox: `mailto:actor${i + 1}@example.org`,
  }));
  const prepared = prepareSimulation([model!], {
    personae,
    parameters: { seed: 'audit5', registrations, max },
  });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  return [...generate(prepared.plan)];
}

describe('Reading Progress v2 simulated with seed "audit5"', () => {
  const finished = readingIris(PROFILE).templates.finished;
  const finishedVerb = readingIris(PROFILE).verbs.finished;

  it.each([
    [5, 2, 1000],
    [60, 10, 2000],
  ])(
    '%i actors, %i registrations: every statement made, none with a success of false where finishing forbids it',
    (actors, registrations, max) => {
      const statements = simulateReading(actors, registrations, max);
      expect(statements.length).toBeGreaterThan(0);
      const finishes = statements.filter((s) => (s.verb as JsonObject).id === finishedVerb);
      expect(finishes.length, `statements of ${finished}`).toBeGreaterThan(0);
      for (const s of finishes) expect((s.result as JsonObject).success).not.toBe(false);
    },
  );
});
