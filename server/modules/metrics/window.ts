const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, as `YYYY-MM-DD`. */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

/** A window of whole UTC days, both ends included. */
export interface DayWindow {
  from: string;
  to: string;
  days: number;
}

/**
 * The last `days` calendar days in UTC, ending with today: 30 days are today and the 29 days
 * before it; the 31st day back is outside.
 */
export function lastDays(days: number, now: Date): DayWindow {
  const today = Date.parse(utcDay(now));
  return { from: utcDay(new Date(today - (days - 1) * DAY_MS)), to: utcDay(now), days };
}

/** The UTC day `days` days before `day` (both `YYYY-MM-DD`). */
export const daysBefore = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(day) - days * DAY_MS));

/** Every day of a window, oldest first. */
export function daysOf(window: DayWindow): string[] {
  const first = Date.parse(window.from);
  return Array.from({ length: window.days }, (_, i) => utcDay(new Date(first + i * DAY_MS)));
}
