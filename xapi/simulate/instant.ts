/**
 * An instant (milliseconds since 1970) written as `Date.prototype.toISOString` writes it, for the
 * timestamp of every simulated statement. Statements of one registration mostly fall on one day,
 * so the day's part is made by `Date` once and kept, and the time of day put together from a
 * table of digits: `new Date(ms).toISOString()` was 2% of a simulation's whole time.
 */

const DAY = 86_400_000;
/** Years 1970 to 9999: before or after, `Date` writes the instant (and may use six digits). */
const LAST = 253_402_300_800_000;
const twoDigits = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

let keptDay = Number.NaN;
/** `YYYY-MM-DDT` of `keptDay`. */
let keptDate = '';

export function isoInstant(ms: number): string {
  // `Date` drops a fraction of a millisecond (TimeClip), as this does.
  const at = Math.trunc(ms);
  if (!(at >= 0 && at < LAST)) return new Date(at).toISOString();
  const day = Math.floor(at / DAY);
  if (day !== keptDay) {
    keptDate = new Date(day * DAY).toISOString().slice(0, 11);
    keptDay = day;
  }
  let rest = at - day * DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${keptDate}${twoDigits[hours]!}:${twoDigits[minutes]!}:${twoDigits[seconds]!}.${threeDigits[rest - seconds * 1000]!}Z`;
}
