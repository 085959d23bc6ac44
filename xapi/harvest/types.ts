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
