/**
 * What reaching the embedded database costs, three ways: PGlite in the request thread (as the
 * server ran it before), PGlite in a worker thread behind its own interface (`PGliteThread`, as
 * the server runs it now), and PGlite served over the PostgreSQL wire protocol from a child
 * process (`@electric-sql/pglite-socket`, reached with the `pg` driver as PostgreSQL is). For
 * each: the wall time per statement, and the request thread's own time per statement (its event
 * loop utilisation times the elapsed time), for a trivial `select 1`, a point read of one row,
 * and the inserts of a large import (1,000 rows of ~1 KB in one transaction). The socket way is
 * measured only where its package is installed (it is not a dependency: it pins another PGlite
 * version): in this checkout, or in the folder `PGLITE_SOCKET_DIR` names (one where
 * `npm i @electric-sql/pglite-socket pg --legacy-peer-deps` was run).
 *
 *   node --import tsx bench/db-boundary.ts [statements]
 */
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { PGliteThread } from '../server/db/pglite-thread.js';
import { freePort } from './server-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const statements = Number(process.argv[2] ?? 2000);

interface Runner {
  query(text: string, params?: unknown[]): Promise<unknown>;
  inTransaction(
    run: (query: (text: string, params?: unknown[]) => Promise<unknown>) => Promise<void>,
  ): Promise<void>;
  close(): Promise<void>;
}

interface Figure {
  wallUs: number;
  threadUs: number;
}

async function timed(count: number, run: () => Promise<void>): Promise<Figure> {
  const elu = performance.eventLoopUtilization();
  const start = performance.now();
  await run();
  const elapsed = performance.now() - start;
  const used = performance.eventLoopUtilization(elu);
  return {
    wallUs: (elapsed * 1000) / count,
    threadUs: (used.utilization * elapsed * 1000) / count,
  };
}

const setup = `
  create table item (id serial primary key, iri text unique not null, kind text not null,
    label jsonb not null, body jsonb not null, created_at timestamptz not null default now());
  insert into item (iri, kind, label, body)
    select 'https://x.example/' || g, 'concept', '{"en":"a label"}', '{"definition":{"en":"words"}}'
    from generate_series(1, 1000) g;`;

const body = JSON.stringify({ definition: { en: 'x'.repeat(900) } });

async function measure(runner: Runner) {
  await runner.query('select 1');
  for (let i = 0; i < 200; i++) await runner.query('select 1');
  const trivial = await timed(statements, async () => {
    for (let i = 0; i < statements; i++) await runner.query('select 1');
  });
  const point = await timed(statements, async () => {
    for (let i = 0; i < statements; i++)
      await runner.query('select * from item where iri = $1', [
        `https://x.example/${(i % 1000) + 1}`,
      ]);
  });
  let round = 0;
  const inserts = await timed(1000, async () => {
    round++;
    await runner.inTransaction(async (query) => {
      for (let i = 0; i < 1000; i++)
        await query('insert into item (iri, kind, label, body) values ($1, $2, $3, $4)', [
          `https://y.example/${round}/${i}`,
          'concept',
          '{"en":"label"}',
          body,
        ]);
    });
  });
  return { trivial, point, inserts };
}

function inThread(client: PGlite): Runner {
  return {
    query: (text, params) => client.query(text, params),
    inTransaction: async (run) => {
      await client.transaction(async (tx) => run((text, params) => tx.query(text, params)));
    },
    close: () => client.close(),
  };
}

function threaded(client: PGliteThread): Runner {
  return {
    query: (text, params) => client.query(text, params),
    inTransaction: async (run) => {
      await client.transaction(async (tx) => run((text, params) => tx.query(text, params)));
    },
    close: () => client.close(),
  };
}

/** PGlite served by pglite-socket in a child process, reached with one `pg` client. */
async function overSocket(): Promise<Runner | string> {
  const home = process.env.PGLITE_SOCKET_DIR ?? repoRoot;
  if (!existsSync(join(home, 'node_modules/@electric-sql/pglite-socket')))
    return 'not measured: @electric-sql/pglite-socket is not installed';
  const port = await freePort();
  // The script resolves its packages from the folder it is in.
  const dir = mkdtempSync(join(home, '.xps-socket-'));
  const script = join(dir, 'serve.mjs');
  writeFileSync(
    script,
    `import { PGlite } from '@electric-sql/pglite';
     import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
     const db = await PGlite.create();
     const server = new PGLiteSocketServer({ db, port: ${port}, host: '127.0.0.1' });
     await server.start();
     console.log('listening');`,
  );
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the socket server ended (${code})`)));
  });
  await sleep(100);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  return {
    query: (text, params) => client.query(text, params),
    inTransaction: async (run) => {
      await client.query('begin');
      await run((text, params) => client.query(text, params));
      await client.query('commit');
    },
    close: async () => {
      await client.end();
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const fmt = (f: Figure) => `${f.wallUs.toFixed(0)} µs (request thread ${f.threadUs.toFixed(0)} µs)`;

const results: Array<[string, Awaited<ReturnType<typeof measure>> | string]> = [];
{
  const client = await PGlite.create();
  await client.exec(setup);
  const runner = inThread(client);
  results.push(['PGlite in the request thread', await measure(runner)]);
  await runner.close();
}
{
  const client = await PGliteThread.create();
  await client.exec(setup);
  const runner = threaded(client);
  results.push(['PGlite in a worker thread', await measure(runner)]);
  await runner.close();
}
{
  const runner = await overSocket().catch((error: unknown) => `not measured: ${String(error)}`);
  if (typeof runner === 'string')
    results.push(['PGlite over pglite-socket (child process)', runner]);
  else {
    await runner.query(setup.split(';')[0] ?? '');
    await runner.query(setup.split(';')[1] ?? '');
    results.push(['PGlite over pglite-socket (child process)', await measure(runner)]);
    await runner.close();
  }
}

for (const [label, figures] of results) {
  console.log(label);
  if (typeof figures === 'string') console.log(`  ${figures}`);
  else {
    console.log(`  select 1:                 ${fmt(figures.trivial)}`);
    console.log(`  point read by unique key: ${fmt(figures.point)}`);
    console.log(`  insert of ~1 KB, in a transaction of 1,000: ${fmt(figures.inserts)}`);
  }
}
