import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sparqlExamples } from '../../../common/sparql-examples';
import { buildApp, type BuiltApp } from '../../app';
import type { Database } from '../../db/client';
import { makeKeyedGroup } from '../../test/api-keys';
import { testConfig } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { eventually } from '../../test/jobs';
import { ApiClient, expectError, uniqueProfile } from '../../test/public-api';
import { ENDLESS_QUERY, postQuery } from '../../test/sparql';

/** What the app logged, line by line. */
type LogLine = Record<string, unknown> & { msg: string; level: number };
const INFO = 30;

/** An app on its own database whose log lines are kept, with one published profile. */
function useLoggedApp(settings: Record<string, string>) {
  const holder = {
    app: null as unknown as BuiltApp,
    database: null as unknown as Database,
    lines: [] as string[],
    /** Two read keys of one group and two of another: four lanes. */
    keys: [] as string[],
    keyIds: [] as string[],
    logged: () => holder.lines.map((line) => JSON.parse(line) as LogLine),
  };
  beforeAll(async () => {
    holder.database = await createTestDatabase();
    holder.app = await buildApp({
      config: testConfig(settings),
      database: holder.database,
      logger: { level: 'info', stream: { write: (line: string) => holder.lines.push(line) } },
    });
    await holder.app.ready();
    const one = await makeKeyedGroup(holder.app, 'Sparql lanes');
    const two = await makeKeyedGroup(holder.app, 'Sparql lanes');
    holder.keys = [one.keys.readOnly, one.keys.readWrite, two.keys.readOnly, two.keys.readWrite];
    for (const key of holder.keys) {
      const row = await holder.app.services.apiKeys.authenticate(key);
      holder.keyIds.push(row?.id ?? '');
    }
    await new ApiClient(holder.app).import(one.keys.readWrite, uniqueProfile().doc);
    await holder.app.services.sparql.settled();
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
  });
  return holder;
}

/** A query over a real connection, whose answer may be looked at before it comes. */
function connect(address: string, key: string, query: string) {
  const state = { answered: false, status: 0, retryAfter: '', body: '' };
  const request = httpRequest(`${address}/api/sparql`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'text/plain' },
  });
  request.on('response', (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      state.body += chunk;
    });
    response.on('end', () => {
      state.status = response.statusCode ?? 0;
      state.retryAfter = String(response.headers['retry-after'] ?? '');
      state.answered = true;
    });
  });
  request.on('error', () => undefined);
  request.end(query);
  return { state, drop: () => request.destroy() };
}

const [example] = sparqlExamples();

describe('SPARQL: one key cannot hold the endpoint', () => {
  // One worker, so turns are visible; a time limit no test reaches, so only the test ends a query.
  const t = useLoggedApp({ SPARQL_WORKERS: '1', SPARQL_TIMEOUT_SECONDS: '300' });
  let address = '';
  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('runs one query of a key and keeps two waiting, refuses the rest with 429, and gives another key the next turn', async () => {
    const [flooder, other] = t.keys as [string, string];
    const stats = () => t.app.services.sparql.stats();
    // The first runs; 39 more come while it does.
    const running = connect(address, flooder, ENDLESS_QUERY);
    await eventually('one running', async () => stats().running === 1, 10_000);
    const flood = Array.from({ length: 39 }, () => connect(address, flooder, ENDLESS_QUERY));
    const refused = await eventually(
      'the refusals',
      async () => {
        const answered = flood.filter((query) => query.state.answered);
        return answered.length >= 37 ? answered : null;
      },
      20_000,
    );
    expect(refused).toHaveLength(37);
    for (const { state } of refused) {
      expect(state.status, state.body).toBe(429);
      expect(JSON.parse(state.body)).toMatchObject({ code: 'RATE_LIMITED' });
      expect(state.body).toMatch(/one runs and 2 may wait/);
      expect(Number(state.retryAfter)).toBeGreaterThan(0);
    }
    expect(stats()).toMatchObject({ running: 1, waiting: 2 });

    // The other key waits for the one worker, then has the next turn, before the flooder's.
    const answer = postQuery(t.app, other, example!.query);
    await eventually('the other key waiting', async () => stats().waiting === 3, 10_000);
    const held = flood.filter((query) => !query.state.answered);
    expect(held).toHaveLength(2);
    running.drop();
    const answered = await answer;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(held.filter((query) => query.state.answered)).toEqual([]);
    expect(stats()).toMatchObject({ running: 1, waiting: 1 });
    for (const query of held) query.drop();
    await eventually('nothing left', async () => stats().running + stats().waiting === 0, 10_000);
  }, 60_000);

  it('logs each refusal at info with the key’s id, never the key', async () => {
    const [flooderId] = t.keyIds as [string];
    const refusals = t.logged().filter((line) => /refused: too many at once/.test(line.msg));
    expect(refusals).toHaveLength(37);
    for (const line of refusals) expect(line).toMatchObject({ level: INFO, keyId: flooderId });
    for (const key of t.keys) expect(t.lines.join('\n')).not.toContain(key);
  });
});

describe('SPARQL: a query that runs too long', () => {
  const t = useLoggedApp({ SPARQL_TIMEOUT_SECONDS: '1' });

  it('is stopped, and the stop logged at info with the key’s id', async () => {
    const [key] = t.keys as [string];
    const [keyId] = t.keyIds as [string];
    expectError(await postQuery(t.app, key, ENDLESS_QUERY), 503, 'QUERY_TIMEOUT');
    const stops = t.logged().filter((line) => /stopped: it ran too long/.test(line.msg));
    expect(stops).toEqual([expect.objectContaining({ level: INFO, keyId })]);
    expect(t.lines.join('\n')).not.toContain(key);
  });
});

describe('SPARQL: a client that goes away', () => {
  // A limit no test reaches: whatever stops a query here is its client going. Two workers: one
  // runs the endless query while the other serves another key.
  const t = useLoggedApp({ SPARQL_TIMEOUT_SECONDS: '300', SPARQL_WORKERS: '2' });
  let address = '';
  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const stats = () => t.app.services.sparql.stats();

  it('serves another key while a query runs', async () => {
    const [busy, other] = t.keys as [string, string];
    const endless = connect(address, busy, ENDLESS_QUERY);
    await eventually('the query running', async () => stats().running === 1, 10_000);
    const answer = await postQuery(t.app, other, example!.query);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(stats().running).toBe(1);
    endless.drop();
    await eventually('the query stopped', async () => stats().running === 0, 10_000);
  });

  it('drops a waiting query whose client went away, and stops a running one', async () => {
    const [, , key] = t.keys as [string, string, string];
    const [, , keyId] = t.keyIds as [string, string, string];
    const before = t.app.services.sparql.replacements;
    const first = connect(address, key, ENDLESS_QUERY);
    await eventually('the first query running', async () => stats().running === 1, 10_000);
    const second = connect(address, key, ENDLESS_QUERY);
    await eventually('the second query waiting', async () => stats().waiting === 1, 10_000);

    second.drop();
    await eventually('the second query dropped', async () => stats().waiting === 0, 10_000);
    expect(stats().running).toBe(1);
    expect(t.app.services.sparql.replacements).toBe(before);

    first.drop();
    await eventually('the first query stopped', async () => stats().running === 0, 10_000);
    expect(t.app.services.sparql.replacements).toBe(before + 1);

    const messages = t
      .logged()
      .filter((line) => line.keyId === keyId)
      .map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/dropped: the client went away/),
        expect.stringMatching(/stopped: the client went away/),
      ]),
    );
    // The key and the store answer again at once.
    const answer = await postQuery(t.app, key, example!.query);
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
