import type { CounterRanking, CounterType, MostViewed, Usage } from '../../../common/metrics';

/** One profile of a ranking, with one value per series (views; or UI and API exports…). */
export interface RankingRow {
  id: string;
  name: string;
  values: Record<string, number>;
}

export const viewedRows = (answer: MostViewed | undefined): RankingRow[] =>
  (answer?.metrics ?? []).map((m) => ({ id: m._id, name: m.name, values: { views: m.y } }));

/** Entries per profile and counter folded into one row per profile, in the server's order. */
export function counterRows(answer: CounterRanking | undefined): RankingRow[] {
  const rows = new Map<string, RankingRow>();
  for (const entry of answer?.metrics ?? []) {
    const id = entry._id.counterName;
    const row = rows.get(id) ?? { id, name: entry.name, values: {} };
    row.values[entry._id.counterType] = (row.values[entry._id.counterType] ?? 0) + entry.y;
    rows.set(id, row);
  }
  return [...rows.values()];
}

export interface Series {
  key: string;
  label: string;
  color: string;
}

export const VIEW_SERIES: Series[] = [{ key: 'views', label: 'Views', color: 'blue.8' }];
const counterSeries = (types: [CounterType, string, string][]): Series[] =>
  types.map(([key, label, color]) => ({ key, label, color }));
export const EXPORT_SERIES = counterSeries([
  ['profileUIExport', 'Exports from the site', 'teal.8'],
  ['profileAPIExport', 'Exports through the API', 'grape.8'],
]);
export const API_SERIES = counterSeries([
  ['profileAPIRead', 'API reads', 'indigo.8'],
  ['profileAPIWrite', 'API writes', 'orange.9'],
]);

/** Days as short UTC dates for the axis ("Jun 5"), and in full for the table ("2026-06-05"). */
export function usageRows(answer: Usage | undefined) {
  const format = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (answer?.metrics ?? []).map((m) => ({
    day: m._id,
    label: format.format(new Date(`${m._id}T00:00:00Z`)),
    views: m.value,
  }));
}
