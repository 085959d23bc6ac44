/**
 * Which language a page is written in, and which language each field is read in. A profile may
 * give some fields in several languages and others in one: each field falls back on its own, so a
 * French page shows an English definition where no French one exists, marked with its language.
 */
import type { LanguageMap } from '../model/types.js';

/** A value of a language map, with the language it was read in. */
export interface Localized {
  text: string;
  lang: string;
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0]!;

/**
 * The text of `map` in the first language of `preferences` it has: the same tag, else the same
 * primary language (`fr` for `fr-CA` and back), then English, then the map's first entry.
 */
export function pick(
  map: LanguageMap | undefined,
  preferences: readonly string[],
): Localized | undefined {
  if (!map) return undefined;
  const entries = Object.entries(map).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  if (entries.length === 0) return undefined;
  for (const wanted of [...preferences, 'en']) {
    const exact = entries.find(([tag]) => tag.toLowerCase() === wanted.toLowerCase());
    if (exact) return { text: exact[1], lang: exact[0] };
    const near = entries.find(([tag]) => primary(tag) === primary(wanted));
    if (near) return { text: near[1], lang: near[0] };
  }
  const [lang, text] = entries[0]!;
  return { text, lang };
}

/** Every entry of a language map in a stable order: the chosen language first, then by tag. */
export function allLanguages(
  map: LanguageMap | undefined,
  preferences: readonly string[],
): Localized[] {
  if (!map) return [];
  const first = pick(map, preferences);
  return Object.entries(map)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([lang, text]) => ({ lang, text }))
    .sort((a, b) =>
      a.lang === first?.lang ? -1 : b.lang === first?.lang ? 1 : a.lang.localeCompare(b.lang),
    );
}

const TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/** A language tag as a page may name it, or undefined for anything else. */
export function languageTag(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= 35 && TAG.test(trimmed) ? trimmed : undefined;
}

/**
 * The languages of an `Accept-Language` header, best first (weights read, `*` and malformed
 * entries left out, at most 20 considered so a long header costs little).
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked: { tag: string; q: number; order: number }[] = [];
  header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .forEach((part, order) => {
      const [rawTag, ...params] = part.split(';');
      const tag = languageTag(rawTag);
      if (!tag) return;
      let q = 1;
      for (const param of params) {
        const [name, value] = param.split('=').map((s) => s.trim());
        if (name === 'q') q = Number(value);
      }
      if (Number.isFinite(q) && q > 0 && q <= 1) ranked.push({ tag, q, order });
    });
  return ranked.sort((a, b) => b.q - a.q || a.order - b.order).map((r) => r.tag);
}

/**
 * The page's language among those the profile uses: the reader's explicit choice when the profile
 * has it, else the first of the accepted languages it has (by primary language too), else
 * English when the profile uses it, else its first language.
 */
export function chooseLanguage(
  available: readonly string[],
  choice: { explicit?: string | undefined; accepted?: readonly string[] },
): string {
  const match = (wanted: string) =>
    available.find((tag) => tag.toLowerCase() === wanted.toLowerCase()) ??
    available.find((tag) => primary(tag) === primary(wanted));
  const explicit = languageTag(choice.explicit);
  if (explicit) {
    const found = match(explicit);
    if (found) return found;
  }
  for (const wanted of choice.accepted ?? []) {
    const found = match(wanted);
    if (found) return found;
  }
  return match('en') ?? available[0] ?? 'en';
}
