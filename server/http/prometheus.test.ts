import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app';
import { buildApp } from '../app';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { testConfig, useTestApp } from '../test/app';
import { callsOf } from '../test/authoring';
import { createTestDatabase } from '../test/database';
import { eventually } from '../test/jobs';
import { startLrsReceiver, type LrsReceiver } from '../test/lrs-receiver';
import { ApiClient, profileUuidOf, uniqueProfile, type ApiMetadata } from '../test/public-api';
import { ENDLESS_QUERY, postQuery } from '../test/sparql';
import type { Services } from '../services';
import { registerPrometheus } from './prometheus';
import { createHook, webhooksSettled } from '../test/webhooks';
import { startReceiver, type Receiver } from '../test/webhook-receiver';

/**
 * `/metrics` scraped and read with a Prometheus text-format parser: every metric the operations
 * guide names is there, and each moves when what it counts happens.
 */
const TOKEN = 'metrics-token-for-tests-only-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The metric names docs/operations.md explains (in backquotes, starting `xps_`). */
function documentedMetrics(): string[] {
  const text = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  return [...new Set([...text.matchAll(/`(xps_[a-z_]+)`/g)].map((m) => m[1]!))];
}

type Scrape = Map<string, MetricFamily> & { text: string };

async function scrape(app: BuiltApp): Promise<Scrape> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = new Map(parsePrometheusTextFormat(response.body).map((f) => [f.name, f]));
  return Object.assign(families, { text: response.body });
}

/**
 * How many observations a histogram holds for one route. The parser keeps a labelled
 * histogram's buckets but drops its labels, `_count` and `_sum`, so this one sample is read
 * from its line (the parser has already checked the text as a whole).
 */
function observationsOf(scraped: Scrape, name: string, method: string, route: string): number {
  const line = scraped.text
    .split('\n')
    .find((l) => l.startsWith(`${name}_count{method="${method}",route="${route}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** The value of a counter or gauge sample whose labels include `labels` (0 when absent). */
function valueOf(families: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  if (!family) throw new Error(`${name} is not in the scrape`);
  const matching = family.metrics.filter((m) =>
    Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
  );
  return matching.reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);
}

const credentials = { username: 'metrics-lrs', password: 'never-Logged-4b1c' };

describe('GET /metrics', () => {
  const t = useTestApp({
    METRICS_TOKEN: TOKEN,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    LRS_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '10m',
    SPARQL_TIMEOUT_SECONDS: '0.5',
  });
  let group: KeyedGroup;
  let receiver: Receiver;
  let lrs: LrsReceiver;

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Metrics');
    receiver = await startReceiver([200]);
    lrs = await startLrsReceiver(credentials);
  });
  afterAll(async () => {
    await receiver?.close();
    await lrs?.close();
  });

  it('answers only the token, and a client error names what to send', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('xps_');
  });

  it('holds every metric the operations guide names', async () => {
    const documented = documentedMetrics();
    expect(documented.length).toBeGreaterThan(10);
    const families = await scrape(t.app);
    for (const name of documented) {
      if (name === 'xps_db_pool_connections' && t.database.kind === 'pglite') {
        expect(families.has(name), 'PGlite has no pool').toBe(false);
        continue;
      }
      expect(families.has(name), name).toBe(true);
    }
    // And names none the guide leaves out.
    for (const name of families.keys())
      if (name.startsWith('xps_')) expect(documented, name).toContain(name);
    expect(families.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts requests and their time by the route matched, not the path asked', async () => {
    const before = await scrape(t.app);
    const route = { method: 'GET', route: '/app/org/:id' };
    for (const id of [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ])
      await callsOf(t.app, group.cookie).get(`/app/org/${id}`);
    const after = await scrape(t.app);
    expect(valueOf(after, 'xps_http_requests_total', route)).toBe(
      valueOf(before, 'xps_http_requests_total', route) + 2,
    );
    expect(valueOf(after, 'xps_http_requests_total', { ...route, status: '404' })).toBeGreaterThan(
      0,
    );
    expect(after.get('xps_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const timed = (s: Scrape) =>
      observationsOf(s, 'xps_http_request_duration_seconds', 'GET', '/app/org/:id');
    expect(timed(after)).toBe(timed(before) + 2);
    expect(valueOf(after, 'xps_http_requests_in_flight')).toBeGreaterThanOrEqual(1);
    expect(after.get('xps_event_loop_delay_seconds')?.metrics[0]?.value).toMatch(/^[0-9.e-]+$/);
  });

  it('counts jobs, their queues, webhook attempts and their outcomes', async () => {
    await createHook(t.app, group.cookie, { target: receiver.url() });
    const before = await scrape(t.app);
    receiver.answer([200]);
    await new ApiClient(t.app).import(group.keys.readWrite, uniqueProfile().doc);
    await webhooksSettled(t.database);
    await eventually('the delivery counted', async () => {
      const now = await scrape(t.app);
      return (
        valueOf(now, 'xps_webhook_attempts_total', { outcome: 'delivered' }) >
        valueOf(before, 'xps_webhook_attempts_total', { outcome: 'delivered' })
      );
    });
    const after = await scrape(t.app);
    const completed = { queue: 'webhook-deliver', outcome: 'completed' };
    expect(valueOf(after, 'xps_jobs_total', completed)).toBeGreaterThan(
      valueOf(before, 'xps_jobs_total', completed),
    );

    // A failed attempt waits ten minutes for its retry: the queue holds it.
    receiver.answer([500]);
    await new ApiClient(t.app).import(group.keys.readWrite, uniqueProfile().doc);
    const waiting = { queue: 'webhook-deliver', state: 'created' };
    await eventually('the retry queued', async () => {
      const now = await scrape(t.app);
      return (
        valueOf(now, 'xps_webhook_attempts_total', { outcome: 'retry' }) >
          valueOf(before, 'xps_webhook_attempts_total', { outcome: 'retry' }) &&
        valueOf(now, 'xps_job_queue_depth', waiting) >= 1
      );
    });
  });

  it('counts SPARQL queries answered and stopped for time', async () => {
    const before = await scrape(t.app);
    const answered = await postQuery(t.app, group.keys.readOnly, 'ASK { ?s ?p ?o }');
    expect(answered.statusCode, answered.body).toBe(200);
    const endless = await postQuery(t.app, group.keys.readOnly, ENDLESS_QUERY);
    expect(endless.statusCode).toBe(503);
    const after = await scrape(t.app);
    for (const outcome of ['answered', 'timeout'])
      expect(valueOf(after, 'xps_sparql_queries_total', { outcome }), outcome).toBe(
        valueOf(before, 'xps_sparql_queries_total', { outcome }) + 1,
      );
  }, 60_000);

  it('counts sends to an LRS and the statements it accepted', async () => {
    const { metadata } = (await new ApiClient(t.app).import(
      group.keys.readWrite,
      uniqueProfile().doc,
    )) as { metadata: ApiMetadata };
    const url = `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}/simulate/send`;
    const before = await scrape(t.app);
    const sent = await callsOf(t.app, group.cookie).post(url, {
      seed: 'metrics',
      actors: 1,
      registrations: 1,
      lrs: { endpoint: lrs.endpoint, ...credentials },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await scrape(t.app);
    expect(valueOf(after, 'xps_lrs_sends_total', { outcome: 'sent' })).toBe(
      valueOf(before, 'xps_lrs_sends_total', { outcome: 'sent' }) + 1,
    );
    expect(valueOf(after, 'xps_lrs_statements_accepted_total')).toBeGreaterThan(
      valueOf(before, 'xps_lrs_statements_accepted_total'),
    );
  });

  it("shows the PostgreSQL pool's connections", async () => {
    if (t.database.kind !== 'postgres') return;
    const families = await scrape(t.app);
    expect(valueOf(families, 'xps_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });
});

describe('GET /metrics on a node refusing work', () => {
  it('still answers, and counts the refusals by reason', async () => {
    const database = await createTestDatabase();
    // Any heap is over 1 % of what the process may hold: every request but the probes is refused.
    const app = await buildApp({
      config: testConfig({ METRICS_TOKEN: TOKEN, LOAD_SHED_HEAP_PERCENT: '1' }),
      database,
      logger: false,
    });
    try {
      const before = await scrape(app);
      const refused = await app.inject({ method: 'GET', url: '/app/csrf' });
      expect(refused.statusCode).toBe(503);
      const after = await scrape(app);
      expect(valueOf(after, 'xps_load_shed_refusals_total', { reason: 'heap' })).toBe(
        valueOf(before, 'xps_load_shed_refusals_total', { reason: 'heap' }) + 1,
      );
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const app = Fastify();
    // Without a token nothing is registered, so no service is ever asked for.
    registerPrometheus(app, {} as Services, testConfig().metricsToken);
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
