import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../common/errors';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { ApiClient, uniqueProfile, type TestDocument } from '../../test/public-api';
import { AppError } from '../errors';
import { BINDINGS, type Binding } from './protocol';
import { SparqlService, type SparqlOptions } from './service';

/**
 * Engine failures that are not the query's fault: the worker is retired, the failing query gets
 * 503 SPARQL_UNAVAILABLE, and a fresh worker, filled from the database, answers the next query
 * with every graph and the default graph merged as before. The service is built here with the
 * query limits lifted, so that a query the endpoint refuses can reach the engine and trap it.
 */
describe('SPARQL store after an engine failure', () => {
  const t = useTestApp();
  let group: KeyedGroup;
  const a = uniqueProfile();
  const b = uniqueProfile();
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const log = {
    info: (details: Record<string, unknown>, message: string) =>
      lines.push({ level: 'info', details, message }),
    warn: (details: Record<string, unknown>, message: string) =>
      lines.push({ level: 'warn', details, message }),
  };
  let service: SparqlService | null = null;

  const build = (options: Partial<SparqlOptions> = {}) => {
    service = new SparqlService(
      t.app.services.database.db,
      {
        timeoutMs: 20_000,
        maxResultBytes: 50_000_000,
        workers: 1,
        limits: { depthMax: 1_000_000, tokensMax: 1_000_000 },
        ...options,
      },
      log,
    );
    return service;
  };
  const caller = { keyId: 'key-id-1' };
  const select = async (sparql: SparqlService, query: string, name: string) => {
    const answer = await sparql.query(query, () => BINDINGS, caller);
    return (JSON.parse(answer.body) as Array<Record<string, Binding>>)
      .map((row) => row[name]?.value ?? '')
      .sort();
  };
  const authorsOf = (sparql: SparqlService, document: TestDocument) =>
    select(
      sparql,
      `SELECT ?n WHERE { <${document.base}> <http://schema.org/author> ?a . ?a <http://schema.org/name> ?n }`,
      'n',
    );
  const expectWhole = async (sparql: SparqlService) => {
    expect(await authorsOf(sparql, a)).toEqual(['Org A']);
    expect(await authorsOf(sparql, b)).toEqual(['Org B']);
    expect(
      await select(sparql, `SELECT DISTINCT ?g WHERE { GRAPH ?g { <${a.base}> ?p ?o } }`, 'g'),
    ).toEqual([`${a.base}/v2`]);
  };
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Sparql failures');
    a.doc.author = { type: 'Organization', name: 'Org A' };
    b.doc.author = { type: 'Organization', name: 'Org B' };
    await new ApiClient(t.app).import(group.keys.readWrite, a.doc);
    await new ApiClient(t.app).import(group.keys.readWrite, b.doc);
  });
  afterEach(async () => {
    await service?.close();
    service = null;
  });

  it('retires a worker whose engine traps, answers 503, and answers the next query in full', async () => {
    const sparql = build();
    await sparql.settled();
    await expectWhole(sparql);
    const before = sparql.replacements;
    // 1,000 nested groups: 2 KB that overflow oxigraph's WebAssembly stack.
    const trap = `SELECT * WHERE ${'{'.repeat(1000)} ?s ?p ?o ${'}'.repeat(1000)}`;
    const error = await failure(sparql.query(trap, () => BINDINGS, caller));
    expect(error.status).toBe(503);
    expect(error.code).toBe(ErrorCode.SparqlUnavailable);
    expect(sparql.replacements).toBe(before + 1);
    const failed = lines.find((line) => /engine failed/.test(line.message));
    expect(failed).toMatchObject({ level: 'warn', details: { keyId: 'key-id-1' } });
    await expectWhole(sparql);
  });

  it('retires a worker that runs out of memory, and answers the next query in full', async () => {
    // The query's own time limit far above the test's: on a busy host filling the heap takes
    // longer, and the query must run out of memory, not of time.
    const sparql = build({ workerHeapMb: 64, timeoutMs: 150_000 });
    await sparql.settled();
    await expectWhole(sparql);
    // Hundreds of thousands of solutions, each a JavaScript object: past a 64 MB heap.
    const error = await failure(
      sparql.query(
        'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } LIMIT 3000000',
        () => BINDINGS,
        caller,
      ),
    );
    expect(error.status).toBe(503);
    expect(error.code).toBe(ErrorCode.SparqlUnavailable);
    expect(lines.at(-1)).toMatchObject({
      level: 'warn',
      details: { err: { code: 'ERR_WORKER_OUT_OF_MEMORY' } },
    });
    await expectWhole(sparql);
  }, 180_000);
});
