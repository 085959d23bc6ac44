import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveries } from '../common/webhooks';
import type { JsonObject } from '../xapi/index';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { makeKeyedGroup, type KeyedGroup } from './test/api-keys';
import { testConfig } from './test/app';
import { createHook } from './test/webhooks';
import { eventually } from './test/jobs';
import { uniqueProfile, type ApiMetadata } from './test/public-api';
import {
  startServerProcess as startServer,
  startUpSecrets,
  waitForOutput,
  type ServerRun,
} from './test/started-server';

/**
 * SIGTERM to a real server while it imports a profile and while it posts a webhook delivery:
 * the import in flight is finished (all of it, once), the delivery under way is finished and
 * recorded, and after a restart nothing is lost and nothing is sent twice.
 */
const PORT = 3711;
const RECEIVER_PORT = 3712;
const base = `http://127.0.0.1:${PORT}`;

/** Waits for a restarted server, which on a busy host can take two minutes. */
const ready = (run: ServerRun) => waitForOutput(run, 'ready at', 120_000);

/** A webhook receiver that holds each answer `holdMs`, keeping what it got. */
function slowReceiver(holdMs: number) {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.headers);
      setTimeout(() => response.writeHead(200).end('ok'), holdMs);
    });
  });
  return {
    received,
    listen: () =>
      new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A profile heavy enough that importing it takes a while: many concepts. */
function heavyProfile(concepts: number): { doc: JsonObject; base: string } {
  const { doc, base: iri } = uniqueProfile();
  const version = (doc.versions as JsonObject[])[0]!.id as string;
  const extra = Array.from({ length: concepts }, (_, i) => ({
    id: `${iri}/verbs/bulk-${i}`,
    type: 'Verb',
    inScheme: version,
    prefLabel: { en: `bulk verb ${i}` },
    definition: { en: `The bulk verb number ${i}.` },
  }));
  doc.concepts = [...(doc.concepts as JsonObject[]), ...extra];
  return { doc, base: iri };
}

describe('a server stopped with SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-stop-'));
  const receiver = slowReceiver(3000);
  const env = {
    ...startUpSecrets,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DEMO_CONTENT: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    JOB_POLL_SECONDS: '0.5',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    SPA_DIR: 'server/test/fixtures/spa',
  };
  let group: KeyedGroup;
  let hookId: string;
  const running: ServerRun[] = [];

  beforeAll(async () => {
    await receiver.listen();
    // The group, its keys and a hook are made in the data folder before the server starts.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const app = await buildApp({ config: testConfig(env), database, logger: false });
    group = await makeKeyedGroup(app, 'Stopping');
    hookId = (
      await createHook(app, group.cookie, { target: `http://127.0.0.1:${RECEIVER_PORT}/hook` })
    ).id;
    await app.close();
    await database.close();
  }, 180_000);

  afterAll(async () => {
    for (const run of running) run.child.kill('SIGKILL');
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const importProfile = (doc: JsonObject, published: boolean) =>
    fetch(`${base}/api/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': group.keys.readWrite },
      body: JSON.stringify({ profile: doc, status: { published } }),
    });
  const deliveries = async () => {
    const response = await fetch(`${base}/app/user/hooks/${hookId}/deliveries`, {
      headers: { cookie: group.cookie },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as WebhookDeliveries;
  };

  it(
    'finishes the import in flight and the delivery under way, and after a restart loses and repeats nothing',
    { timeout: 400_000 },
    async () => {
      const first = startServer(env);
      running.push(first);
      await ready(first);

      // A delivery under way: the receiver holds its answer while the server is told to stop.
      const published = await importProfile(uniqueProfile().doc, true);
      expect(published.status).toBe(200);
      await eventually('the delivery posted', async () => receiver.received.length === 1);

      // An import in flight: sent, and the server is told to stop while it is being handled.
      const heavy = heavyProfile(1500);
      const importing = importProfile(heavy.doc, false);
      await eventually('the import taken', async () => {
        const health = (await (await fetch(`${base}/health`)).json()) as {
          requestsInFlight: number;
        };
        return health.requestsInFlight >= 2;
      });
      first.child.kill('SIGTERM');
      const answered = await importing;
      expect(answered.status, await answered.clone().text()).toBe(200);
      const { metadata } = (await answered.json()) as { metadata: ApiMetadata };
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('shutting down');

      const again = startServer(env);
      running.push(again);
      await ready(again);
      // The import is there, whole: every concept of the document, once.
      const stored = await fetch(`${base}/api/profile/${metadata.version_uuid}`, {
        headers: { 'x-api-key': group.keys.readWrite },
      });
      expect(stored.status).toBe(200);
      const document = (await stored.json()) as { concepts: unknown[] };
      expect(document.concepts).toHaveLength((heavy.doc.concepts as unknown[]).length);

      // The delivery finished before the stop and was recorded: nothing is posted again.
      const log = await deliveries();
      expect(log.deliveries.map((d) => [d.status, d.attempts])).toEqual([['delivered', 1]]);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(receiver.received).toHaveLength(1);

      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );
});
