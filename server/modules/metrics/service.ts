import {
  RANKING_SIZE,
  USAGE_DAYS,
  type CounterEntry,
  type CounterRanking,
  type CounterType,
  type GroupUsage,
  type MetricWindow,
  type MostViewed,
  type ProfileTotal,
  type Usage,
} from '../../../common/metrics';
import type { Db } from '../../db/client';
import type { CounterName, UserRow } from '../../db/schema';
import { notFound } from '../errors';
import type { OrganizationService } from '../organizations/service';
import { loadProfileAccess } from '../profiles/access';
import { metricsPolicy } from './policy';
import {
  countersOf,
  groupProfilesUsage,
  groupTotals,
  profileTotal,
  topProfiles,
  viewsPerDay,
} from './repo';
import { daysOf, lastDays, utcDay } from './window';

/** The counters' side the metrics read: which batch was written last. */
export interface CounterGeneration {
  readonly generation: number;
}

export interface MetricsServiceDeps {
  db: Db;
  organizations: OrganizationService;
  counters: CounterGeneration;
  /** The clock "today" is read from (the counters' clock, so both agree on the day). */
  now?: () => Date;
}

/** How long a site-wide ranking is kept when no batch of counts was written since. */
const RANKING_KEPT_MS = 60_000;

/** The most profiles a working group's usage lists; its totals cover all of them. */
export const GROUP_USAGE_LIMIT = 100;

const COUNTER_TYPES: Record<Exclude<CounterName, 'view'>, CounterType> = {
  uiExport: 'profileUIExport',
  apiExport: 'profileAPIExport',
  apiRead: 'profileAPIRead',
  apiWrite: 'profileAPIWrite',
};
const EXPORTS: Exclude<CounterName, 'view'>[] = ['uiExport', 'apiExport'];
const API_USE: Exclude<CounterName, 'view'>[] = ['apiRead', 'apiWrite'];

/**
 * Views, exports and API use of profiles over exact windows of UTC days ending today, read from
 * the daily counters. Only profiles with a published version appear, under that version's name.
 */
export class MetricsService {
  private readonly now: () => Date;
  private readonly kept = new Map<
    string,
    { generation: number; day: string; at: number; answer: unknown }
  >();

  constructor(private readonly deps: MetricsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The ten published profiles with the most views in the window. Public. */
  mostViewed(days: MetricWindow): Promise<MostViewed> {
    return this.keep(`viewed:${days}`, async () => {
      const ranked = await topProfiles(this.deps.db, ['view'], this.window(days), RANKING_SIZE);
      return {
        success: true as const,
        days,
        metrics: ranked.map((r) => ({ _id: r.profileId, name: r.name, y: r.total })),
      };
    });
  }

  /**
   * The ten published profiles with the most exports (UI and API) in the window: one entry per
   * profile and kind of export, the profiles in order of their total. Public.
   */
  mostExported(days: MetricWindow): Promise<CounterRanking> {
    return this.keep(`exported:${days}`, () => this.ranking(EXPORTS, days));
  }

  /** The ten published profiles most read and written through the public API. Site admins only. */
  mostApiRetrievals(actor: UserRow | null, days: MetricWindow): Promise<CounterRanking> {
    metricsPolicy.siteWideApiUse(actor);
    return this.keep(`api:${days}`, () => this.ranking(API_USE, days));
  }

  /** A profile's views of the last 30 days. A draft-only profile exists for its group alone. */
  async viewTotal(actor: UserRow | null, profileId: string): Promise<ProfileTotal> {
    await this.visibleProfile(actor, profileId);
    const window = this.window(USAGE_DAYS);
    const value = await profileTotal(this.deps.db, profileId, ['view'], window);
    return { success: true, days: window.days, value };
  }

  /** A profile's exports (UI and API) of the last 30 days. */
  async exportTotal(actor: UserRow | null, profileId: string): Promise<ProfileTotal> {
    await this.visibleProfile(actor, profileId);
    const window = this.window(USAGE_DAYS);
    const value = await profileTotal(this.deps.db, profileId, EXPORTS, window);
    return { success: true, days: window.days, value };
  }

  /**
   * A profile's views per day of the last 30 days, oldest first, days without views as 0, and
   * their total. `organizationId`, when given, must be the profile's group.
   */
  async usage(actor: UserRow | null, profileId: string, organizationId?: string): Promise<Usage> {
    const access = await this.visibleProfile(actor, profileId);
    if (organizationId !== undefined && access.profile.organizationId !== organizationId)
      throw notFound('No such profile.');
    const window = this.window(USAGE_DAYS);
    const perDay = new Map(
      (await viewsPerDay(this.deps.db, profileId, window)).map((r) => [r.day, r.total]),
    );
    const metrics = daysOf(window).map((day) => ({ _id: day, value: perDay.get(day) ?? 0 }));
    return {
      success: true,
      days: window.days,
      total: metrics.reduce((sum, m) => sum + m.value, 0),
      metrics,
    };
  }

  /** A working group's published profiles with their views and exports of the last 30 days. */
  async groupUsage(actor: UserRow | null, organizationId: string): Promise<GroupUsage> {
    const { organization } = await this.deps.organizations.load(actor, organizationId);
    const window = this.window(USAGE_DAYS);
    const [rows, totals] = await Promise.all([
      groupProfilesUsage(this.deps.db, organization.id, window, GROUP_USAGE_LIMIT),
      groupTotals(this.deps.db, organization.id, window),
    ]);
    return {
      success: true,
      days: window.days,
      ...totals,
      profiles: rows.map((r) => ({
        uuid: r.profileId,
        name: r.name,
        views: r.views,
        exports: r.exports,
      })),
    };
  }

  private window(days: number) {
    return lastDays(days, this.now());
  }

  private visibleProfile(actor: UserRow | null, profileId: string) {
    return loadProfileAccess(this.deps.organizations, this.deps.db, actor, profileId);
  }

  private async ranking(
    counters: Exclude<CounterName, 'view'>[],
    days: MetricWindow,
  ): Promise<CounterRanking> {
    const window = this.window(days);
    const ranked = await topProfiles(this.deps.db, counters, window, RANKING_SIZE);
    const sums = await countersOf(
      this.deps.db,
      ranked.map((r) => r.profileId),
      counters,
      window,
    );
    const metrics: CounterEntry[] = [];
    for (const profile of ranked)
      for (const counter of counters) {
        const sum = sums.find((s) => s.profileId === profile.profileId && s.counter === counter);
        if (sum)
          metrics.push({
            _id: { counterName: profile.profileId, counterType: COUNTER_TYPES[counter] },
            name: profile.name,
            y: sum.total,
          });
      }
    return { success: true, days, metrics };
  }

  /**
   * A site-wide ranking is the same for everyone: it is kept until this node writes its next
   * batch of counts, the day changes, or a minute has passed (other nodes write their own).
   */
  private async keep<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const generation = this.deps.counters.generation;
    const now = this.now();
    const day = utcDay(now);
    const entry = this.kept.get(key);
    if (
      entry &&
      entry.generation === generation &&
      entry.day === day &&
      now.getTime() - entry.at < RANKING_KEPT_MS
    )
      return entry.answer as T;
    const answer = await compute();
    this.kept.set(key, { generation, day, at: now.getTime(), answer });
    return answer;
  }
}
