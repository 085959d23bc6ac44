import type { z } from 'zod';
import type { ConceptView } from '../../../common/concepts';
import type { parentProfileSchema } from '../../../common/items';

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
}

/** A noun as a title: 'statement template' reads 'Statement Template'. */
export const titleCase = (noun: string) => noun.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

/** A noun opening a sentence: 'statement template' reads 'Statement template'. */
export const capitalized = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);
