import type { QueryOptions, Results } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';
import type {
  CrossingError,
  CrossingQueryOptions,
  ThreadOpenOptions,
  ThreadReply,
  ThreadRequest,
} from './pglite-protocol';
import { SHARED_TEXT_FROM_CHARS, SharedTextPool } from './shared-text';

/**
 * PGlite in a worker thread of its own, behind the part of PGlite's interface the server uses
 * (`query`, `exec`, `transaction`, `listen`, `close`): what the drizzle driver, the migrator, the
 * job executor and the notifications are given in place of PGlite itself. PGlite runs each
 * statement as synchronous WebAssembly in the thread that asks; a large import is one
 * transaction of thousands of statements, which on the request thread held every other request
 * for seconds (docs/decisions/the-embedded-database-in-a-thread-of-its-own.md).
 *
 * Semantics stay PGlite's: one connection, statements in the order asked, a transaction holding
 * every statement from outside it until it ends (PGlite's own lock, in the worker).
 */

/** From source (tests, `npm run dev`) the thread needs the TypeScript loader registered first. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCE
  ? new URL('../modules/sparql/boot.js', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);
const WORKER_ENTRY = new URL('./pglite-worker.ts', import.meta.url).href;

/** A PostgreSQL error raised in the database's thread, with its fields (code, constraint…). */
export class DatabaseError extends Error {
  constructor(crossing: CrossingError) {
    super(crossing.message);
    this.name = crossing.name;
    Object.assign(this, crossing.fields);
    if (crossing.stack) this.stack = crossing.stack;
  }
}

type Pending = {
  resolve: (reply: { value?: unknown; tx?: number }) => void;
  reject: (error: Error) => void;
  /** Buffers holding this request's long texts, given back with its answer. */
  lent?: SharedArrayBuffer[];
};
type Request = ThreadRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** The part of PGlite's transaction the drizzle driver uses. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

function crossingOptions(options?: QueryOptions): CrossingQueryOptions {
  return {
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
  };
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly texts = new SharedTextPool();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private failure: Error | null = null;
  private closed = false;
  /** When the thread last answered a request (ms since the epoch), whatever the request was. */
  lastAnswerAt = 0;

  private constructor(worker: Worker) {
    this.worker = worker;
    // An idle database thread does not keep the process alive; one with a request under way does.
    worker.unref();
  }

  /** Starts the thread and waits until PGlite is open in it. */
  static async create(options: ThreadOpenOptions = {}): Promise<PGliteThread> {
    const worker = new Worker(WORKER, {
      workerData: { entry: WORKER_ENTRY, options },
    });
    const thread = new PGliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: ThreadReply) => {
        if ('ready' in message) {
          worker.off('error', reject);
          resolve();
        } else if ('failed' in message) {
          worker.off('error', reject);
          void worker.terminate();
          reject(new DatabaseError(message.failed));
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    worker.on('message', (message: ThreadReply) => thread.received(message));
    worker.on('error', (error) => thread.fail(error));
    worker.on('exit', (code) => thread.fail(new Error(`the database thread ended (${code})`)));
    return thread;
  }

  private received(message: ThreadReply) {
    if ('notify' in message) {
      for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
      return;
    }
    if (!('id' in message)) return;
    this.lastAnswerAt = Date.now();
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    for (const buffer of pending.lent ?? []) this.texts.giveBack(buffer);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) pending.resolve(message);
    else pending.reject(new DatabaseError(message.error));
  }

  private fail(error: Error) {
    if (this.closed) return;
    this.failure = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private ask(request: Request): Promise<{ value?: unknown; tx?: number }> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      const lent: SharedArrayBuffer[] = [];
      const crossing =
        request.type === 'query'
          ? { ...request, params: this.lendTexts(request.params, lent) }
          : request;
      this.pending.set(id, { resolve, reject, ...(lent.length > 0 ? { lent } : {}) });
      this.worker.postMessage({ ...crossing, id });
    });
  }

  /** The parameters as they cross: long texts written to shared memory (see shared-text.ts). */
  private lendTexts(params: unknown[], lent: SharedArrayBuffer[]): unknown[] {
    if (!params.some((p) => typeof p === 'string' && p.length >= SHARED_TEXT_FROM_CHARS))
      return params;
    return params.map((param) => {
      const shared = typeof param === 'string' ? this.texts.lend(param) : null;
      if (!shared) return param;
      lent.push(shared.buffer);
      return shared.crossing;
    });
  }

  private async runQuery<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<Results<T>> {
    const reply = await this.ask({
      type: 'query',
      sql,
      params: params ?? [],
      options: crossingOptions(options),
      ...(tx === undefined ? {} : { tx }),
    });
    return reply.value as Results<T>;
  }

  private async runExec(sql: string, tx?: number): Promise<Array<Results>> {
    const reply = await this.ask({ type: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
    return reply.value as Array<Results>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(sql, params, options);
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.runExec(sql);
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const { tx: id } = await this.ask({ type: 'begin' });
    if (id === undefined) throw new Error('the database thread opened no transaction');
    let ended = false;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.runQuery(sql, params, options, id),
      exec: (sql) => this.runExec(sql, id),
      rollback: async () => {
        ended = true;
        await this.ask({ type: 'end', tx: id, commit: false });
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!ended) {
        ended = true;
        await this.ask({ type: 'end', tx: id, commit: false }).catch(() => {});
      }
      throw error;
    }
    if (!ended) {
      ended = true;
      await this.ask({ type: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** Hears NOTIFY on `channel`; resolves to a function that stops hearing it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.ask({ type: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.listeners.delete(channel);
      await this.ask({ type: 'unlisten', channel });
    };
  }

  /** The data folder as a tar file, as PGlite's `dumpDataDir('none')` makes it. */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.ask({ type: 'dump' })).value as Uint8Array;
  }

  /** Runs one full garbage collection in the thread, as the server does in its own after start-up. */
  async releaseMemory(): Promise<void> {
    await this.ask({ type: 'collect' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failure) await this.ask({ type: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
