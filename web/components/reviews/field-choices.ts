import type { FieldPath } from '../../../common/reviews';

/** A part of an item a discussion can be about, by its path in the item's content. */
export interface FieldChoice {
  label: string;
  path: FieldPath;
}

/** Language maps: a discussion is about the text in one language. */
const LANGUAGE_FIELDS: Record<string, string> = { prefLabel: 'Name', definition: 'Definition' };

/** Single values and lists of a template or pattern that a discussion can be about as a whole. */
const WHOLE_FIELDS: Record<string, string> = {
  verb: 'Verb',
  objectActivityType: 'Object activity type',
  sequence: 'Sequence',
  alternates: 'Alternates',
  optional: 'Optional part',
  oneOrMore: 'One-or-more part',
  zeroOrMore: 'Zero-or-more part',
};

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

function languageName(tag: string): string {
  try {
    return languageNames?.of(tag) ?? tag;
  } catch {
    // Not a well-formed tag: shown as it is written.
    return tag;
  }
}

/** How a field path reads, whether or not the item still has that field. */
export function fieldLabel(path: FieldPath): string {
  const [key = '', sub] = path;
  if (LANGUAGE_FIELDS[key] && sub !== undefined && path.length === 2)
    return `${LANGUAGE_FIELDS[key]} (${languageName(sub)})`;
  if (key === 'rules' && sub !== undefined && /^\d+$/.test(sub) && path.length === 2)
    return `Rule ${Number(sub) + 1}`;
  if (WHOLE_FIELDS[key] && path.length === 1) return WHOLE_FIELDS[key];
  return path.join(' › ');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields a discussion of an item can be about when its content is not at hand. */
export const ITEM_FIELDS: FieldChoice[] = [
  { label: fieldLabel(['prefLabel', 'en']), path: ['prefLabel', 'en'] },
  { label: fieldLabel(['definition', 'en']), path: ['definition', 'en'] },
];

/**
 * The fields of this item a discussion can be about: its name and definition in each language
 * it has, each rule of a template (with the location it checks), a template's verb and object
 * type, and a pattern's components.
 */
export function itemFieldChoices(content: Record<string, unknown>): FieldChoice[] {
  const choices: FieldChoice[] = [];
  for (const key of Object.keys(LANGUAGE_FIELDS)) {
    const map = content[key];
    if (!isRecord(map)) continue;
    for (const language of Object.keys(map))
      choices.push({ label: fieldLabel([key, language]), path: [key, language] });
  }
  for (const key of ['verb', 'objectActivityType'])
    if (content[key] !== undefined) choices.push({ label: fieldLabel([key]), path: [key] });
  const rules = content.rules;
  if (Array.isArray(rules))
    rules.forEach((rule: unknown, index) => {
      const path = ['rules', String(index)];
      const location = isRecord(rule) && typeof rule.location === 'string' ? rule.location : null;
      choices.push({ label: `${fieldLabel(path)}${location ? `: ${location}` : ''}`, path });
    });
  for (const key of ['sequence', 'alternates', 'optional', 'oneOrMore', 'zeroOrMore'])
    if (content[key] !== undefined) choices.push({ label: fieldLabel([key]), path: [key] });
  return choices.length > 0 ? choices : ITEM_FIELDS;
}
