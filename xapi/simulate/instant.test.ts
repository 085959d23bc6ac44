import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoInstant } from './instant.js';

describe('isoInstant', () => {
  it('writes what toISOString writes, for any instant it may be given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -8.64e15, max: 8.64e15 }),
          fc.integer({ min: 0, max: 253_402_300_799_999 }),
          fc.double({ min: -1e13, max: 4e12, noNaN: true }),
        ),
        (ms) => {
          expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('writes the edges of a day and of the years it writes itself', () => {
    for (const ms of [
      0, 1, 999, 86_399_999, 86_400_000, 951_782_400_000, 253_402_300_799_999, 253_402_300_800_000,
      -1,
    ])
      expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });

  it('keeps the day right when instants go back and forth across midnight', () => {
    const midnight = Date.UTC(2026, 10, 29);
    for (const ms of [midnight - 1, midnight, midnight - 1, midnight + 1, midnight - 86_400_000])
      expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });
});
