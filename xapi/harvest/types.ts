import { IRI_MAX_LENGTH } from '../iri.js';

/**
 * The concept types a statement can use, extensions by where they sit in the statement. Kept
 * apart from the harvest itself so the web app can name them without loading the statement check.
 */
export const HARVESTED_TYPES = [
  'Verb',
  'Activity',
  'ActivityType',
  'AttachmentUsageType',
  'ActivityExtension',
  'ContextExtension',
  'ResultExtension',
] as const;
export type HarvestedType = (typeof HARVESTED_TYPES)[number];

/**
 * What one statement and one file may bring to a queue. A statement past a bound is skipped
 * with the bound named; a file naming more distinct concepts than `conceptsMax` is refused whole.
 * Together they bound what a file costs to harvest, to keep and to show: real statements stay
 * far inside them. Kept here, beside the types, so the web app can state them.
 */
export const HARVEST_LIMITS = {
  /** Characters of one verb display, activity name or description, in one language. */
  textMax: 1_000,
  /** Languages of one such map. */
  languagesMax: 20,
  /** Keys of one extensions map. */
  extensionsMax: 100,
  /** Characters of an IRI a harvested concept is known by: the IRI limit of the whole project. */
  iriMax: IRI_MAX_LENGTH,
  /** Distinct concepts one file may bring. */
  conceptsMax: 1_000,
} as const;
