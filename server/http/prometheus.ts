/**
 * The operator's metrics in the Prometheus text format (`GET /metrics`), on prom-client. Off
 * unless METRICS_TOKEN is set, and then answered only to `Authorization: Bearer <token>`. Each
 * app has its own registry. What each metric means: docs/operations.md.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from '../../common/errors';
import { queryRows } from '../db/client';
import { appJobs } from '../jobs';
import { AppError } from '../modules/errors';
import { listen } from '../modules/observations';
import type { Services } from '../services';
import { answersUnderPressure } from './load-shedding';

/** The job states a queue's depth counts: waiting to start, waiting to retry, running. */
const QUEUED_STATES = ['created', 'retry', 'active'] as const;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Builds the registry and its metrics, and subscribes to what the parts report. */
export function operatorMetrics(app: FastifyInstance, services: Services) {
  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Counter({
    name: 'xps_http_requests_total',
    help: 'Requests answered, by method, matched route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'xps_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and matched route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  new Gauge({
    name: 'xps_http_requests_in_flight',
    help: 'Requests taken and not yet answered (the scrape included).',
    registers: [register],
    collect() {
      this.set(app.pressure().requestsInFlight);
    },
  });
  new Gauge({
    name: 'xps_event_loop_delay_seconds',
    help: 'The mean wait a request meets at the event loop now, as load shedding measures it.',
    registers: [register],
    collect() {
      this.set(app.pressure().eventLoopDelayMs / 1000);
    },
  });
  const refusals = new Counter({
    name: 'xps_load_shed_refusals_total',
    help: 'Requests refused with 503 because the node was under pressure, by reason.',
    labelNames: ['reason'] as const,
    registers: [register],
  });
  const jobs = new Counter({
    name: 'xps_jobs_total',
    help: 'Job runs on this node, by queue and outcome (completed or failed).',
    labelNames: ['queue', 'outcome'] as const,
    registers: [register],
  });
  new Gauge({
    name: 'xps_job_queue_depth',
    help: 'Jobs of each queue waiting to start (created), waiting to retry (retry) or running (active), across all nodes.',
    labelNames: ['queue', 'state'] as const,
    registers: [register],
    async collect() {
      this.reset();
      for (const job of appJobs)
        for (const state of QUEUED_STATES) this.set({ queue: job.name, state }, 0);
      const present = await queryRows<{ present: boolean }>(
        services.database.db,
        sql`select to_regclass('pgboss.job') is not null as present`,
      );
      if (!present[0]?.present) return;
      const rows = await queryRows<{ name: string; state: string; count: number }>(
        services.database.db,
        sql`select name, state::text as state, count(*)::int as count from pgboss.job
          where state in ('created', 'retry', 'active') group by name, state`,
      );
      for (const row of rows) this.set({ queue: row.name, state: row.state }, row.count);
    },
  });
  const webhooks = new Counter({
    name: 'xps_webhook_attempts_total',
    help: 'Webhook delivery attempts on this node, by outcome (delivered, retry, failed).',
    labelNames: ['outcome'] as const,
    registers: [register],
  });
  const lrsSends = new Counter({
    name: 'xps_lrs_sends_total',
    help: 'Sends of simulated statements to an LRS, by outcome (sent, failed).',
    labelNames: ['outcome'] as const,
    registers: [register],
  });
  const lrsStatements = new Counter({
    name: 'xps_lrs_statements_accepted_total',
    help: 'Statements LRSs accepted from those sends.',
    registers: [register],
  });
  const sparql = new Counter({
    name: 'xps_sparql_queries_total',
    help: 'SPARQL queries, by outcome (answered, timeout, refused, failed).',
    labelNames: ['outcome'] as const,
    registers: [register],
  });
  if (services.database.poolUse) {
    const poolUse = services.database.poolUse.bind(services.database);
    new Gauge({
      name: 'xps_db_pool_connections',
      help: "The PostgreSQL pool's connections: open (total), idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  const stops = [
    listen('loadShed', ({ reason }) => refusals.inc({ reason })),
    listen('job', ({ queue, outcome }) => jobs.inc({ queue, outcome })),
    listen('webhook', ({ outcome }) => webhooks.inc({ outcome })),
    listen('lrs', ({ outcome, statements }) => {
      lrsSends.inc({ outcome });
      lrsStatements.inc(statements);
    }),
    listen('sparql', ({ outcome }) => sparql.inc({ outcome })),
  ];
  // Every possible refusal reason appears from the start, at zero.
  for (const reason of ['event-loop', 'heap']) refusals.inc({ reason }, 0);

  return {
    register,
    answered(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    stop() {
      for (const stop of stops) stop();
      register.clear();
    },
  };
}

export function registerPrometheus(
  app: FastifyInstance,
  services: Services,
  token: string | undefined,
): void {
  if (!token) return;
  const metrics = operatorMetrics(app, services);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.answered(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onClose', async () => metrics.stop());
  app.get(
    '/metrics',
    { config: answersUnderPressure, schema: { hide: true } },
    async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token))
        throw new AppError(
          401,
          ErrorCode.Unauthorized,
          'The metrics are answered only with the token of METRICS_TOKEN, as Authorization: Bearer <token>.',
        );
      const text = await metrics.register.metrics();
      return reply.type(metrics.register.contentType).send(text);
    },
  );
}
