import {
  HARVEST_CONCEPT_TYPES,
  IMPORT_FILE_PATTERN,
  IMPORT_MAX_FILE_BYTES,
  type HarvestCandidate,
  type HarvestConceptType,
  type MatchState,
} from '../../../common/harvest';
import { EXTENSION_TYPES, type ConceptType } from '../../../common/concepts';
import type { ConceptPrefill } from '../../lib/concept-prefill';

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A size in bytes, KB, MB or GB, each unit 1024 of the one before. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${UNITS[unit]}`;
}

export const wrongTypeMessage = (name: string) =>
  `“${name}” cannot be imported: choose a file whose name ends in .json or .jsonld.`;
export const tooLargeMessage = (name: string, bytes: number) =>
  `“${name}” is ${formatFileSize(bytes)}; the largest file that can be imported is ${formatFileSize(IMPORT_MAX_FILE_BYTES)}.`;

/** Why a chosen file is not sent at all, or null when it may be. */
export function refusalOf(file: { name: string; size: number }): string | null {
  if (!IMPORT_FILE_PATTERN.test(file.name)) return wrongTypeMessage(file.name);
  if (file.size > IMPORT_MAX_FILE_BYTES) return tooLargeMessage(file.name, file.size);
  return null;
}

/** The alert of a failed import: the file and why, ending with what to do next. */
export const harvestErrorMessage = (fileName: string, error: string) =>
  `“${fileName}” was not imported: ${error.replace(/[.:]?\s*$/, '.')}`;

/** Under the alert's text and its list of problems. */
export const HARVEST_ERROR_DISMISS = 'Dismiss this message to import a file again.';

/** The heading of the list of every problem found in a refused file. */
export const problemsHeading = (count: number) =>
  count === 1 ? 'The problem found:' : `All ${count} problems found:`;

/** Section headings of the queue, one per type a statement can use. */
export const HARVEST_TYPE_LABELS: Record<HarvestConceptType, string> = {
  Verb: 'Verbs',
  Activity: 'Activities',
  ActivityType: 'Activity Types',
  AttachmentUsageType: 'Attachment Usage Types',
  ActivityExtension: 'Activity Extensions',
  ContextExtension: 'Context Extensions',
  ResultExtension: 'Result Extensions',
};

export const MATCH_LABELS: Record<MatchState, string> = {
  yes: 'Match found',
  inProfile: 'In profile',
  partial: 'Partial match',
  parentless: 'Unknown',
  deprecated: 'Deprecated',
  no: 'No match found',
};

export const MATCH_COLORS: Record<MatchState, string> = {
  yes: 'green',
  inProfile: 'blue',
  partial: 'yellow',
  parentless: 'gray',
  deprecated: 'red',
  no: 'orange',
};

/** The candidates of a file by type, in the order of {@link HARVEST_CONCEPT_TYPES}. */
export function groupByType(
  candidates: readonly HarvestCandidate[],
): Array<{ type: HarvestConceptType; candidates: HarvestCandidate[] }> {
  return HARVEST_CONCEPT_TYPES.map((type) => ({
    type,
    candidates: candidates.filter((c) => c.type === type),
  })).filter((group) => group.candidates.length > 0);
}

/** The text of a language map a person reads first: English, else any. */
export function preferredText(map: Readonly<Record<string, string>>): string {
  const english = Object.keys(map).find((lang) => /^en(-|$)/i.test(lang));
  return (english === undefined ? Object.values(map)[0] : map[english]) ?? '';
}

/** A candidate's name: what the statements call it, else its IRI. */
export const candidateName = (candidate: HarvestCandidate) =>
  preferredText(candidate.name) || candidate.iri;

type ExtensionType = (typeof EXTENSION_TYPES)[number];
const isExtensionType = (type: HarvestConceptType): type is ExtensionType =>
  (EXTENSION_TYPES as readonly string[]).includes(type);

/** The kind of concept a harvested type is created as: every extension is an Extension. */
export function conceptTypeOfHarvested(type: HarvestConceptType): ConceptType {
  return isExtensionType(type) ? 'Extension' : type;
}

/** What the create-concept form starts with for a candidate nobody has defined yet. */
export function prefillOf(candidate: HarvestCandidate): ConceptPrefill {
  const { type } = candidate;
  return {
    iri: candidate.iri,
    name: preferredText(candidate.name),
    description: preferredText(candidate.description),
    ...(isExtensionType(type) ? { type } : {}),
    ...(candidate.activityType !== null ? { activityType: candidate.activityType } : {}),
  };
}
