export type {
  ChangeCounts,
  ChangeImpact,
  ChangeSet,
  ChangeWarning,
  CompareOptions,
  FieldChange,
  ItemChange,
  ItemChangeKind,
  ItemKind,
  VersionBump,
} from './types.js';
export {
  canonical,
  compareItems,
  compareVersions,
  compareVersionsSteps,
  readVersionNumber,
  suggestVersion,
} from './compare.js';
export type { ChangelogInput } from './markdown.js';
export { renderChangelog } from './markdown.js';
