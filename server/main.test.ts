import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PREPARE_ONLY_ARGUMENT } from './prepare-apart';
import {
  freePort,
  logLines,
  startServerProcess as startServer,
  startUpSecrets,
  waitForOutput as waitFor,
  type ServerRun,
} from './test/started-server';

/** The first structured log line whose message contains `text`. */
function logLine(output: string, text: string): { pid: number; msg: string } {
  const line = logLines(output).find((l) => l.msg.includes(text));
  if (!line) throw new Error(`no log line says "${text}":\n${output}`);
  return line;
}

describe('server start-up', () => {
  const running: ServerRun[] = [];
  afterAll(() => running.forEach((run) => run.child.kill('SIGKILL')));

  // Starts three real servers on a fresh embedded database, so it gets more time than most tests.
  // The first start makes the database and its demo content before it serves: on a loaded
  // two-core host that took over a minute. The limits catch a hang, as the other start-up tests'
  // do (`move-cli.test.ts`, `graceful-stop.test.ts`), not slowness.
  it(
    'prints the first admin once, refuses a second server on the same folder, and stops cleanly',
    { timeout: 420_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-main-'));
      const port = await freePort();
      // Counts are written only when the server stops, so the restart below shows what SIGTERM wrote.
      const first = startServer({
        ...startUpSecrets,
        DATA_DIR: dataDir,
        PORT: String(port),
        COUNTER_FLUSH_SECONDS: '300',
      });
      running.push(first);
      await waitFor(first, 'ready at', 180_000);
      expect(first.output()).toContain('e-mail:   admin@example.org');
      expect(first.output()).toMatch(/password: \S{12,}/);
      expect(first.output().match(/password:/g)).toHaveLength(1);
      // The new embedded database and its demo content were made by a process of their own,
      // which gave back what it used when it ended; the server opened the folder after it.
      const madeBy = logLine(first.output(), 'demo content made').pid;
      const servedBy = logLine(first.output(), 'ready at').pid;
      expect(madeBy).not.toBe(servedBy);
      expect(servedBy).toBe(first.child.pid);

      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      // The demo content: two published profiles, one of them in its second version with translations.
      const published = (await (
        await fetch(`http://127.0.0.1:${port}/app/profiles?sort=name`)
      ).json()) as {
        total: number;
        profiles: Array<{ uuid: string; name: string; version: number; views: number }>;
      };
      expect(published.profiles.map((p) => [p.name, p.version])).toEqual([
        ['Guided Practice Sessions', 1],
        ['Reading Progress', 2],
      ]);
      const reading = (await (
        await fetch(`http://127.0.0.1:${port}/app/profile/${published.profiles[1]!.uuid}`)
      ).json()) as {
        version: { translations: Array<{ language: string }> };
      };
      expect(reading.version.translations.map((t) => t.language)).toEqual(['fr', 'es']);

      const second = startServer({
        ...startUpSecrets,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      running.push(second);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The data folder ${dataDir} is in use by another server`);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

      // The admin exists now, so a restart prints no credentials.
      const againPort = await freePort();
      const again = startServer({ ...startUpSecrets, DATA_DIR: dataDir, PORT: String(againPort) });
      running.push(again);
      await waitFor(again, 'ready at', 120_000);
      expect(again.output()).not.toContain('password:');
      expect(again.output()).not.toContain('demo content made');
      // The one page view before SIGTERM was written by the clean stop, beside the demo's past days.
      const counted = (await (
        await fetch(`http://127.0.0.1:${againPort}/app/profiles?sort=name`)
      ).json()) as { profiles: Array<{ name: string; views: number }> };
      const [practiceViews, readingViews] = published.profiles.map((p) => p.views);
      expect(readingViews).toBeGreaterThan(0);
      expect(counted.profiles.map((p) => [p.name, p.views])).toEqual([
        ['Guided Practice Sessions', practiceViews],
        ['Reading Progress', readingViews! + 1],
      ]);
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    },
  );

  it('refuses the flag that makes a new database apart when a person gives it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-main-'));
    const run = startServer(
      { ...startUpSecrets, DATA_DIR: dataDir, PORT: String(await freePort()) },
      [PREPARE_ONLY_ARGUMENT],
    );
    running.push(run);
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      `${PREPARE_ONLY_ARGUMENT} is given by the server itself, to the process it starts; start the server without it.`,
    );
    // Nothing was made in the folder.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('stops with one line naming a bad variable', async () => {
    const run = startServer({ ...startUpSecrets, PORT: 'abc' });
    running.push(run);
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe('Invalid configuration: PORT must be a number (got "abc").');
  });
});
