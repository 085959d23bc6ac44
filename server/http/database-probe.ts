/** How often the database is asked whether it answers, in ms. */
const PROBE_EVERY_MS = 1_000;
/** A probe still unanswered after this long reads as a database that does not answer. */
const UNANSWERED_AFTER_MS = 3_000;

/**
 * Whether the database answers, as of at most a second ago. `/health` reads this instead of
 * waiting for a query of its own: on the embedded database every query waits for the ones before
 * it, so a busy node's health check took as long as its queue and a balancer would have taken a
 * busy node for a dead one. A probe that stays unanswered counts as a database that is down.
 */
export class DatabaseProbe {
  private answered = false;

  private pendingSince: number | null = null;

  private timer: NodeJS.Timeout | null = null;

  /**
   * `lastAnswerAt`, where the database has one, says when it last finished any statement: a probe
   * queued behind a long transaction (a large import on the embedded database, whose one
   * connection runs a statement at a time) is overdue only once the database stops making
   * progress, not while it works through that transaction's statements.
   */
  constructor(
    private readonly ping: () => Promise<boolean>,
    private readonly timing = { everyMs: PROBE_EVERY_MS, overdueMs: UNANSWERED_AFTER_MS },
    private readonly lastAnswerAt: () => number = () => 0,
  ) {}

  /** Probes once now (so the first read is a real answer), then every second. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.timing.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Whether the database answered the last probe, and the one under way is not overdue: asked
   * recently, or the database still finishing other statements.
   */
  answers(): boolean {
    const overdue =
      this.pendingSince !== null &&
      Date.now() - Math.max(this.pendingSince, this.lastAnswerAt()) > this.timing.overdueMs;
    return this.answered && !overdue;
  }

  private async probe(): Promise<void> {
    // One probe at a time: a slow database is not asked again and again.
    if (this.pendingSince !== null) return;
    this.pendingSince = Date.now();
    try {
      this.answered = await this.ping();
    } catch {
      this.answered = false;
    } finally {
      this.pendingSince = null;
    }
  }
}
