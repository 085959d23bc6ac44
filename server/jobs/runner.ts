import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { executorFor, transactionExecutor, type SqlExecutor } from './executor';
import type { JobContext, JobDefinition, JobQueue, SendOptions } from './job';

export interface RunnerOptions {
  /** How often an idle worker looks for jobs (pg-boss allows 0.5 s at least). */
  pollingIntervalSeconds: number;
  /** How often one node expires jobs whose node died, and cleans up. */
  maintenanceIntervalSeconds: number;
  /** Jobs one worker takes per poll. */
  batchSize: number;
}

export const defaultRunnerOptions: RunnerOptions = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
  batchSize: 10,
};

/** How long stopping waits for running jobs before it leaves them to expire and run again. */
const STOP_TIMEOUT_MS = 10_000;

/** The schema pg-boss keeps its tables in, next to the app's own. */
const SCHEMA = 'pgboss';

// Jobs of different kinds live in one list; each is only ever handed its own data.
type AnyJob = JobDefinition<never>;

/**
 * Runs jobs on pg-boss over the app's own database. Jobs are rows: a job is taken by one node
 * only (SKIP LOCKED), a failed run is retried with back-off, and a run whose node died is failed
 * by the maintenance of any node once it expires, then retried. Jobs marked `repeat` are queued
 * again on every poll of every node, or at start and every `repeatEverySeconds`; being
 * singletons, the queue never holds more than one.
 */
export class JobRunner implements JobQueue {
  private boss: PgBoss | null = null;
  private readonly workerIds = new Map<string, string>();
  private repeatTimers: NodeJS.Timeout[] = [];
  private readonly context: JobContext;
  /** Statements pg-boss has under way, and job batches being run: `stop` waits for both. */
  private statementsUnderWay = 0;
  private batchesUnderWay = 0;

  constructor(
    private readonly database: Database,
    private readonly jobs: readonly AnyJob[],
    context: Omit<JobContext, 'jobs'>,
    private readonly options: RunnerOptions = defaultRunnerOptions,
  ) {
    this.context = { ...context, jobs: this };
  }

  async start(): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({
      db: this.counted(executorFor(this.database)),
      schema: SCHEMA,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds,
    });
    boss.on('error', (error: Error) =>
      this.context.log.error({ err: error }, 'the job runner failed'),
    );
    await boss.start();
    this.boss = boss;
    for (const job of this.jobs) {
      const settings = {
        name: job.name,
        policy: job.singleton ? 'stately' : 'standard',
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds,
      } as const;
      await boss.createQueue(job.name, settings);
      // A queue made by an older release keeps its row: bring its retry and expiry up to date.
      await boss.updateQueue(job.name, settings);
      const workerId = await boss.work<object>(
        job.name,
        {
          pollingIntervalSeconds: this.options.pollingIntervalSeconds,
          batchSize: this.options.batchSize,
        },
        (batch) => this.run(boss, job, batch),
      );
      this.workerIds.set(job.name, workerId);
    }
    const queue = (job: AnyJob) =>
      this.send(job as JobDefinition, {}).catch((error: unknown) =>
        this.context.log.error({ job: job.name, err: error }, 'could not queue a job'),
      );
    for (const job of this.jobs.filter((job) => job.repeat)) {
      if (job.repeatEverySeconds !== undefined) void queue(job);
      const seconds = job.repeatEverySeconds ?? this.options.pollingIntervalSeconds;
      this.repeatTimers.push(setInterval(() => void queue(job), seconds * 1000));
    }
  }

  /** The executor, counting the statements under way (the count moves before the first await). */
  private counted(executor: SqlExecutor): SqlExecutor {
    return {
      executeSql: async (text, values) => {
        this.statementsUnderWay += 1;
        try {
          return await executor.executeSql(text, values);
        } finally {
          this.statementsUnderWay -= 1;
        }
      },
    };
  }

  /** Runs a batch one job at a time; a job that throws fails alone and is retried alone. */
  private async run(boss: PgBoss, job: JobDefinition, batch: PgBoss.Job<object>[]) {
    this.batchesUnderWay += 1;
    try {
      await this.runEach(boss, job, batch);
    } finally {
      this.batchesUnderWay -= 1;
    }
  }

  private async runEach(boss: PgBoss, job: JobDefinition, batch: PgBoss.Job<object>[]) {
    for (const item of batch) {
      try {
        await job.handle(item.data, this.context);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.context.log.error({ job: job.name, id: item.id, err: error }, 'a job failed');
        await boss.fail(job.name, item.id, { message });
      }
    }
  }

  async send<T extends object>(
    job: JobDefinition<T>,
    data: T,
    tx?: Db,
    options: SendOptions = {},
  ): Promise<void> {
    const boss = this.boss;
    if (!boss) throw new Error(`The job runner is not running; cannot queue ${job.name}.`);
    // A time, not a number of seconds: inside a transaction each use of pg-boss's parameter is
    // bound on its own and typed by its context, and only a timestamp suits all of them.
    const delayed =
      options.delaySeconds && options.delaySeconds > 0
        ? { startAfter: new Date(Date.now() + options.delaySeconds * 1000) }
        : {};
    if (tx) {
      await boss.send(job.name, data, { db: transactionExecutor(tx), ...delayed });
      return;
    }
    await boss.send(job.name, data, delayed);
    if (options.delaySeconds) return;
    // A job queued here is taken at once by this node's worker instead of at its next poll.
    const workerId = this.workerIds.get(job.name);
    if (workerId) boss.notifyWorker(workerId);
  }

  /** Stops taking jobs, lets the running ones finish, and leaves the database open. */
  async stop(): Promise<void> {
    for (const timer of this.repeatTimers.splice(0)) clearInterval(timer);
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    this.workerIds.clear();
    // `wait`: resolves once the workers have finished what they hold (or the timeout is up).
    await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
    // pg-boss resolves once no job is running, but a fetch still in flight then hands its jobs
    // to their handler afterwards, and records their outcome without awaiting it. The database
    // closes after this, so wait (bounded) until nothing of pg-boss's is under way any more.
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while ((this.statementsUnderWay > 0 || this.batchesUnderWay > 0) && Date.now() < deadline)
      await delay(20);
  }
}
