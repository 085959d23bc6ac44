import type { z } from 'zod';
import type { ConceptView } from '../../../common/concepts';
import type { parentProfileSchema } from '../../../common/items';
import type { FieldValues } from '../EditConflict';

/** The profile that defines an item (a concept, template or pattern), and its working group. */
export type ParentProfile = z.infer<typeof parentProfileSchema>;

/** Who deprecated an item, when, why, and where to read more; null while it is not. */
export type Deprecation = ConceptView['concept']['deprecation'];

/** The item a dialog acts on, in the version on screen. */
export interface ItemTarget {
  profileId: string;
  versionId: string;
  itemId: string;
  name: string;
  /** The revision of the item the screen shows: a change to it is based on that one. */
  revision: string;
  /** The item as the screen shows it ({@link itemFields}), to set beside a later save of it. */
  fields: FieldValues;
}

/** What the fields of an item a conflict compares are read from. */
export interface ComparedItem {
  name: string;
  description: string;
  status: string;
  deprecation: Deprecation;
  /** The item as the profile document carries it. */
  content: Record<string, unknown>;
}

/** Content keys the fields of {@link itemFields} show already, or that no edit changes. */
const SHOWN_APART = new Set(['id', 'type', 'inScheme', 'prefLabel', 'definition', 'deprecated']);

/**
 * An item's fields as a conflict sets them side by side: its name, description, status and
 * deprecation, then the rest of what the profile document carries of it (a template's verb and
 * rules, a pattern's sequence, a concept's extensions…), by key.
 */
export const itemFields = (item: ComparedItem): FieldValues => ({
  name: item.name,
  description: item.description,
  status: item.status,
  deprecated: item.deprecation?.reason ?? '',
  ...Object.fromEntries(Object.entries(item.content).filter(([key]) => !SHOWN_APART.has(key))),
});

/** A noun as a title: 'statement template' reads 'Statement Template'. */
export const titleCase = (noun: string) => noun.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

/** A noun opening a sentence: 'statement template' reads 'Statement template'. */
export const capitalized = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);
