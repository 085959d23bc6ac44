import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { SPARQL_LIMITS } from '../../../common/limits';
import { sparqlExamples } from '../../../common/sparql-examples';
import { WORKER_STACK_MB } from './protocol';
import { scanQuery } from './scan';

const nested = (open: string, close: string, n: number, inner = '?s ?p ?o') =>
  `${open.repeat(n)}${inner}${close.repeat(n)}`;

describe('scanQuery', () => {
  it('measures the examples of the specification well within the limits', () => {
    for (const example of sparqlExamples()) {
      const shape = scanQuery(example.query);
      expect(shape.stopped, example.id).toBe(false);
      expect(shape.depth).toBeLessThanOrEqual(2);
      expect(shape.tokens).toBeLessThan(SPARQL_LIMITS.tokensMax / 10);
    }
  });

  it('counts the nesting of groups, parentheses, brackets and negations', () => {
    expect(scanQuery('SELECT * WHERE { ?s ?p ?o }').depth).toBe(1);
    expect(scanQuery(`SELECT * WHERE ${nested('{ ', ' }', 5)}`).depth).toBe(5);
    expect(scanQuery('SELECT * WHERE { ?s ?p [ ?q ( 1 2 ) ] }').depth).toBe(3);
    expect(scanQuery('ASK { FILTER(!!!true) }').depth).toBe(5);
    expect(scanQuery('ASK { FILTER(1 != 2) }').depth).toBe(2);
  });

  it('stops at the first limit passed, after one pass at most', () => {
    const deep = scanQuery(`SELECT * WHERE ${nested('{', '}', 1000)}`);
    expect(deep).toMatchObject({ stopped: true, depth: SPARQL_LIMITS.depthMax + 1 });
    const long = scanQuery(`ASK { ${'?s ?p ?o . '.repeat(100_000)} }`);
    expect(long).toMatchObject({ stopped: true, tokens: SPARQL_LIMITS.tokensMax + 1 });
  });

  it('reads brackets in strings, IRIs and comments as the grammar does: not at all', () => {
    const shape = scanQuery(`SELECT * WHERE { ?s <http://example.org/a#b> "{{((" .
      ?s ?p 'it\\'s {' , """{{{
      (((""" , '''[[[''' . # {{{{ (((( [[[[
      FILTER(?a<?b && ?c <= 2) }`);
    expect(shape).toMatchObject({ depth: 2, stopped: false });
  });

  it('does not count the data of a VALUES block, only its nesting', () => {
    const terms = Array.from({ length: 5_000 }, (_, i) => `<urn:x:${i}>`).join(' ');
    const inline = scanQuery(`SELECT * WHERE { VALUES ?x { ${terms} } ?x ?p ?o }`);
    expect(inline).toMatchObject({ stopped: false, depth: 2 });
    expect(inline.tokens).toBeLessThan(20);
    const rows = Array.from({ length: 2_000 }, (_, i) => `(<urn:x:${i}> ${i})`).join(' ');
    const trailing = scanQuery(`SELECT * WHERE { ?x ?p ?y } VALUES (?x ?y) { ${rows} }`);
    expect(trailing).toMatchObject({ stopped: false, depth: 2 });
    // What follows the block is counted again.
    const after = scanQuery(
      `SELECT * WHERE { VALUES ?x { ${terms} } ${'?x ?p ?o . '.repeat(300)} }`,
    );
    expect(after.stopped).toBe(true);
  });
});

/**
 * The limits are there because oxigraph recurses on a fixed WebAssembly stack: past it, the
 * engine traps ("memory access out of bounds") and is unusable. The heaviest shapes measured
 * (nested calls, EXISTS, subqueries, with a long chain of operators at the bottom) are built as
 * large as the limits let through — and twice as large, the margin kept — and each runs in a
 * fresh engine of its own, in a thread with the stack the store's workers have, which must answer.
 */
describe('the largest queries the limits let through', () => {
  const oxigraphPath = createRequire(import.meta.url).resolve('oxigraph');
  const answer = (query: string) =>
    new Promise<string>((resolve) => {
      const worker = new Worker(
        `const oxigraph = require(${JSON.stringify(oxigraphPath)});
         const { parentPort, workerData } = require('node:worker_threads');
         const store = new oxigraph.Store();
         store.load('<urn:a> <urn:p> <urn:b> .', { format: 'application/n-triples' });
         try { store.query(workerData); parentPort.postMessage('answered'); }
         catch (error) { parentPort.postMessage(error.constructor.name + ': ' + error.message); }`,
        { eval: true, workerData: query, resourceLimits: { stackSizeMb: WORKER_STACK_MB } },
      );
      worker.once('message', (outcome: string) => {
        resolve(outcome);
        void worker.terminate();
      });
      worker.once('error', (error) => resolve(`worker error: ${error.message}`));
    });

  type Shape = (depth: number, chain: number) => string;
  const chainOf = (n: number, item: string, glue: string) => Array(n).fill(item).join(glue);
  const shapes: Record<string, Shape> = {
    'nested IF with a sum': (d, n) =>
      `SELECT * WHERE { ?s ?p ?o BIND(${nested('IF(true, ', ', 2)', d, chainOf(n + 1, '1', '+'))} AS ?z) }`,
    'nested CONCAT with a sum': (d, n) =>
      `SELECT * WHERE { ?s ?p ?o BIND(${nested('CONCAT("a", ', ')', d, chainOf(n + 1, '1', '+'))} AS ?z) }`,
    'nested groups with path alternatives': (d, n) =>
      `SELECT * WHERE { ${nested('{ ', ' }', d, `?s ${chainOf(n + 1, '<urn:p>', '|')} ?o`)} }`,
    'nested EXISTS with FILTERs': (d, n) =>
      `SELECT * WHERE { ?s ?p ?o ${nested('FILTER EXISTS { ?s ?p ?o ', ' }', d, chainOf(n, 'FILTER(?s != <urn:z>)', ' '))} }`,
    'nested subqueries with a UNION chain': (d, n) =>
      `SELECT * WHERE { ?s ?p ?o ${nested('{ SELECT * WHERE { ', ' } }', d, chainOf(n + 1, '{ ?s ?p ?o }', ' UNION '))} }`,
    'negations with a sum': (d, n) =>
      `SELECT * WHERE { ?s ?p ?o FILTER(${'!'.repeat(d)}(${chainOf(n + 1, '1', '+')} > 0)) }`,
  };

  /** The largest `n` for which `fits(n)`, `fits` holding for 0 and being monotone. */
  const largest = (fits: (n: number) => boolean) => {
    let low = 0;
    let high = 1;
    while (fits(high)) high *= 2;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (fits(mid)) low = mid;
      else high = mid;
    }
    return low;
  };

  for (const factor of [1, 2]) {
    const limits = {
      depthMax: SPARQL_LIMITS.depthMax * factor,
      tokensMax: SPARQL_LIMITS.tokensMax * factor,
    };
    const fits = (query: string) => !scanQuery(query, limits).stopped;
    it.each(Object.entries(shapes))(`${factor}× the limits: %s`, async (_name, shape) => {
      const depth = largest((d) => fits(shape(d, 0)));
      // As deep as allowed, less a quarter left for a chain, then the longest chain that fits.
      const used = Math.floor((depth * 3) / 4);
      const chain = largest((n) => fits(shape(used, n)));
      const query = shape(used, chain);
      expect(scanQuery(query, limits).depth).toBeGreaterThan(limits.depthMax / 2);
      expect(scanQuery(query, limits).tokens).toBeGreaterThan(limits.tokensMax * 0.9);
      expect(await answer(query), `depth ${used}, chain ${chain}`).toBe('answered');
    });
  }
});
