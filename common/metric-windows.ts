/**
 * The figures of the metrics calls and charts, apart from the zod contracts so the home page can
 * use them without loading zod.
 */

/** The windows a ranking may cover: the last 30 days (default) or the last 12 months. */
export const METRIC_WINDOWS = [30, 365] as const;
export type MetricWindow = (typeof METRIC_WINDOWS)[number];
export const DEFAULT_METRIC_WINDOW: MetricWindow = 30;

/** A profile's usage and totals cover the last 30 days, today included. */
export const USAGE_DAYS = 30;

/** How many entries a ranking holds. */
export const RANKING_SIZE = 10;

/** Chart labels are cut to this many characters; the full name is in the tooltip. */
export const CHART_LABEL_MAX = 15;

/** The label a chart shows for a name: at most `CHART_LABEL_MAX` characters, an ellipsis if cut. */
export function chartLabel(name: string): string {
  const characters = [...name];
  if (characters.length <= CHART_LABEL_MAX) return name;
  return `${characters
    .slice(0, CHART_LABEL_MAX - 1)
    .join('')
    .trimEnd()}…`;
}
