import type { Db } from '../../db/client';
import type { CounterName } from '../../db/schema';
import {
  addKeyCounts,
  addProfileCounts,
  addViews,
  forgetViewersBefore,
  type KeyCount,
  type ProfileCount,
  type ProfileView,
} from './repo';
import { isDeclaredCrawler, VisitorIds, type Visitor } from './visitors';

export interface CounterLog {
  error(details: Record<string, unknown>, message: string): void;
}

export interface CounterServiceDeps {
  db: Db;
  /** The server secret the daily visitor salts are derived from. */
  secret: string;
  log: CounterLog;
  /** Seconds between two writes of what was counted. */
  flushSeconds: number;
  now?: () => Date;
}

/** What a page view needs to be counted once per visitor, or not at all. */
export interface ViewContext {
  profileId: string;
  /** Only a published version is read by the public; a draft is its authors at work. */
  published: boolean;
  /** The owning group's members are not the audience. */
  member: boolean;
  visitor: Visitor;
}

/** Visitors remembered per day on this node before it leaves deduplication to the database. */
const SEEN_PER_DAY = 100_000;

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The UTC day of `date`, remembered until that day ends: every counted request asks for it, and
 * formatting a date was a measurable part of serving a kept document.
 */
class DayClock {
  private day = '';
  private from = 0;
  private until = 0;

  of(date: Date): string {
    const ms = date.getTime();
    if (ms < this.from || ms >= this.until) {
      this.day = dayOf(date);
      this.from = Date.parse(this.day);
      this.until = this.from + DAY_MS;
    }
    return this.day;
  }
}

/**
 * Counts views, exports and API use in memory and writes them in one batch every few seconds and
 * when the app closes, so reading a profile never writes to the database. A crash loses at most
 * the counts of the last interval; a failed write keeps them for the next one.
 */
export class CounterService {
  private readonly now: () => Date;
  private readonly visitors: VisitorIds;
  private readonly days = new DayClock();
  private profileCounts = new Map<string, ProfileCount>();
  private keyCounts = new Map<string, KeyCount>();
  private views = new Map<string, ProfileView>();
  /** Visitors already counted today by this node, so repeat views cost neither memory nor SQL. */
  private seen: { day: string; ids: Set<string> } = { day: '', ids: new Set() };
  private forgottenBefore = '';
  private batchesWritten = 0;
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: CounterServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.visitors = new VisitorIds(deps.secret);
  }

  /** Adds one to today's `counter` of a profile (API reads, writes, exports, UI exports). */
  profile(profileId: string, counter: Exclude<CounterName, 'view'>): void {
    const day = this.days.of(this.now());
    const id = `${profileId}|${counter}|${day}`;
    const entry = this.profileCounts.get(id);
    if (entry) entry.count += 1;
    else this.profileCounts.set(id, { profileId, counter, day, count: 1 });
  }

  /** Adds one to today's `counter` of an API key. */
  key(keyId: string, counter: 'apiRead' | 'apiWrite'): void {
    const day = this.days.of(this.now());
    const id = `${keyId}|${counter}|${day}`;
    const entry = this.keyCounts.get(id);
    if (entry) entry.count += 1;
    else this.keyCounts.set(id, { keyId, counter, day, count: 1 });
  }

  /**
   * A page view of a profile: counted once per visitor per profile per day, and not at all for
   * drafts, for members of the owning group, or for crawlers that say they are crawlers.
   */
  view(context: ViewContext): void {
    if (!context.published || context.member || isDeclaredCrawler(context.visitor.userAgent))
      return;
    const day = this.days.of(this.now());
    const visitor = this.visitors.idOf(context.visitor, day);
    const id = `${context.profileId}|${visitor}`;
    if (this.seen.day !== day) this.seen = { day, ids: new Set() };
    if (this.seen.ids.has(id)) return;
    // Past the bound the database alone deduplicates; memory stays bounded whatever the traffic.
    if (this.seen.ids.size < SEEN_PER_DAY) this.seen.ids.add(id);
    this.views.set(`${day}|${id}`, { profileId: context.profileId, day, visitor });
  }

  /**
   * How many batches this node has written: a figure read from the counters before a batch may
   * be kept only while this stays the same.
   */
  get generation(): number {
    return this.batchesWritten;
  }

  /** Writes everything counted so far; resolves once it is in the database. */
  flush(): Promise<void> {
    const next = this.writing.then(() => this.write());
    // A failed write is logged and retried with the next batch; it never breaks the chain.
    this.writing = next.catch(() => {});
    return next;
  }

  private async write(): Promise<void> {
    const profileCounts = this.profileCounts;
    const keyCounts = this.keyCounts;
    const views = this.views;
    const today = dayOf(this.now());
    const forget = this.forgottenBefore !== today;
    if (profileCounts.size === 0 && keyCounts.size === 0 && views.size === 0 && !forget) return;
    this.profileCounts = new Map();
    this.keyCounts = new Map();
    this.views = new Map();
    try {
      await this.deps.db.transaction(async (tx) => {
        if (views.size > 0) await addViews(tx, [...views.values()]);
        if (profileCounts.size > 0) await addProfileCounts(tx, [...profileCounts.values()]);
        if (keyCounts.size > 0) await addKeyCounts(tx, [...keyCounts.values()]);
        // Yesterday's viewers stay: views counted just before midnight may still be on their way.
        if (forget) await forgetViewersBefore(tx, dayOf(new Date(Date.parse(today) - DAY_MS)));
      });
      this.forgottenBefore = today;
      this.batchesWritten += 1;
    } catch (error) {
      this.restore(profileCounts, keyCounts, views);
      this.deps.log.error(
        { err: error },
        'could not write counters; keeping them for the next try',
      );
      throw error;
    }
  }

  /** Puts back the counts of a failed write, merged with those counted meanwhile. */
  private restore(
    profileCounts: Map<string, ProfileCount>,
    keyCounts: Map<string, KeyCount>,
    views: Map<string, ProfileView>,
  ): void {
    for (const [id, entry] of profileCounts) {
      const current = this.profileCounts.get(id);
      if (current) current.count += entry.count;
      else this.profileCounts.set(id, entry);
    }
    for (const [id, entry] of keyCounts) {
      const current = this.keyCounts.get(id);
      if (current) current.count += entry.count;
      else this.keyCounts.set(id, entry);
    }
    for (const [id, entry] of views) this.views.set(id, entry);
  }

  /** Writes every `flushSeconds` until `stop`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch(() => {});
    }, this.deps.flushSeconds * 1000);
    // The timer alone never keeps the process alive; a clean stop flushes through `stop`.
    this.timer.unref();
  }

  /** Stops the timer and writes what is left; called when the app closes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
