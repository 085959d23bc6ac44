import type { ItemChangeKind, ItemKind, VersionBump } from './types.js';

/**
 * The words a changelog uses, on the screens and in the Markdown changelog alike: one table each,
 * so what a person reads on the comparison screen is what the downloaded changelog says.
 */

/** The document resource kinds of a Document concept. */
export const DOCUMENT_TYPE_LABELS = {
  StateResource: 'State Resource',
  AgentProfileResource: 'Agent Profile Resource',
  ActivityProfileResource: 'Activity Profile Resource',
} as const;

/** The extension kinds of an Extension concept. */
export const EXTENSION_TYPE_LABELS = {
  ContextExtension: 'Context Extension',
  ResultExtension: 'Result Extension',
  ActivityExtension: 'Activity Extension',
} as const;

const TYPE_LABELS: Record<string, string> = {
  ...DOCUMENT_TYPE_LABELS,
  ...EXTENSION_TYPE_LABELS,
  StatementTemplate: 'Statement Template',
  Pattern: 'Pattern',
  Verb: 'Verb',
  ActivityType: 'Activity Type',
  AttachmentUsageType: 'Attachment Usage Type',
  Activity: 'Activity',
  Profile: 'Profile',
};

/**
 * A type name of the specification (`StatementTemplate`, `AgentProfileResource`, `Verb` …) in
 * words; a name it does not know is split at its capitals.
 */
export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** Each part of a version number (model.revision.addition) in words. */
export const VERSION_PARTS: Record<VersionBump['part'], string> = {
  MODEL: 'a new first number: producers must change',
  REVISION: 'a new middle number: existing items changed without breaking',
  ADDITION: 'a new last number: only new items',
  NONE: 'the same number: nothing changed',
};

/** What happened to an item as a whole. */
export const CHANGE_LABELS: Record<ItemChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  renamed: 'Moved to a new IRI',
  deprecated: 'Deprecated',
  undeprecated: 'No longer deprecated',
  changed: 'Changed',
};

/** The heading of each kind's changes. */
export const KIND_HEADINGS: Record<ItemKind, string> = {
  concept: 'Concepts',
  template: 'Statement templates',
  pattern: 'Patterns',
};
