import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { StoppingError } from '../modules/errors';
import { observe } from '../modules/observations';
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
/**
 * pg-boss's statements that end handed-out jobs by id: marking them completed
 * (`plans.completeJobs`) or failed (`plans.failJobsById`; failing by timeout is another).
 */
const ENDING_JOBS_BY_ID = [
  new RegExp(`^\\s*WITH results AS \\(\\s*UPDATE ${SCHEMA}\\.job\\s+SET completed_on`),
  new RegExp(
    `^\\s*WITH deleted_jobs AS \\(\\s*DELETE FROM ${SCHEMA}\\.job\\s+WHERE name = \\$1 AND id IN`,
  ),
];

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
  /** The jobs for this kind of database: the others get no queue and no worker here. */
  private readonly jobs: readonly AnyJob[];
  /** Statements pg-boss has under way, and job batches being run: `stop` waits for both. */
  private statementsUnderWay = 0;
  private batchesUnderWay = 0;
  /** Set by `stop`: a job queued afterwards is refused as stopping, not as a fault. */
  private stopped = false;

  constructor(
    private readonly database: Database,
    jobs: readonly AnyJob[],
    context: Omit<JobContext, 'jobs'>,
    private readonly options: RunnerOptions = defaultRunnerOptions,
  ) {
    this.jobs = jobs.filter((job) => job.onlyOn === undefined || job.onlyOn === database.kind);
    this.context = { ...context, jobs: this };
  }

  /**
   * Starts pg-boss (making its schema on first use) and its queues; with `work: false` it only
   * queues (a restore hands its waiting jobs over this way without running any).
   */
  async start(options: { work?: boolean } = {}): Promise<void> {
    if (this.boss) return;
    const work = options.work ?? true;
    this.stopped = false;
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
      if (!work) continue;
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
    if (!work) return;
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

  /**
   * The executor, counting the statements under way (the count moves before the first await).
   *
   * pg-boss marks a batch completed once its handler returns, or failed once it throws, without
   * awaiting the statement (`Manager.watch` in pg-boss 10), so when that statement fails — the
   * PostgreSQL server ended the connection under it — nothing hears the rejection and the process
   * would end. Here those statements' failures are logged and answered as "no job changed": the
   * job stays active and pg-boss hands it out again once it expires, as it does for a node that
   * died mid-job.
   */
  private counted(executor: SqlExecutor): SqlExecutor {
    return {
      executeSql: async (text, values) => {
        this.statementsUnderWay += 1;
        try {
          return await executor.executeSql(text, values);
        } catch (error) {
          if (!ENDING_JOBS_BY_ID.some((statement) => statement.test(text))) throw error;
          this.context.log.info(
            { err: error },
            'a finished job could not be marked completed or failed; it runs again when it expires',
          );
          return { rows: [{ count: 0 }] };
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
        observe('job', { queue: job.name, outcome: 'completed' });
      } catch (error) {
        observe('job', { queue: job.name, outcome: 'failed' });
        const message = error instanceof Error ? error.message : String(error);
        // A job cut short by this node's stop (pg-boss can hand one over after `stop`) is no
        // fault: it is retried on a node that runs.
        if (error instanceof StoppingError)
          this.context.log.info(
            { job: job.name, id: item.id, reason: message },
            'a job was cut short by the stop; it runs again on a running node',
          );
        else this.context.log.error({ job: job.name, id: item.id, err: error }, 'a job failed');
        // Through an executor of its own, so a failure of this statement is heard here: the one
        // that answers pg-boss's unawaited statements would answer it as "no job changed", and
        // the job would then be marked completed with its batch.
        await boss.fail(job.name, item.id, { message }, { db: executorFor(this.database) });
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
    if (!boss) {
      if (this.stopped)
        throw new StoppingError(
          `The job runner has stopped; ${job.name} is not queued by this node.`,
        );
      throw new Error(`The job runner is not running; cannot queue ${job.name}.`);
    }
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

  /**
   * Queues jobs by name, each to start no earlier than it was due: those a backup held when it was
   * taken. Repeating jobs are left out (every node queues them at start), as are names this
   * release has no job for. Answers how many were queued.
   */
  async sendSaved(saved: ReadonlyArray<{ name: string; data: unknown; startAfter: string }>) {
    const boss = this.boss;
    if (!boss) throw new Error('The job runner is not running; cannot queue saved jobs.');
    let queued = 0;
    for (const entry of saved) {
      const job = this.jobs.find((j) => j.name === entry.name);
      if (!job || job.repeat) continue;
      const data = entry.data && typeof entry.data === 'object' ? entry.data : {};
      await boss.send(entry.name, data, { startAfter: new Date(entry.startAfter) });
      queued += 1;
    }
    return queued;
  }

  /** Stops taking jobs, lets the running ones finish, and leaves the database open. */
  async stop(): Promise<void> {
    for (const timer of this.repeatTimers.splice(0)) clearInterval(timer);
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    this.stopped = true;
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
