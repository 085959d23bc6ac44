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
export { compareVersions, readVersionNumber, suggestVersion } from './compare.js';
export type { ChangelogInput } from './markdown.js';
export { renderChangelog } from './markdown.js';
