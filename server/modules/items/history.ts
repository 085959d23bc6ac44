import type { HistoryEntry, ItemHistory, ItemRevision } from '../../../common/history';
import { canonical, compareItems, type ItemChange } from '../../../xapi/index';
import type { Db } from '../../db/client';
import type { ItemRow } from '../../db/schema';
import { findRevision, listRevisions, type RevisionRow } from '../item-store/history';
import { notFound } from '../errors';
import { findItem, isListedByPublished } from '../item-store/listing';

type Kind = ItemRow['kind'];

/** Who reads a history: members of the item's group see its draft revisions too. */
export interface HistoryReader {
  /** A member of the group that owns the item. */
  member: boolean;
  /** Signed in: who saved each revision is shown. */
  signedIn: boolean;
}

const versionOf = (row: RevisionRow) =>
  row.versionId && row.versionNumber !== null && row.versionState
    ? { uuid: row.versionId, version: row.versionNumber, state: row.versionState }
    : null;

/** Whether a revision changes nothing of its item but the version it names (a carried copy). */
function sameAs(a: RevisionRow, b: RevisionRow): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    canonical(a.extras) === canonical(b.extras) &&
    canonical({ ...a.content, inScheme: null }) === canonical({ ...b.content, inScheme: null })
  );
}

function changeOf(
  previous: RevisionRow | undefined,
  row: RevisionRow,
  compared: ItemChange | null,
): HistoryEntry['change'] {
  if (!previous) return 'created';
  if (row.restoredFromId) return 'restored';
  if (compared?.change === 'deprecated' || compared?.change === 'undeprecated')
    return compared.change;
  return 'changed';
}

/**
 * The history of an item, newest first: each revision the reader may see, with what changed
 * since the one before it that they may see. A revision that only names another version than
 * the one before (the copy a new draft makes of what it carries) is no step of its own.
 */
export async function itemHistory(
  db: Db,
  kind: Kind,
  itemId: string,
  reader: HistoryReader,
  listedHere: string | null,
): Promise<HistoryEntry[]> {
  const rows = await listRevisions(db, itemId, reader.member);
  const entries: HistoryEntry[] = [];
  let previous: RevisionRow | undefined;
  for (const row of rows) {
    if (previous && !row.restoredFromId && sameAs(previous, row)) {
      // The copy stands for the step it copies where this version lists it.
      if (row.id === listedHere) {
        const last = entries[entries.length - 1];
        if (last) last.current = true;
      }
      continue;
    }
    const compared = previous ? compareItems(kind, previous.content, row.content) : null;
    entries.push({
      revision: row.id,
      savedAt: row.savedAt.toISOString(),
      savedBy: reader.signedIn ? row.savedByEmail : null,
      version: versionOf(row),
      name: row.name,
      change: changeOf(previous, row, compared),
      restoredFrom: row.restoredFromId,
      impact: compared?.impact ?? null,
      fields: compared?.fields ?? nameChange(previous, row),
      current: row.id === listedHere,
    });
    previous = row;
  }
  return entries.reverse();
}

/** A name change the document form does not carry (an item without a label): the name itself. */
function nameChange(previous: RevisionRow | undefined, row: RevisionRow) {
  if (!previous || previous.name === row.name) return [];
  return [
    {
      field: 'name',
      description: `Renames it from “${previous.name}” to “${row.name}”.`,
      impact: 'editorial' as const,
      before: previous.name,
      after: row.name,
    },
  ];
}

/** One revision the reader may see, or 404. */
export async function visibleRevision(
  db: Db,
  itemId: string,
  revisionId: string,
  reader: HistoryReader,
): Promise<RevisionRow> {
  const row = await findRevision(db, itemId, revisionId);
  if (!row || (!reader.member && !row.published)) throw notFound('No such revision of this item.');
  return row;
}

export function presentRevision(row: RevisionRow, reader: HistoryReader): ItemRevision {
  return {
    success: true,
    revision: {
      uuid: row.id,
      name: row.name,
      type: row.type,
      savedAt: row.savedAt.toISOString(),
      savedBy: reader.signedIn ? row.savedByEmail : null,
      version: versionOf(row),
      content: row.content,
    },
  };
}

/** What changed from one revision to another, by the Compare screen's rules. */
export function compareRevisions(kind: Kind, from: RevisionRow, to: RevisionRow) {
  const compared = compareItems(kind, from.content, to.content);
  return {
    success: true as const,
    from: from.id,
    to: to.id,
    impact: compared?.impact ?? null,
    fields: compared?.fields ?? nameChange(from, to),
  };
}

/**
 * The revisions of an item a restore would refuse once a published version lists it: those whose
 * content differs from `current` in what `fixed` says can no longer change (a deprecation aside,
 * as a restore leaves it).
 */
export async function revisionsFixedApart(
  db: Db,
  itemId: string,
  member: boolean,
  fixed: (content: Record<string, unknown>) => string,
  current: Record<string, unknown>,
): Promise<string[]> {
  const now = fixed(current);
  const rows = await listRevisions(db, itemId, member);
  return rows
    .filter(({ content: { deprecated: _deprecated, ...content } }) => fixed(content) !== now)
    .map((row) => row.id);
}

export type { ItemHistory };

/**
 * The public history of an item for the API: the revisions published versions list, for an item
 * a published version lists and nobody deleted; anything else is not found.
 */
export async function publishedHistory(db: Db, itemId: string) {
  const row = await findItem(db, itemId);
  if (!row || row.item.deletedAt || !(await isListedByPublished(db, itemId)))
    throw notFound('No such item.');
  const history = await itemHistory(
    db,
    row.item.kind,
    itemId,
    { member: false, signedIn: false },
    null,
  );
  return {
    success: true as const,
    item: { uuid: row.item.id, iri: row.item.iri, kind: row.item.kind },
    history,
  };
}
