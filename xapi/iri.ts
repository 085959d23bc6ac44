/**
 * RFC 3987 syntax for absolute IRIs, with what to fix when one is broken. A profile's IRIs end up
 * in RDF (Turtle, N-Quads), whose parsers refuse what RFC 3987 refuses; an IRI that passes here is
 * one they accept. Bidirectional formatting characters are refused too (RFC 3987 §4.1): they make
 * an IRI display as something it is not.
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const HEX = /^[0-9A-Fa-f]{2}$/;
// ASCII an IRI may hold outside percent escapes: unreserved, sub-delims and the gen-delims
// (brackets only around an IP literal host, checked separately).
const ASCII_ALLOWED = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]$/;
/** ASCII_ALLOWED by code point, read once per character instead of a match per character. */
const ASCII_ALLOWED_BY_CODE = Uint8Array.from({ length: 0x80 }, (_, cp) =>
  ASCII_ALLOWED.test(String.fromCharCode(cp)) ? 1 : 0,
);
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e]);
const isBidi = (cp: number) => BIDI.has(cp) || (cp >= 0x2066 && cp <= 0x2069);

/** RFC 3987 `ucschar`: the non-ASCII characters allowed anywhere in an IRI. */
function isUcschar(cp: number): boolean {
  if (cp >= 0xa0 && cp <= 0xd7ff) return true;
  if (cp >= 0xf900 && cp <= 0xfdcf) return true;
  if (cp >= 0xfdf0 && cp <= 0xffef) return true;
  if (cp >= 0xe1000 && cp <= 0xefffd) return true;
  // %x10000-1FFFD / … / %xD0000-DFFFD: every plane but the last two FFFE/FFFF code points.
  return cp >= 0x10000 && cp <= 0xdffff && (cp & 0xffff) <= 0xfffd;
}

/** RFC 3987 `iprivate`: private-use characters, allowed in the query only. */
function isIprivate(cp: number): boolean {
  return (
    (cp >= 0xe000 && cp <= 0xf8ff) ||
    (cp >= 0xf0000 && cp <= 0xffffd) ||
    (cp >= 0x100000 && cp <= 0x10fffd)
  );
}

const hex = (cp: number) => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');

/** The percent-encoded UTF-8 of one character, e.g. "%1B"; lone surrogates have none. */
function percentEncoded(ch: string): string | undefined {
  try {
    return encodeURIComponent(ch);
  } catch {
    return undefined;
  }
}

/**
 * The longest IRI this project takes: 2,000 characters of its URI form (RFC 3987 §3.1), where a
 * non-ASCII character counts as its percent-encoded UTF-8 ("é" is "%C3%A9", six characters).
 * Real IRIs are a few hundred characters at most. The bound keeps every IRI storable under a
 * unique index (whose entries cannot exceed about 2,700 bytes) and dereferenceable: percent-
 * encoded once more in `/api/iri/…`, it stays within the 16 KB a server reads of a request's head.
 */
export const IRI_MAX_LENGTH = 2000;

/** The length of `value`'s URI form, counted no further than one past {@link IRI_MAX_LENGTH}. */
export function uriFormLength(value: string): number {
  let length = 0;
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    length += cp < 0x80 ? 1 : cp < 0x800 ? 6 : cp < 0x10000 ? 9 : 12;
    if (length > IRI_MAX_LENGTH) return length;
  }
  return length;
}

/** Why `value` is too long to be an IRI here, or undefined; cheap on any input. */
export function iriLengthProblem(value: string): string | undefined {
  // A UTF-16 unit is at most nine characters of the URI form (a BMP character beyond U+07FF, as
  // three percent-encoded bytes): a string this short is within the limit without being read.
  if (value.length * 9 <= IRI_MAX_LENGTH) return undefined;
  // The URI form is never shorter than the UTF-16 length, so a long string is refused unread.
  const length = value.length > IRI_MAX_LENGTH ? value.length : uriFormLength(value);
  if (length <= IRI_MAX_LENGTH) return undefined;
  const counted =
    value.length > IRI_MAX_LENGTH
      ? `${value.length.toLocaleString('en')} characters`
      : 'over 2,000 characters in its URI form';
  return `it is ${counted} long, over the limit of ${IRI_MAX_LENGTH.toLocaleString('en')} (a non-ASCII character counts as its percent-encoded UTF-8, "é" as six); shorten it`;
}

/**
 * What makes `value` not an absolute IRI per RFC 3987, as a sentence fragment that says what to
 * fix (e.g. `it has the control character U+001B at character 20; remove it`), or undefined
 * when it is one. Positions count characters from 1. An IRI longer than {@link IRI_MAX_LENGTH}
 * is refused before it is read.
 */
export function iriProblem(value: string): string | undefined {
  if (value === '') return 'it is empty; write an absolute IRI such as "https://example.org/..."';
  const tooLong = iriLengthProblem(value);
  if (tooLong) return tooLong;
  if (!SCHEME.test(value))
    return 'it does not start with a scheme such as "https:"; write an absolute IRI such as "https://example.org/..."';
  // Walked by code point, without an array of characters or a text per character: every IRI of
  // a profile being checked comes through here (thousands in a large one), nearly all passing.
  let position = 0;
  let inQuery = false;
  let inFragment = false;
  for (let i = 0; i < value.length;) {
    const cp = value.codePointAt(i)!;
    const ch = cp < 0x80 ? value[i]! : String.fromCodePoint(cp);
    i += ch.length;
    position += 1;
    if (ch === '%') {
      const escape = codePointsFrom(value, i, 2);
      if (!HEX.test(escape)) {
        const shown = `%${escape}`;
        return `it has "${shown}" ${atCharacter(position)}, which is not a percent escape: "%" must be followed by two hexadecimal digits (write a literal "%" as "%25")`;
      }
      continue;
    }
    if (ch === '#') {
      if (inFragment)
        return `it has a second "#" ${atCharacter(position)}; a fragment cannot contain "#", write it as "%23"`;
      inFragment = true;
      continue;
    }
    if (ch === '?' && !inFragment) inQuery = true;
    if (cp < 0x80) {
      if (ASCII_ALLOWED_BY_CODE[cp]) continue;
      if (cp < 0x20 || cp === 0x7f)
        return `it has the control character ${hex(cp)} ${atCharacter(position)}; remove it`;
      if (ch === ' ')
        return `it has a space ${atCharacter(position)}; remove it or write it as "%20"`;
      return `it has ${JSON.stringify(ch)} ${atCharacter(position)}, which IRIs may not contain; write it as "${percentEncoded(ch)}"`;
    }
    if (cp >= 0x80 && cp <= 0x9f)
      return `it has the control character ${hex(cp)} ${atCharacter(position)}; remove it`;
    if (cp >= 0xd800 && cp <= 0xdfff)
      return `it has a lone surrogate ${hex(cp)} ${atCharacter(position)}, which is not a character; remove it`;
    if (isBidi(cp))
      return `it has the bidirectional formatting character ${hex(cp)} ${atCharacter(position)}, which makes the IRI display differently from what it is; remove it`;
    if (/\s/u.test(ch))
      return `it has the space character ${hex(cp)} ${atCharacter(position)}; remove it`;
    if (isUcschar(cp) || (inQuery && !inFragment && isIprivate(cp))) continue;
    const encoded = percentEncoded(ch);
    return `it has the character ${hex(cp)} ${atCharacter(position)}, which IRIs may not contain${encoded ? `; write it as "${encoded}"` : '; remove it'}`;
  }
  return authorityProblem(value);
}

const atCharacter = (position: number) => `at character ${position}`;

/** The next `count` characters (code points, as positions count them) of `value` from `index`. */
function codePointsFrom(value: string, index: number, count: number): string {
  let end = index;
  for (let n = 0; n < count && end < value.length; n++)
    end += value.codePointAt(end)! > 0xffff ? 2 : 1;
  return value.slice(index, end);
}

/** Brackets belong only around an IP literal host, and a port is digits. */
function authorityProblem(value: string): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(value);
  const rest = m ? value.slice(m[0].length) : value.slice(value.indexOf(':') + 1);
  const authority = m?.[1] ?? '';
  const userEnd = authority.lastIndexOf('@') + 1;
  if (/[[\]]/.test(rest) || /[[\]]/.test(authority.slice(0, userEnd)))
    return 'it has "[" or "]" outside an IP literal host; write them as "%5B" and "%5D"';
  if (!m) return undefined;
  const hostPort = authority.slice(userEnd);
  const literal = /^\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+)\]/i.exec(
    hostPort,
  );
  const afterHost = literal ? hostPort.slice(literal[0].length) : hostPort.replace(/^[^:]*/, '');
  if (/[[\]]/.test(literal ? afterHost : hostPort))
    return 'its host has "[" or "]" but is not an IP literal such as "[2001:db8::1]"';
  if (afterHost !== '' && !/^:\d*$/.test(afterHost))
    return `its port "${afterHost.slice(1)}" is not a number; write the port as digits after ":"`;
  return undefined;
}

/** An absolute IRI per RFC 3987. */
export function isRfc3987Iri(value: unknown): value is string {
  return typeof value === 'string' && iriProblem(value) === undefined;
}
