/**
 * The match state of a harvested concept against what the server holds, by exact IRI only.
 * Decided whenever a queue is read or a candidate added, never stored: the server changes.
 */
import { MATCH_ALERTS, type HarvestCandidate, type MatchState } from '../../../common/harvest';
import type { HarvestedConcept } from '../../../xapi/index';
import type { MatchRow } from './repo';

type Json = Record<string, unknown>;
type Existing = NonNullable<HarvestCandidate['match']['existing']>;
type Difference = HarvestCandidate['match']['differences'][number];

/** The version whose queue is read: whose listing counts as "in profile". */
export interface MatchPlace {
  profileId: string;
  organizationId: string;
  versionId: string;
}

const ITEM_SEGMENTS: Record<string, string> = {
  concept: 'concepts',
  template: 'templates',
  pattern: 'patterns',
};

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function languageMap(value: unknown): Record<string, string> {
  if (!isJson(value)) return {};
  const out: Record<string, string> = {};
  for (const [language, text] of Object.entries(value))
    if (typeof text === 'string') out[language] = text;
  return out;
}

/** Name, description and activity type as a stored concept's content has them. */
function storedLabels(content: Json) {
  const definition = isJson(content.activityDefinition) ? content.activityDefinition : null;
  return {
    name: languageMap(definition ? definition.name : content.prefLabel),
    description: languageMap(definition ? definition.description : content.definition),
    activityType: definition && typeof definition.type === 'string' ? definition.type : null,
  };
}

/** Texts of a language both maps have that differ (surrounding white space aside). */
function languageDifferences(
  field: string,
  statements: Record<string, string>,
  server: Record<string, string>,
): Difference[] {
  const out: Difference[] = [];
  for (const [language, text] of Object.entries(statements)) {
    const stored = server[language];
    if (stored !== undefined && stored.trim() !== text.trim())
      out.push({ field: `${field}.${language}`, statements: text, server: stored });
  }
  return out;
}

/** What differs between the statements' concept and the stored item with its IRI. */
export function differencesOf(concept: HarvestedConcept, row: MatchRow): Difference[] {
  if (row.item.kind !== 'concept' || row.item.type !== concept.type)
    return [{ field: 'type', statements: concept.type, server: row.item.type }];
  const stored = storedLabels(row.item.content);
  const out = languageDifferences('prefLabel', concept.name, stored.name);
  if (concept.type === 'Activity') {
    out.push(...languageDifferences('definition', concept.description, stored.description));
    if (concept.activityType && stored.activityType && concept.activityType !== stored.activityType)
      out.push({
        field: 'activityType',
        statements: concept.activityType,
        server: stored.activityType,
      });
  }
  return out;
}

/**
 * Whether a member of the place's group may see the item at all: listed by a published version,
 * of their own profile (deleted ones too, as Deleted Items shows them), or an orphan, which
 * anyone signed in may see and claim. Anything else sits only in another group's drafts.
 */
function visibleAt(row: MatchRow, place: MatchPlace): boolean {
  return (
    row.listedPublicly || row.item.profileId === place.profileId || row.item.profileId === null
  );
}

/** Where the site shows the item: its public page, or the version's own page for a draft item. */
function pathOf(row: MatchRow, place: MatchPlace): string | null {
  const segment = ITEM_SEGMENTS[row.item.kind];
  if (!segment || !row.profile || row.item.deletedAt) return null;
  if (row.listedPublicly) return `/profile/${row.profile.id}/${segment}/${row.item.id}`;
  if (row.inVersion)
    return `/organization/${place.organizationId}/profile/${place.profileId}/version/${place.versionId}/${segment}/${row.item.id}`;
  return null;
}

function existingOf(row: MatchRow, place: MatchPlace): Existing {
  return {
    id: row.item.id,
    type: row.item.type,
    iri: row.item.iri,
    name: row.item.name,
    prefLabel: storedLabels(row.item.content).name,
    deprecated: row.item.deprecated,
    profile: row.profile ? { id: row.profile.id, name: row.profileName ?? '' } : null,
    path: pathOf(row, place),
  };
}

function stateOf(row: MatchRow, differences: Difference[]): MatchState {
  if (row.inVersion) return 'inProfile';
  // A deleted item keeps its IRI but can be neither linked nor created again.
  if (row.item.profileId === null || row.item.deletedAt) return 'parentless';
  if (row.item.deprecated) return 'deprecated';
  if (differences.length > 0) return 'partial';
  return 'yes';
}

/** Each harvested concept with its match state at the place, from the rows its IRIs found. */
export function decideMatches(
  concepts: HarvestedConcept[],
  rows: MatchRow[],
  place: MatchPlace,
): HarvestCandidate[] {
  const byIri = new Map(rows.map((row) => [row.item.iri, row]));
  return concepts.map((concept) => {
    const row = byIri.get(concept.iri);
    let state: MatchState = 'no';
    let existing: Existing | null = null;
    let differences: Difference[] = [];
    if (row && !visibleAt(row, place)) {
      // Something this group may not see (another group's draft or deleted item) reads as
      // nothing at all, so the queue tells no one what exists where they cannot look. Adding it
      // is refused as any taken IRI is, without saying by what.
    } else if (row) {
      differences = differencesOf(concept, row);
      state = stateOf(row, differences);
      existing = existingOf(row, place);
      if (state !== 'partial') differences = [];
    }
    return {
      key: concept.key,
      type: concept.type,
      iri: concept.iri,
      name: concept.name,
      description: concept.description,
      activityType: concept.activityType,
      statementCount: concept.statementCount,
      match: { state, alert: MATCH_ALERTS[state], existing, differences },
    };
  });
}
