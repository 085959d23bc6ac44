import type { JsonValue } from '../json.js';

/**
 * What a change means for statement producers (LRPs, content tools):
 * - `breaking`: statements that were valid may now be refused (a rule tightened, a determining
 *   property changed, a required presence added, an item removed or moved to another IRI);
 * - `additive`: something new may be used, nothing used before stops working (new items, looser
 *   rules, new languages, deprecation notices);
 * - `editorial`: wording only (labels, definitions, scope notes, relations between concepts).
 */
export type ChangeImpact = 'breaking' | 'additive' | 'editorial';

export type ItemKind = 'concept' | 'template' | 'pattern';

/** What happened to an item as a whole. */
export type ItemChangeKind =
  'added' | 'removed' | 'renamed' | 'deprecated' | 'undeprecated' | 'changed';

/** One field of an item (or of the profile's metadata) that differs between the two versions. */
export interface FieldChange {
  /** A stable path, e.g. `prefLabel.fr`, `broader`, `rules[$.result.score].presence`. */
  field: string;
  /** What changed, in a sentence a reader of release notes understands. */
  description: string;
  impact: ChangeImpact;
  /** The older value; absent when the field was added. */
  before?: JsonValue;
  /** The newer value; absent when the field was removed. */
  after?: JsonValue;
}

export interface ItemChange {
  kind: ItemKind;
  /** The item's IRI in the newer version (the older one for a removed item). */
  id: string;
  /** For a likely rename: the IRI the same content had in the older version. */
  previousId?: string;
  /** The concept type, `StatementTemplate` or `Pattern`. */
  type: string;
  /** The item's label (English when there is one). */
  label: string;
  change: ItemChangeKind;
  /** The strongest impact of its field changes (or of the item change itself). */
  impact: ChangeImpact;
  fields: FieldChange[];
}

/** Where the specification expects a new IRI (or a deprecation) rather than the change made. */
export interface ChangeWarning {
  /** The item's IRI, or the profile's for a profile-wide warning. */
  id: string;
  message: string;
}

export interface VersionBump {
  /** The older version's number as read (`1.0.2`), or null when none could be read. */
  from: string | null;
  /** Which part moves: MODEL (breaking), REVISION (existing items changed), ADDITION (only new items). */
  part: 'MODEL' | 'REVISION' | 'ADDITION' | 'NONE';
  /** The suggested number, or null without a number to start from. */
  next: string | null;
  reason: string;
}

export interface ChangeCounts {
  added: number;
  removed: number;
  renamed: number;
  deprecated: number;
  undeprecated: number;
  changed: number;
}

export interface ChangeSet {
  from: { id: string | null; version: string | null; label: string };
  to: { id: string | null; version: string | null; label: string };
  /** The strongest impact of all changes, or `none` when the versions have the same content. */
  impact: ChangeImpact | 'none';
  /** Changes to the profile's own metadata (name, definition, seeAlso, author). */
  profile: FieldChange[];
  items: ItemChange[];
  counts: {
    byImpact: Record<ChangeImpact, number>;
    concept: ChangeCounts;
    template: ChangeCounts;
    pattern: ChangeCounts;
  };
  suggestedVersion: VersionBump;
  warnings: ChangeWarning[];
}

export interface CompareOptions {
  /** The older version's number (`1.0.2`, or `3` on a server that counts versions); read from the document's version IRI when absent. */
  fromVersion?: string | undefined;
  toVersion?: string | undefined;
  /**
   * The IRIs of items some published version carried, when the older side is a draft: removing
   * one of the others breaks nothing and asks for no deprecation. Absent: every item counts as
   * published (two published versions).
   */
  published?: ReadonlySet<string> | undefined;
}
