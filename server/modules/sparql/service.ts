import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/client';
import { ErrorCode } from '../../../common/errors';
import { AppError, badRequest } from '../errors';
import type { Change } from '../events/changes';
import type { WorkerReply, WorkerRequest } from './protocol';
import { queryForm, type QueryForm } from './query-form';
import { findSnapshot, listPublishedGraphs } from './repo';

export interface SparqlOptions {
  /** How long one query may run before its worker is stopped and replaced. */
  timeoutMs: number;
  /** The largest serialized answer sent. */
  maxResultBytes: number;
  /** How long a query waits for the store to take in what changed (or to fill) before busy. */
  fillWaitMs?: number;
  /** Queries that may wait for the worker; more are refused as busy. */
  maxWaiting?: number;
}

export interface SparqlLog {
  warn(details: Record<string, unknown>, message: string): void;
}

interface Job {
  request: WorkerRequest;
  timeoutMs: number | null;
  resolve(reply: WorkerReply): void;
  reject(error: unknown): void;
  timer?: NodeJS.Timeout;
  /** Times a worker was lost while doing it. */
  attempts?: number;
}

interface Graph {
  profileId: string;
  versionId: string;
  /** The graph as the worker produced it (inferences included), to refill a fresh worker. */
  ntriples: string;
}

export interface SparqlAnswer {
  form: Exclude<QueryForm, 'update'>;
  body: string;
}

/**
 * Run from source (tests, `npm run dev`), the worker needs the TypeScript loader registered first
 * (`boot.js`); the compiled server (`npm start`) has the worker compiled beside it.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCE
  ? new URL('./boot.js', import.meta.url)
  : new URL('./sparql-worker.js', import.meta.url);
const WORKER_ENTRY = new URL('./worker.ts', import.meta.url).href;

const timedOut = (ms: number) =>
  new AppError(
    503,
    ErrorCode.QueryTimeout,
    `The query ran longer than ${ms / 1000} s and was stopped. Narrow it (fewer patterns, a LIMIT) and try again.`,
  );
const unavailable = (message: string) => new AppError(503, ErrorCode.ServiceUnavailable, message);

/**
 * The SPARQL store of this node (xAPI Profiles Part Three §1): every published version is a
 * named graph named by its IRI, the default graph holds each profile's current published
 * version, drafts never enter, and the SKOS and `inScheme` inferences are materialised as each
 * version is loaded. The store lives in a worker thread; a query that runs too long has its
 * worker terminated, and a fresh one is refilled from the graphs kept here.
 *
 * It fills in the background from the published documents, then follows the announced changes
 * (`events/changes.ts`): each changed profile's versions are compared with what is loaded.
 */
export class SparqlService {
  private worker: Worker | null = null;
  private inFlight: Job | null = null;
  private readonly queue: Job[] = [];
  private readonly graphs = new Map<string, Graph>();
  private readonly current = new Map<string, string>();
  private syncing: Promise<void> = Promise.resolve();
  private loaded: Promise<void> | null = null;
  private closed = false;
  private failuresInARow = 0;
  private spawned = 0;
  /** Workers replaced after a query ran too long or a worker failed. */
  replacements = 0;

  constructor(
    private readonly db: Db,
    private readonly options: SparqlOptions,
    private readonly log: SparqlLog,
  ) {}

  /** Starts loading every published version, without waiting for it. */
  start(): void {
    this.loaded ??= this.sync(null);
  }

  /** Resolves once every change heard so far is in the store. */
  async settled(): Promise<void> {
    this.start();
    let last: Promise<void> | null = null;
    while (last !== this.syncing) {
      last = this.syncing;
      await last;
    }
  }

  /** Waits for `settled()`, but no longer than `ms`: a store still filling answers busy. */
  private async settledWithin(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ms);
    });
    try {
      const outcome = await Promise.race([this.settled(), late]);
      if (outcome === 'late')
        throw unavailable(
          'The SPARQL store is still loading the published profiles; try again in a few seconds.',
        );
    } finally {
      clearTimeout(timer);
    }
  }

  /** What an announced change means for the store; null (an unknown announcement) reloads all. */
  follow(change: Change | null): void {
    // Before the first load starts there is nothing to bring up to date: it reads everything.
    if (this.loaded === null || (change && !('profileId' in change))) return;
    void this.sync(change?.profileId ?? null);
  }

  stats() {
    return { graphs: this.graphs.size, currentProfiles: this.current.size };
  }

  /**
   * Runs a read-only query; `format(form)` names the serialization for its form (a media type
   * oxigraph writes). Updates are refused; a query that does not parse is a 400 saying why.
   */
  async query(text: string, format: (form: SparqlAnswer['form']) => string): Promise<SparqlAnswer> {
    const form = queryForm(text);
    if (form === 'update')
      throw new AppError(
        400,
        ErrorCode.QueryInvalid,
        'This endpoint is read-only: SPARQL updates (INSERT, DELETE, LOAD, CLEAR, DROP…) are refused. Send a SELECT, ASK, CONSTRUCT or DESCRIBE query.',
      );
    if (!form)
      throw new AppError(
        400,
        ErrorCode.QueryInvalid,
        'The query does not start with SELECT, ASK, CONSTRUCT or DESCRIBE (after any PREFIX and BASE declarations).',
      );
    const waiting = this.queue.filter((job) => job.request.type === 'query').length;
    if (waiting >= (this.options.maxWaiting ?? 32))
      throw unavailable('Too many SPARQL queries are waiting; try again in a few seconds.');
    await this.settledWithin(this.options.fillWaitMs ?? 30_000);
    const reply = await this.send(
      { type: 'query', query: text, format: format(form), maxBytes: this.options.maxResultBytes },
      this.options.timeoutMs,
    );
    if (reply.ok) return { form, body: reply.result ?? '' };
    if (reply.reason === 'too-large')
      throw new AppError(
        413,
        ErrorCode.ResultTooLarge,
        `The answer is larger than ${this.options.maxResultBytes} bytes. Add a LIMIT or ask for fewer variables.`,
      );
    if (reply.reason === 'invalid')
      throw new AppError(
        400,
        ErrorCode.QueryInvalid,
        `The query is not valid SPARQL: ${reply.error}`,
      );
    throw badRequest(`The query could not be answered: ${reply.error}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    for (const job of this.queue.splice(0)) job.reject(unavailable('The server is stopping.'));
    this.inFlight?.reject(unavailable('The server is stopping.'));
    this.inFlight = null;
    await worker?.terminate();
  }

  /** Brings one profile (or, with null, every profile) in line with the database. */
  private sync(profileId: string | null): Promise<void> {
    const run = this.syncing.then(async () => {
      if (this.closed) return;
      try {
        await this.syncNow(profileId);
      } catch (error) {
        if (!this.closed) this.log.warn({ err: error, profileId }, 'SPARQL store not refreshed');
      }
    });
    this.syncing = run;
    return run;
  }

  private async syncNow(profileId: string | null): Promise<void> {
    const rows = await listPublishedGraphs(this.db, profileId ?? undefined);
    const wanted = new Set(rows.map((r) => r.iri));
    const profiles = new Set(rows.map((r) => r.profileId));
    if (profileId) profiles.add(profileId);
    // Graphs of these profiles (or of any profile, in a full sync) no longer published go.
    for (const [iri, graph] of [...this.graphs]) {
      if ((profileId === null || graph.profileId === profileId) && !wanted.has(iri)) {
        await this.expect({ type: 'drop', graph: iri });
        this.graphs.delete(iri);
      }
    }
    for (const row of rows) {
      const known = this.graphs.get(row.iri);
      if (known?.versionId === row.versionId) continue;
      const document = await findSnapshot(this.db, row.versionId);
      if (!document) continue;
      const reply = await this.send({
        type: 'load',
        graph: row.iri,
        document: JSON.stringify(document),
      });
      if (!reply.ok) {
        this.log.warn(
          { versionId: row.versionId, error: reply.error },
          'Version left out of SPARQL',
        );
        continue;
      }
      this.graphs.set(row.iri, {
        profileId: row.profileId,
        versionId: row.versionId,
        ntriples: reply.ntriples ?? '',
      });
    }
    const currentOf = new Map(rows.filter((r) => r.current).map((r) => [r.profileId, r.iri]));
    const affected = profileId === null ? new Set([...this.current.keys(), ...profiles]) : profiles;
    for (const id of affected) {
      const graph = currentOf.get(id);
      const now = graph && this.graphs.has(graph) ? graph : null;
      if ((this.current.get(id) ?? null) === now) continue;
      await this.expect({ type: 'current', profileId: id, graph: now });
      if (now) this.current.set(id, now);
      else this.current.delete(id);
    }
  }

  private async expect(request: WorkerRequest): Promise<void> {
    const reply = await this.send(request);
    if (!reply.ok) throw new Error(reply.error);
  }

  private send(request: WorkerRequest, timeoutMs: number | null = null): Promise<WorkerReply> {
    if (this.closed) return Promise.reject(unavailable('The server is stopping.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER, { workerData: { entry: WORKER_ENTRY } });
    worker.on('message', (reply: WorkerReply) => {
      if (worker !== this.worker) return;
      this.failuresInARow = 0;
      const job = this.inFlight;
      this.inFlight = null;
      if (job?.timer) clearTimeout(job.timer);
      job?.resolve(reply);
      this.pump();
    });
    const lost = (error: unknown) => {
      if (worker !== this.worker || this.closed) return;
      this.failuresInARow += 1;
      if (this.failuresInARow >= 3) {
        // A worker that cannot even start is not started again until the next request.
        this.log.warn({ err: error }, 'SPARQL worker keeps failing; requests refused for now');
        this.worker = null;
        const pending = [this.inFlight, ...this.queue.splice(0)];
        this.inFlight = null;
        for (const job of pending) {
          if (job?.timer) clearTimeout(job.timer);
          job?.reject(unavailable('The SPARQL store is not available; try again later.'));
        }
        this.failuresInARow = 0;
        // The next query starts over: a full comparison with the database.
        this.loaded = null;
        return;
      }
      this.log.warn({ err: error }, 'SPARQL worker failed; starting a fresh one');
      this.replace(
        error instanceof AppError ? error : unavailable('The SPARQL store restarted; try again.'),
      );
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit ${code}`)));
    worker.unref();
    return worker;
  }

  /** Drops the worker and what it was doing; the next one is refilled before anything else. */
  private replace(reason: AppError): void {
    const old = this.worker;
    this.worker = null;
    this.replacements += 1;
    const job = this.inFlight;
    this.inFlight = null;
    if (job?.timer) clearTimeout(job.timer);
    void old?.terminate();
    // A query that was running is answered with the reason; anything else is done again.
    if (job && job.request.type !== 'query' && (job.attempts ?? 0) < 1) {
      job.attempts = (job.attempts ?? 0) + 1;
      this.queue.unshift(job);
    } else job?.reject(reason);
    this.pump();
  }

  /** What a fresh worker is given first: every graph kept, and which graphs are current. */
  private refill(): Job[] {
    const ignore = () => undefined;
    const job = (request: WorkerRequest): Job => ({
      request,
      timeoutMs: null,
      resolve: ignore,
      reject: ignore,
    });
    return [
      ...[...this.graphs].map(([graph, kept]) =>
        job({ type: 'restore', graph, ntriples: kept.ntriples }),
      ),
      ...[...this.current].map(([profileId, graph]) => job({ type: 'current', profileId, graph })),
    ];
  }

  private pump(): void {
    if (this.inFlight || this.closed) return;
    if (!this.worker && this.queue.length > 0) {
      this.worker = this.spawn();
      if (this.spawned > 0) this.queue.unshift(...this.refill());
      this.spawned += 1;
    }
    const job = this.queue.shift();
    if (!job || !this.worker) return;
    this.inFlight = job;
    if (job.timeoutMs !== null) {
      const ms = job.timeoutMs;
      job.timer = setTimeout(() => {
        if (this.inFlight === job) this.replace(timedOut(ms));
      }, ms);
    }
    this.worker.postMessage(job.request);
  }
}
