/**
 * Lexical checks for the value types the spec's tables use. They are deliberately syntactic: a
 * validator running in the browser on every keystroke cannot dereference anything.
 */
import { REGISTERED_SUBTYPES } from './media-types.js';

// RFC 3987 absolute IRI, loosely: a scheme, a colon, and no characters IRIs forbid.
const iriPattern = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]+$/;

export function isIri(value: unknown): value is string {
  return typeof value === 'string' && iriPattern.test(value);
}

/** isIri() for text already known to be a string, e.g. an object key. */
export function isIriText(value: string): boolean {
  return iriPattern.test(value);
}

/** A URL here is an absolute IRI with a network location, which is what readers can follow. */
export function isUrl(value: unknown): value is string {
  return isIri(value) && /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/.test(value);
}

const timestampPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/i;

/** ISO 8601 date-time in the RFC 3339 profile, with real ranges for each field. */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = timestampPattern.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s, , , oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s) <= 60 &&
    (oh === undefined || (Number(oh) <= 23 && Number(om) <= 59))
  );
}

// BCP 47 language tag (RFC 5646 grammar, without checking registry membership).
const languageTagPattern =
  /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[\da-wyz](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?|x(?:-[a-z\d]{1,8})+|i-[a-z]{3,8}|en-gb-oed)$/i;

export function isLanguageTag(value: string): boolean {
  return languageTagPattern.test(value);
}

const token = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const mediaTypePattern = new RegExp(
  `^(${token})/(${token})(\\s*;\\s*${token}=(?:${token}|"(?:[^"\\\\]|\\\\.)*"))*$`,
);

/** RFC 2045/2046 registered top-level types, plus `font` (RFC 8081) which is now standard. */
const topLevelTypes = new Set([
  'application',
  'audio',
  'example',
  'font',
  'image',
  'message',
  'model',
  'multipart',
  'text',
  'video',
]);

let registered: Map<string, Set<string>> | undefined;

/** Whether IANA registers `type/subtype` in the standards tree (both lower case). */
function isRegistered(type: string, subtype: string): boolean {
  registered ??= new Map(
    Object.entries(REGISTERED_SUBTYPES).map(([top, subtypes]) => [
      top,
      new Set(subtypes.split(' ')),
    ]),
  );
  return registered.get(type)?.has(subtype) ?? false;
}

/**
 * What is wrong with a media type: its syntax (RFC 2045), a top-level type no RFC registers, or
 * a subtype of the standards tree IANA does not register. The unregistered trees (`x.` of
 * RFC 6838 and the older `x-`, for private types) and the vendor and personal trees (`vnd.`,
 * `prs.`, which their owners register, many never) are not looked up.
 */
export function mediaTypeProblem(
  value: string,
): 'syntax' | 'top-level' | 'unregistered' | undefined {
  const m = mediaTypePattern.exec(value);
  if (!m) return 'syntax';
  const type = m[1]!.toLowerCase();
  const subtype = m[2]!.toLowerCase();
  if (!topLevelTypes.has(type)) return 'top-level';
  // The unregistered trees, and the vendor and personal ones, which their owners register.
  if (/^(x[.-]|vnd\.|prs\.)/.test(subtype)) return undefined;
  if (!isRegistered(type, subtype)) return 'unregistered';
  return undefined;
}
