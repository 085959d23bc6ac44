import { describe, expect, it } from 'vitest';
import type { SimulationProblem } from '../../../xapi/simulate/index';
import { problemsHeader } from './statement.routes';

const problem = (i: number): SimulationProblem => ({
  kind: 'template',
  id: `https://example.org/templates/t${i}`,
  reason: `rule ${i} wants "é" and ${'x'.repeat(i % 40)}, which no value can give`,
});

describe('the Simulation-Problems header', () => {
  it('carries as many whole problems as fit in 4,096 characters, as percent-encoded JSON', () => {
    const problems = Array.from({ length: 500 }, (_, i) => problem(i));
    const header = problemsHeader(problems);
    expect(header.length).toBeLessThanOrEqual(4096);
    const carried = JSON.parse(decodeURIComponent(header)) as SimulationProblem[];
    expect(carried.length).toBeGreaterThan(10);
    expect(carried).toEqual(problems.slice(0, carried.length));
    // One more would not have fit.
    const oneMore = encodeURIComponent(JSON.stringify(problems.slice(0, carried.length + 1)));
    expect(oneMore.length).toBeGreaterThan(4096);
  });

  it('is an empty list when there is nothing to carry, and every problem when all fit', () => {
    expect(decodeURIComponent(problemsHeader([]))).toBe('[]');
    const few = [problem(1), problem(2)];
    expect(JSON.parse(decodeURIComponent(problemsHeader(few)))).toEqual(few);
    expect(problemsHeader(few)).toBe(encodeURIComponent(JSON.stringify(few)));
  });
});
