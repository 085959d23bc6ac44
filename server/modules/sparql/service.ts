import type { Worker } from 'node:worker_threads';
import { observe } from '../observations';
import type { Db } from '../../db/client';
import { ErrorCode } from '../../../common/errors';
import { SPARQL_LIMITS } from '../../../common/limits';
import { RateLimitedError } from '../abuse/rate-limiter';
import { AppError, RetryLaterError, badRequest } from '../errors';
import type { Change } from '../events/changes';
import type { FillEntry, WorkerReply, WorkerRequest } from './protocol';
import { queryForm, type QueryForm } from './query-form';
import { findSnapshot, listPublishedGraphs, type PublishedGraph } from './repo';
import { scanQuery } from './scan';
import { findStoredGraphs } from './stored';
import { startSparqlThread } from './worker-script';

export interface SparqlOptions {
  /** How long one query may run before its worker is stopped and replaced. */
  timeoutMs: number;
  /** The largest serialized answer sent. */
  maxResultBytes: number;
  /** How long a query waits for the store to take in what changed (or to fill) before busy. */
  fillWaitMs?: number;
  /** Worker threads, each with the whole store: one key's query never holds up the others'. */
  workers?: number;
  /** Queries one key may have waiting while another of its queries runs; more are 429. */
  waitingPerKey?: number;
  /** Queries that may wait in all; more are refused as busy. */
  maxWaiting?: number;
  /** How long a query may wait for a worker before it is refused as busy. */
  queueWaitMs?: number;
  /** What a query may hold before the store sees it (`common/limits.ts` unless given). */
  limits?: { depthMax: number; tokensMax: number };
  /** Each worker's JavaScript heap, in MB (Node's default unless given); past it, it is lost. */
  workerHeapMb?: number;
}

export interface SparqlLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

/** Who sends a query: the lane it waits in, and how to tell it has gone. */
export interface QueryCaller {
  /** The id of the API key (never the key itself): fairness is per key, and logs name it. */
  keyId: string;
  /** Aborted when the client has gone: a waiting query is dropped, a running one stopped. */
  signal?: AbortSignal;
}

export interface SparqlAnswer {
  form: Exclude<QueryForm, 'update'>;
  body: string;
}

/** A request that brings a worker's store in line: done before any query on that worker. */
interface Task {
  kind: 'task';
  /** A request, or how to make one when its turn comes (null: nothing to do any more). */
  request: WorkerRequest | (() => Promise<WorkerRequest | null>);
  resolve(reply: WorkerReply): void;
  reject(error: unknown): void;
  /** Times a worker was lost while doing it (a conversion is tried on one more worker). */
  attempts: number;
}

interface QueryJob {
  kind: 'query';
  request: Extract<WorkerRequest, { type: 'query' }>;
  keyId: string;
  resolve(reply: WorkerReply): void;
  reject(error: unknown): void;
  /** Waiting for the store to take in what changed before it may run. */
  held: boolean;
  /** Bounds the wait for a worker, then the run. */
  timer?: NodeJS.Timeout;
  stopListening?: () => void;
}

/** One worker thread and what it has to do. */
interface Slot {
  worker: Worker;
  /** Requests for this worker's store, in order, before any query. */
  tasks: Task[];
  busy: Task | QueryJob | null;
  retired: boolean;
}

interface Graph {
  profileId: string;
  versionId: string;
  /** The graph as a worker converted it (inferences included), to refill a fresh worker. */
  ntriples: string;
}

/** Graphs read from the database and sent to a worker in one request. */
const FILL_BATCH = 64;

/** Engine failures in a row, with no request answered between, before workers stop restarting. */
const FAILURES_BEFORE_PAUSE = 3;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const timedOut = (ms: number) =>
  new AppError(
    503,
    ErrorCode.QueryTimeout,
    `The query ran longer than ${ms / 1000} s and was stopped. Narrow it (fewer patterns, a LIMIT) and try again.`,
  );
const busy = (message: string, retryAfterMs: number) =>
  new RetryLaterError(503, ErrorCode.ServiceUnavailable, message, seconds(retryAfterMs));
const storeFailed = () =>
  new RetryLaterError(
    503,
    ErrorCode.SparqlUnavailable,
    'The SPARQL store failed while answering and is being restarted; send the query again in a moment.',
    5,
  );
const stopping = () => new AppError(503, ErrorCode.ServiceUnavailable, 'The server is stopping.');
const clientGone = () =>
  new AppError(503, ErrorCode.ServiceUnavailable, 'The client went away before the answer.');

/**
 * The SPARQL store of this node (xAPI Profiles Part Three §1): every published version is a
 * named graph named by its IRI, the default graph is the merge of each profile's current
 * published version, drafts never enter, and the SKOS and `inScheme` inferences are materialised
 * as each version is converted.
 *
 * The store lives in worker threads (`workers`, each with all of it). Queries wait in one lane
 * per API key; a free worker takes the first query of the lane served longest ago whose key has
 * none running. A key has at most one query running and `waitingPerKey` waiting, so one caller
 * never holds more than one worker, nor the queue. A
 * query is scanned (nesting, size) before any worker sees it. A query that runs too long, or
 * whose client goes away, has its worker terminated (oxigraph cannot be interrupted), and a
 * fresh one is refilled from the graphs kept here; a worker whose engine fails is replaced by
 * one filled from the database.
 *
 * It fills in the background from the published documents, then follows the announced changes
 * (`events/changes.ts`): each changed profile's versions are compared with what is loaded.
 */
export class SparqlService {
  private readonly slots: Slot[] = [];
  /** Conversions any worker may do, before queries. */
  private readonly conversions: Task[] = [];
  /** Queries waiting, one lane per key. */
  private readonly lanes = new Map<string, QueryJob[]>();
  /**
   * The turn at which each key with a query waiting or running last had one started: the lane
   * served longest ago goes first, a key new to the queue before any.
   */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;
  /** Keys with a query running. */
  private readonly running = new Set<string>();
  private readonly graphs = new Map<string, Graph>();
  private readonly current = new Map<string, string>();
  private syncing: Promise<void> = Promise.resolve();
  private loaded: Promise<void> | null = null;
  private closed = false;
  /** Workers stop restarting after failures in a row, until the next query. */
  private paused = false;
  /** The workers started after a pause are filled from the database. */
  private fillFromDatabase = false;
  private failuresInARow = 0;
  /** Workers replaced after a query ran too long, its client went, or an engine failed. */
  replacements = 0;

  private readonly limits: { depthMax: number; tokensMax: number };
  private readonly workerCount: number;
  private readonly waitingPerKey: number;
  private readonly maxWaiting: number;
  private readonly queueWaitMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: SparqlOptions,
    private readonly log: SparqlLog,
  ) {
    this.limits = options.limits ?? SPARQL_LIMITS;
    this.workerCount = Math.max(1, options.workers ?? 2);
    this.waitingPerKey = options.waitingPerKey ?? 2;
    this.maxWaiting = options.maxWaiting ?? 32;
    this.queueWaitMs = options.queueWaitMs ?? 30_000;
  }

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
        throw busy(
          'The SPARQL store is still loading the published profiles; try again in a few seconds.',
          5_000,
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
    let waiting = 0;
    for (const lane of this.lanes.values()) waiting += lane.length;
    return {
      graphs: this.graphs.size,
      currentProfiles: this.current.size,
      workers: this.slots.length,
      running: this.running.size,
      waiting,
    };
  }

  /**
   * Runs a read-only query; `format(form)` names the serialization for its form (a media type
   * oxigraph writes). Updates are refused; a query that does not parse is a 400 saying why.
   */
  async query(
    text: string,
    format: (form: SparqlAnswer['form']) => string,
    caller: QueryCaller,
  ): Promise<SparqlAnswer> {
    this.checkShape(text);
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
    let reply: Awaited<ReturnType<typeof this.run>>;
    try {
      reply = await this.run(
        { type: 'query', query: text, format: format(form), maxBytes: this.options.maxResultBytes },
        caller,
      );
    } catch (error) {
      const timedOut = error instanceof AppError && error.code === ErrorCode.QueryTimeout;
      observe('sparql', { outcome: timedOut ? 'timeout' : 'refused' });
      throw error;
    }
    observe('sparql', { outcome: reply.ok ? 'answered' : 'failed' });
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

  /** Refuses, before any worker sees it, a query nesting or holding more than the limits. */
  private checkShape(text: string): void {
    const { depthMax, tokensMax } = this.limits;
    const shape = scanQuery(text, this.limits);
    if (shape.depth > depthMax)
      throw new AppError(
        400,
        ErrorCode.QueryTooDeep,
        `The query nests groups, parentheses and brackets more than ${depthMax} levels deep (each "!" counts as one more); flatten it.`,
      );
    if (shape.tokens > tokensMax)
      throw new AppError(
        400,
        ErrorCode.QueryTooLarge,
        `The query holds more than ${tokensMax} terms, keywords and operators; split it, or list many terms in a VALUES block, whose data is not counted.`,
      );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values())
      for (const job of lane.splice(0)) this.settle(job, stopping());
    this.lanes.clear();
    for (const task of this.conversions.splice(0)) task.reject(stopping());
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        slot.retired = true;
        for (const task of slot.tasks.splice(0)) task.reject(stopping());
        const busyWith = slot.busy;
        slot.busy = null;
        if (busyWith?.kind === 'query') this.settle(busyWith, stopping());
        else busyWith?.reject(stopping());
        await slot.worker.terminate();
      }),
    );
    this.running.clear();
    this.lastTurn.clear();
  }

  // ---- Queries: admission, lanes, turns ----

  /** Admits a query to its key's lane, or refuses it; resolves with the worker's reply. */
  private run(request: QueryJob['request'], caller: QueryCaller): Promise<WorkerReply> {
    if (this.closed) return Promise.reject(stopping());
    const { keyId, signal } = caller;
    if (signal?.aborted) return Promise.reject(clientGone());
    const lane = this.lanes.get(keyId) ?? [];
    const mine = lane.length + (this.running.has(keyId) ? 1 : 0);
    if (mine > this.waitingPerKey) {
      this.log.info(
        { keyId, running: this.running.has(keyId), waiting: lane.length },
        'SPARQL query refused: too many at once for this key',
      );
      return Promise.reject(
        new RateLimitedError(
          `Too many SPARQL queries at once with this key: one runs and ${this.waitingPerKey} may wait. Wait for an answer before sending more.`,
          seconds(this.options.timeoutMs),
        ),
      );
    }
    if (this.stats().waiting >= this.maxWaiting) {
      this.log.info({ keyId }, 'SPARQL query refused: the queue is full');
      return Promise.reject(
        busy(
          'Too many SPARQL queries are waiting; try again in a few seconds.',
          this.options.timeoutMs,
        ),
      );
    }
    this.paused = false;
    this.ensureWorkers();
    return new Promise<WorkerReply>((resolve, reject) => {
      const job: QueryJob = { kind: 'query', request, keyId, resolve, reject, held: true };
      lane.push(job);
      this.lanes.set(keyId, lane);
      if (signal) {
        const gone = () => this.abandon(job);
        signal.addEventListener('abort', gone, { once: true });
        job.stopListening = () => signal.removeEventListener('abort', gone);
      }
      this.settledWithin(this.options.fillWaitMs ?? 30_000).then(
        () => {
          if (!this.waits(job)) return;
          job.held = false;
          job.timer = setTimeout(() => {
            if (!this.waits(job)) return;
            this.unqueue(job);
            this.log.info({ keyId, waitedMs: this.queueWaitMs }, 'SPARQL query refused: no turn');
            this.settle(
              job,
              busy('The SPARQL store is busy; try again in a few seconds.', this.queueWaitMs),
            );
          }, this.queueWaitMs);
          this.pump();
        },
        (error: unknown) => {
          if (!this.waits(job)) return;
          this.unqueue(job);
          this.settle(job, error);
        },
      );
    });
  }

  private waits(job: QueryJob): boolean {
    return this.lanes.get(job.keyId)?.includes(job) ?? false;
  }

  private unqueue(job: QueryJob): void {
    const lane = this.lanes.get(job.keyId);
    if (!lane) return;
    const at = lane.indexOf(job);
    if (at >= 0) lane.splice(at, 1);
    if (lane.length === 0) this.lanes.delete(job.keyId);
    this.forgetIfIdle(job.keyId);
  }

  /** Refuses a query with `error` and forgets it. */
  private settle(job: QueryJob, error: unknown): void {
    clearTimeout(job.timer);
    job.stopListening?.();
    job.reject(error);
  }

  /** Gives a query the worker's reply and forgets it. */
  private answer(job: QueryJob, reply: WorkerReply): void {
    clearTimeout(job.timer);
    job.stopListening?.();
    job.resolve(reply);
  }

  /** The client of `job` has gone: a waiting query is dropped, a running one stopped. */
  private abandon(job: QueryJob): void {
    if (this.waits(job)) {
      this.unqueue(job);
      this.log.info({ keyId: job.keyId }, 'SPARQL query dropped: the client went away');
      this.settle(job, clientGone());
      this.pump();
      return;
    }
    const slot = this.slots.find((s) => s.busy === job);
    if (!slot) return;
    this.log.info({ keyId: job.keyId }, 'SPARQL query stopped: the client went away');
    this.retire(slot, 'stopped', clientGone());
  }

  /**
   * The next query to run: from the lane served longest ago (a new lane first) among the keys
   * with none running.
   */
  private nextQuery(): QueryJob | null {
    let chosen: { keyId: string; lane: QueryJob[]; turn: number } | null = null;
    for (const [keyId, lane] of this.lanes) {
      const job = lane[0];
      if (!job || job.held || this.running.has(keyId)) continue;
      const turn = this.lastTurn.get(keyId) ?? 0;
      if (!chosen || turn < chosen.turn) chosen = { keyId, lane, turn };
    }
    if (!chosen) return null;
    const { keyId, lane } = chosen;
    const job = lane.shift() as QueryJob;
    if (lane.length === 0) this.lanes.delete(keyId);
    this.turns += 1;
    this.lastTurn.set(keyId, this.turns);
    return job;
  }

  /** Once a key has nothing waiting or running, its next query is as new to the queue. */
  private forgetIfIdle(keyId: string): void {
    if (!this.lanes.has(keyId) && !this.running.has(keyId)) this.lastTurn.delete(keyId);
  }

  private finished(job: QueryJob): void {
    this.running.delete(job.keyId);
    this.forgetIfIdle(job.keyId);
  }

  // ---- Workers ----

  /** Gives every idle worker its next piece of work: its own tasks, conversions, then queries. */
  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (slot.busy || slot.retired) continue;
      const work = slot.tasks.shift() ?? this.conversions.shift() ?? this.nextQuery();
      if (!work) continue;
      if (work.kind === 'query') this.startQuery(slot, work);
      else void this.startTask(slot, work);
    }
  }

  private startQuery(slot: Slot, job: QueryJob): void {
    clearTimeout(job.timer);
    slot.busy = job;
    this.running.add(job.keyId);
    const ms = this.options.timeoutMs;
    job.timer = setTimeout(() => {
      if (slot.busy !== job) return;
      this.log.info({ keyId: job.keyId, timeoutMs: ms }, 'SPARQL query stopped: it ran too long');
      this.retire(slot, 'stopped', timedOut(ms));
    }, ms);
    slot.worker.postMessage(job.request);
  }

  private async startTask(slot: Slot, task: Task): Promise<void> {
    slot.busy = task;
    let request: WorkerRequest | null;
    try {
      request = typeof task.request === 'function' ? await task.request() : task.request;
    } catch (error) {
      this.log.warn({ err: error }, 'SPARQL worker not refilled with one graph');
      request = null;
    }
    if (slot.busy !== task) return;
    if (request && !slot.retired) {
      slot.worker.postMessage(request);
      return;
    }
    slot.busy = null;
    task.resolve({ ok: true });
    this.pump();
  }

  private ensureWorkers(): void {
    if (this.closed || this.paused || this.slots.length >= this.workerCount) return;
    while (this.slots.length < this.workerCount)
      this.spawn(this.fillFromDatabase ? 'database' : 'kept');
    this.fillFromDatabase = false;
  }

  /**
   * A fresh worker, filled first (before any query) with every graph: from the N-Triples kept
   * here, or, after an engine failure, converted again from the stored documents.
   */
  private spawn(fill: 'kept' | 'database'): void {
    const worker = startSparqlThread(this.options.workerHeapMb);
    const slot: Slot = { worker, tasks: this.refill(fill), busy: null, retired: false };
    worker.on('message', (reply: WorkerReply) => this.replied(slot, reply));
    worker.on('error', (error) => this.lost(slot, error));
    worker.on('exit', (code) => this.lost(slot, new Error(`the worker exited (${code})`)));
    this.slots.push(slot);
    this.pump();
  }

  private replied(slot: Slot, reply: WorkerReply): void {
    if (slot.retired) return;
    if (!reply.ok && reply.reason === 'broken') {
      this.lost(slot, new Error(reply.error));
      return;
    }
    const work = slot.busy;
    slot.busy = null;
    if (work?.kind === 'query') {
      // A query answered (or refused for its own fault): the workers are sound again.
      this.failuresInARow = 0;
      this.finished(work);
      this.answer(work, reply);
    } else work?.resolve(reply);
    this.pump();
  }

  /** The engine of `slot` failed or its thread died: it is replaced, filled from the database. */
  private lost(slot: Slot, error: unknown): void {
    if (slot.retired || this.closed) return;
    const work = slot.busy;
    this.log.warn(
      { err: error, ...(work?.kind === 'query' ? { keyId: work.keyId } : {}) },
      'SPARQL engine failed; its worker is replaced',
    );
    this.failuresInARow += 1;
    this.retire(slot, 'failed', storeFailed());
  }

  /**
   * Takes `slot` out of service: terminates its thread, answers what it was running with
   * `reason`, and starts a replacement (unless failures keep coming, see FAILURES_BEFORE_PAUSE).
   */
  private retire(slot: Slot, why: 'stopped' | 'failed', reason: unknown): void {
    slot.retired = true;
    this.replacements += 1;
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    void slot.worker.terminate();
    const work = slot.busy;
    slot.busy = null;
    if (work?.kind === 'query') {
      this.finished(work);
      this.settle(work, reason);
    } else if (work) this.redo(work, reason);
    // What was still to do for this store is moot: its replacement is filled from what is kept.
    for (const task of slot.tasks.splice(0)) task.resolve({ ok: true });
    if (this.failuresInARow >= FAILURES_BEFORE_PAUSE) {
      this.pause();
      return;
    }
    if (!this.closed) this.spawn(why === 'failed' ? 'database' : 'kept');
  }

  /** A conversion is tried on one more worker; a worker's own task is moot once it is gone. */
  private redo(task: Task, reason: unknown): void {
    const request = typeof task.request === 'function' ? null : task.request;
    if (request?.type !== 'convert') {
      task.resolve({ ok: true });
      return;
    }
    if (task.attempts < 1) {
      task.attempts += 1;
      this.conversions.unshift(task);
    } else task.reject(reason);
  }

  /** Stops restarting workers after failures in a row; the next query tries again. */
  private pause(): void {
    this.log.warn({}, 'SPARQL workers keep failing; queries refused until the next one');
    this.paused = true;
    this.fillFromDatabase = true;
    this.failuresInARow = 0;
    for (const slot of this.slots.splice(0)) {
      slot.retired = true;
      void slot.worker.terminate();
      const work = slot.busy;
      if (work?.kind === 'query') this.settle(work, storeFailed());
      else work?.resolve({ ok: true });
      for (const task of slot.tasks.splice(0)) task.resolve({ ok: true });
    }
    this.running.clear();
    for (const lane of this.lanes.values())
      for (const job of lane.splice(0)) this.settle(job, storeFailed());
    this.lanes.clear();
    this.lastTurn.clear();
    for (const task of this.conversions.splice(0)) task.reject(storeFailed());
  }

  /**
   * The tasks that fill a fresh worker with every graph kept, then say which are current: from
   * the N-Triples kept here, or from the database: each version's stored N-Triples, a batch at a
   * time, and the document converted again where there are none in this format.
   */
  private refill(fill: 'kept' | 'database'): Task[] {
    const task = (request: Task['request']): Task => ({
      kind: 'task',
      request,
      resolve: () => undefined,
      reject: () => undefined,
      attempts: 0,
    });
    const kept = [...this.graphs];
    const currentOf = new Map([...this.current].map(([profileId, graph]) => [graph, profileId]));
    const current = (graph: string) => {
      const profileId = currentOf.get(graph);
      return profileId ? { currentOf: profileId } : {};
    };
    const graphs: Task[] = [];
    for (let at = 0; at < kept.length; at += FILL_BATCH) {
      if (fill === 'kept') {
        const entries = kept
          .slice(at, at + FILL_BATCH)
          .map(([graph, { ntriples }]) => ({ graph, ntriples, ...current(graph) }));
        graphs.push(task({ type: 'fill', graphs: entries }));
        continue;
      }
      const batch = new Map(kept.slice(at, at + FILL_BATCH));
      const filled = task(async () => {
        const stored = await findStoredGraphs(
          this.db,
          [...batch.values()].map((g) => g.versionId),
        );
        const entries: FillEntry[] = [];
        for (const [graph, { versionId }] of batch) {
          const ntriples = stored.get(versionId);
          if (ntriples !== undefined) {
            entries.push({ graph, ntriples, ...current(graph) });
            continue;
          }
          const document = await findSnapshot(this.db, versionId);
          if (document) entries.push({ graph, document: JSON.stringify(document) });
        }
        return entries.length > 0 ? { type: 'fill', graphs: entries } : null;
      });
      filled.resolve = (reply) => {
        // What a stored document converts to now is what later refills use.
        if (!reply.ok) return;
        for (const [graph, ntriples] of Object.entries(reply.converted ?? {})) {
          const now = this.graphs.get(graph);
          if (now && now === batch.get(graph)) now.ntriples = ntriples;
        }
      };
      graphs.push(filled);
    }
    // Graphs filled as current are so already; these bring in the others (converted ones).
    const currents = [...this.current].map(([profileId, graph]) =>
      task({ type: 'current', profileId, graph }),
    );
    return [...graphs, ...currents];
  }

  /**
   * Queues `request` for every worker. Nothing waits for it: a worker does what is queued for it
   * before any query, so a query sent after this call already sees the change.
   */
  private broadcast(request: WorkerRequest): void {
    this.ensureWorkers();
    for (const slot of this.slots)
      slot.tasks.push({
        kind: 'task',
        request,
        attempts: 0,
        reject: () => undefined,
        resolve: (reply) => {
          // A worker that cannot take in a change is out of step: it is replaced.
          if (!reply.ok && !slot.retired) this.lost(slot, new Error(reply.error));
        },
      });
    this.pump();
  }

  /** Converts a document on whichever worker is free first. */
  private convert(graph: string, document: unknown): Promise<WorkerReply> {
    if (this.closed) return Promise.reject(stopping());
    this.ensureWorkers();
    return new Promise((resolve, reject) => {
      this.conversions.push({
        kind: 'task',
        request: { type: 'convert', graph, document: JSON.stringify(document) },
        resolve,
        reject,
        attempts: 0,
      });
      this.pump();
    });
  }

  // ---- Following the database ----

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

  /**
   * What is kept here changes first, then every worker is told: a worker started in between is
   * filled from what is kept, so none misses a change. Only conversions are waited for, a few at
   * a time (one per worker); a worker busy with a query does the rest before its next one.
   */
  private async syncNow(profileId: string | null): Promise<void> {
    const rows = await listPublishedGraphs(this.db, profileId ?? undefined);
    const wanted = new Set(rows.map((r) => r.iri));
    const profiles = new Set(rows.map((r) => r.profileId));
    if (profileId) profiles.add(profileId);
    // Graphs of these profiles (or of any profile, in a full sync) no longer published go.
    for (const [iri, graph] of [...this.graphs]) {
      if ((profileId === null || graph.profileId === profileId) && !wanted.has(iri)) {
        this.graphs.delete(iri);
        this.broadcast({ type: 'drop', graph: iri });
      }
    }
    let fresh = rows.filter((row) => this.graphs.get(row.iri)?.versionId !== row.versionId);
    // Versions with N-Triples stored in this format are loaded as they are, a batch at a time.
    const unstored: PublishedGraph[] = [];
    for (let at = 0; at < fresh.length; at += FILL_BATCH) {
      const batch = fresh.slice(at, at + FILL_BATCH);
      const stored = await findStoredGraphs(
        this.db,
        batch.map((row) => row.versionId),
      );
      if (this.closed) return;
      const entries: FillEntry[] = [];
      for (const row of batch) {
        const ntriples = stored.get(row.versionId);
        if (ntriples === undefined) {
          unstored.push(row);
          continue;
        }
        this.graphs.set(row.iri, { profileId: row.profileId, versionId: row.versionId, ntriples });
        entries.push({
          graph: row.iri,
          ntriples,
          ...(row.current ? { currentOf: row.profileId } : {}),
        });
      }
      if (entries.length > 0) this.broadcast({ type: 'fill', graphs: entries });
    }
    // The others (published before N-Triples were stored, or in another format) are converted.
    fresh = unstored;
    for (let at = 0; at < fresh.length; at += this.workerCount) {
      const batch = fresh.slice(at, at + this.workerCount);
      const replies = await Promise.all(
        batch.map(async (row) => {
          const document = await findSnapshot(this.db, row.versionId);
          if (!document) return null;
          // A document that takes the engine down twice is left out, not the whole sync.
          return this.convert(row.iri, document).catch((error: unknown): WorkerReply => ({
            ok: false,
            reason: 'failed',
            error: error instanceof Error ? error.message : String(error),
          }));
        }),
      );
      if (this.closed) return;
      for (const [i, row] of batch.entries()) {
        const reply = replies[i];
        if (!reply) continue;
        if (!reply.ok) {
          this.log.warn(
            { versionId: row.versionId, error: reply.error },
            'Version left out of SPARQL',
          );
          continue;
        }
        const ntriples = reply.ntriples ?? '';
        this.graphs.set(row.iri, { profileId: row.profileId, versionId: row.versionId, ntriples });
        this.broadcast({ type: 'restore', graph: row.iri, ntriples });
      }
    }
    const currentOf = new Map(rows.filter((r) => r.current).map((r) => [r.profileId, r.iri]));
    const affected = profileId === null ? new Set([...this.current.keys(), ...profiles]) : profiles;
    for (const id of affected) {
      const graph = currentOf.get(id);
      const now = graph && this.graphs.has(graph) ? graph : null;
      if ((this.current.get(id) ?? null) === now) continue;
      if (now) this.current.set(id, now);
      else this.current.delete(id);
      this.broadcast({ type: 'current', profileId: id, graph: now });
    }
  }
}
