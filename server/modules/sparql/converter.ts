import type { Worker } from 'node:worker_threads';
import { StoppingError } from '../errors';
import type { WorkerReply } from './protocol';
import { startSparqlThread } from './worker-script';

/** How long a converter thread waits for the next document before it stops. */
const IDLE_MS = 2_000;

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: unknown) => void;
}

/**
 * Converts published documents to their graphs' N-Triples in a thread of its own, so that the
 * thread serving requests never waits on it: jsonld.js converts without once yielding (the video
 * profile holds a thread 40 to 130 ms in one piece). The thread is a SPARQL worker asked only to
 * convert; it starts with the first document and stops after {@link IDLE_MS} without one, so a
 * server whose SPARQL store is never used keeps no engine in memory for a publish now and then.
 * One document at a time, in the order asked.
 */
export class GraphConverter {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly idleMs = IDLE_MS) {}

  /** Whether a thread is running now (for tests and figures). */
  get running(): boolean {
    return this.worker !== null;
  }

  /**
   * The N-Triples of a document (its JSON text), the version `iri`, as every SPARQL worker
   * converts it.
   */
  toNTriples(documentJson: string, iri: string): Promise<string> {
    const next = this.queue.then(() => this.convert(documentJson, iri));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async convert(documentJson: string, iri: string): Promise<string> {
    if (this.closed) throw new StoppingError('The server is stopping: no document is converted.');
    if (this.idle) clearTimeout(this.idle);
    const worker = this.start();
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.postMessage({ type: 'convert', graph: iri, document: documentJson });
    });
    this.pending = null;
    this.idle = setTimeout(() => this.stop(), this.idleMs);
    this.idle.unref();
    if (!reply.ok) throw new Error(`The document of ${iri} cannot be converted: ${reply.error}`);
    return reply.ntriples ?? '';
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startSparqlThread();
    worker.on('message', (reply: WorkerReply) => this.pending?.resolve(reply));
    // A thread that dies takes the document it held with it; the next one starts afresh.
    const gone = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.pending?.reject(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the converter thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = null;
    if (worker) void worker.terminate();
  }

  /** Stops the thread; documents asked for afterwards are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idle) clearTimeout(this.idle);
    await this.queue;
    this.stop();
  }
}
