import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from './test/global-setup';
import { freePort, logLines, serverProgram, startUpSecrets } from './test/started-server';

const baseUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The pid of every server process that said it listens, in the order they said it. */
function listeningPids(output: string): number[] {
  return logLines(output)
    .filter((line) => line.msg.includes('Server listening at'))
    .map((line) => line.pid);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, output: () => string, ms = 60_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!baseUrl)('a process per core on PostgreSQL (WEB_CONCURRENCY)', () => {
  const name = `xps_cluster_${randomBytes(6).toString('hex')}`;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('serves from every process, replaces one that dies, and stops them all', async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const port = await freePort();
    const server = spawn(process.execPath, serverProgram(), {
      env: {
        PATH: process.env.PATH ?? '',
        ...startUpSecrets,
        LOG_LEVEL: 'info',
        PORT: String(port),
        DATABASE_URL: databaseUrlFor(baseUrl!, name),
        WEB_CONCURRENCY: '2',
        DEMO_CONTENT: 'false',
        ADMIN_PASSWORD: 'cluster-admin-password',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    const log = () => output;

    await until(() => output.includes('xAPI Profile Server ready at'), 'ready', log);
    // The primary migrated and made the first admin once; two processes serve. The primary hears
    // that a process listens over IPC and may say it is ready before that process's own log line
    // reaches the shared output (seen on a loaded machine): both lines are waited for.
    expect(output.match(/A site administrator account was created/g)).toHaveLength(1);
    await until(() => listeningPids(output).length >= 2, 'both processes to say they listen', log);
    const first = listeningPids(output);
    expect(new Set(first).size).toBe(2);
    expect(first).not.toContain(server.pid);
    const health = async () => (await fetch(`http://127.0.0.1:${port}/health`)).status;
    expect(await health()).toBe(200);

    // One process dies: the other keeps answering while the primary starts a replacement.
    process.kill(first[0]!, 'SIGKILL');
    await until(() => !alive(first[0]!), 'the killed process to go', log);
    for (let i = 0; i < 10; i++) expect(await health()).toBe(200);
    await until(() => listeningPids(output).length === 3, 'a replacement', log);
    const replacement = listeningPids(output)[2]!;
    expect(first).not.toContain(replacement);
    expect(output).toContain('a server process stopped; starting another in its place');
    expect(await health()).toBe(200);

    // SIGTERM to the primary stops every process and ends cleanly.
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of [first[1]!, replacement]) expect(alive(pid)).toBe(false);
  }, 180_000);
});
