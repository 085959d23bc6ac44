import cluster, { type Worker } from 'node:cluster';

/** A log line in the shape the server's own logger writes (pino's JSON), from the primary. */
function log(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
  );
}

/** How long a stopping process may take to finish its requests before it is killed. */
const STOP_GRACE_MS = 30_000;
/** Replacements wait a little longer after each crash in a row, up to this, so a crash loop idles. */
const MAX_RESTART_DELAY_MS = 30_000;
/** A process that served this long before it died is not part of a crash loop. */
const STABLE_AFTER_MS = 60_000;

export interface ClusterOptions {
  /** How many server processes share the port. */
  processes: number;
  /** The address people reach the site at, for the ready line. */
  publicUrl: string;
}

/**
 * The primary of a server that runs one process per core on PostgreSQL (`WEB_CONCURRENCY`): it
 * starts the processes, which share the port (the operating system hands each connection to one
 * of them), replaces one that dies while the others keep serving, and on SIGTERM or SIGINT stops
 * them all and waits for them. Each process is a node as two servers on one database would be:
 * caches and the SPARQL store follow the database's change notifications, jobs are taken once.
 * The primary serves nothing itself.
 */
export function runPrimary(options: ClusterOptions): void {
  let stopping = false;
  let crashesInARow = 0;
  let announced = false;
  const startedAt = new Map<number, number>();

  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  const listening = new Set<number>();
  cluster.on('listening', (worker: Worker) => {
    listening.add(worker.id);
    if (announced || listening.size < options.processes) return;
    announced = true;
    log('info', `xAPI Profile Server ready at ${options.publicUrl}`, {
      url: options.publicUrl,
      processes: options.processes,
    });
  });

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const ranFor = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    listening.delete(worker.id);
    if (stopping) return;
    crashesInARow = ranFor >= STABLE_AFTER_MS ? 1 : crashesInARow + 1;
    const delay = Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** (crashesInARow - 1));
    log('error', 'a server process stopped; starting another in its place', {
      workerPid: worker.process.pid,
      code,
      signal,
      restartInMs: delay,
    });
    setTimeout(() => {
      if (!stopping) start();
    }, delay).unref();
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) process.exit(0);
    let left = workers.length;
    for (const worker of workers) {
      worker.on('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < options.processes; i++) start();
}

/** Whether this process is one of a cluster's server processes (not the primary, not alone). */
export const isClusterProcess = () => cluster.isWorker;
